/**
 * Precision benchmark: `npm run bench -- precision [--json] [--keep DIR] [--reuse DIR] [--replay DIR] [--dwell S] [--no-build] [--verbose]`.
 *
 * Is what Engram keeps worth keeping? A scripted working day of our own (test/fixtures/precision-day:
 * 24 pages — mail, a message, a calendar, a bank statement, a map route, a recipe, docs, a pull
 * request, a code editor, a terminal, a file manager, a chat, a spreadsheet, a wiki runbook, a team
 * directory, an issue, news, a booking, an API-key console, meeting notes, a PDF, a blog, contacts,
 * a pull-request list) is shown in Chromium on a private Xvfb display while `engram capture --watch`
 * captures it (the real pipeline: OCR, redaction, brain, offline), then three small conversations go
 * in through `engram add --file` (the CLI's import of chat messages; `engram import` reads only
 * Engram's own exports, which bypass the brain). Everything written is read back through the CLI
 * (`engram export --include-secrets`, `engram entities --json`) and scored against key.json, written
 * by hand from the pages, apart from the rules (see precision-score.ts for how a memory matches).
 *
 * Prints per-kind precision and recall (semantic, procedural, resource, knowledge vault), entity type
 * accuracy, entities named by a UI label or a page title, and the worst offenders; --json prints one
 * JSON object. `--replay DIR` runs today's rules over the observations a `--keep DIR` run stored
 * (precision-replay.ts): a rule change measured on the same OCR text, with the conversations added
 * again; the vault misses the secrets capture's redactor handed over. Targets (issue 35): precision >= 90% for the four kinds, resource recall >= 90%, entity
 * type accuracy >= 90%, no entity named by a UI label or a page title.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { cliInProcess } from './in-process-cli.js';
import { KINDS, PrecisionKeySchema, ScoredEntitySchema, ScoredMemorySchema, scoreEntities, scoreKind, type KindScore } from './precision-score.js';
import { replayDay } from './precision-replay.js';
import { captureScreenDay } from './screen-day.js';
import { BenchTargets } from './targets.js';
import { JSON_OUT, flag, log, opt } from './bench-args.js';

const root = resolve(import.meta.dirname, '..', '..');
const fixtures = join(root, 'test', 'fixtures', 'precision-day');
process.on('SIGINT', () => process.exit(130));

/** One command in this process; a failure stops the bench with its first lines. */
async function cli(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; out: string; err: string }> {
  const r = await cliInProcess(args, env);
  if (r.code !== 0) throw new Error(`engram ${args[0]} exited ${r.code}: ${r.err.trim().slice(0, 300)}`);
  return r;
}

/** The day's imported conversations, through `engram add --file` (the brain reads them as chat). */
async function addConversations(env: NodeJS.ProcessEnv): Promise<void> {
  const convDir = join(fixtures, 'conversations');
  for (const f of readdirSync(convDir).filter((x) => x.endsWith('.json')).sort()) {
    await cli(['add', '--file', join(convDir, f), '--thread', f.replace(/\.json$/, ''), '--json'], env);
    log(`  added conversation ${f}`);
  }
}

const pct = (x: number | null) => (x === null ? '   -' : `${(x * 100).toFixed(0).padStart(3)}%`);

async function main(): Promise<void> {
  const key = PrecisionKeySchema.parse(JSON.parse(readFileSync(join(fixtures, 'key.json'), 'utf8')));
  const reuse = opt('reuse');
  const replay = opt('replay');
  const base = reuse ? resolve(reuse) : opt('keep') ? resolve(opt('keep')!) : null;
  const dataDir = base ?? mkdtempSync(join(tmpdir(), 'precision-day-'));
  mkdirSync(dataDir, { recursive: true });
  const keyFile = join(dataDir, 'bench.key');
  let masterKey = reuse ? readFileSync(keyFile, 'utf8').trim() : randomBytes(32).toString('hex');
  if (replay) {
    const t0 = Date.now();
    const r = await replayDay(resolve(replay), dataDir, 'UTC');
    masterKey = r.key;
    log(`replayed ${r.observations} observations of ${replay} through today's rules in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  } else if (!reuse) writeFileSync(keyFile, masterKey, { mode: 0o600 });
  const env: NodeJS.ProcessEnv = { ...process.env, ENGRAM_DATA_DIR: dataDir, ENGRAM_KEY: masterKey, ENGRAM_TZ: 'UTC' };
  delete env.ANTHROPIC_API_KEY;
  const pagesDir = join(fixtures, 'pages');
  const titles = readdirSync(pagesDir).filter((f) => f.endsWith('.html')).map((f) => /<title>([^<]*)<\/title>/.exec(readFileSync(join(pagesDir, f), 'utf8'))?.[1] ?? '').map((t) => t.replace(/&amp;/g, '&'));

  if (replay) await addConversations(env);
  else if (!reuse) {
    if (!flag('no-build')) {
      log('building dist/ (npm run build:node: tsc and the engram bundle) so capture starts fast …');
      const b = spawnSync('npm', ['run', '--silent', 'build:node'], { cwd: root, stdio: 'inherit' });
      if (b.status !== 0) throw new Error('build failed');
    }
    const t0 = Date.now();
    log(`capturing ${titles.length} pages into ${dataDir} …`);
    await captureScreenDay(pagesDir, env, { dwellS: Number(opt('dwell') ?? '8'), log, verbose: flag('verbose') && !JSON_OUT });
    log(`  captured in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    await addConversations(env);
  }

  const exportFile = join(mkdtempSync(join(tmpdir(), 'precision-export-')), 'export.json');
  await cli(['export', '--format', 'json', '--include-secrets', '--out', exportFile], env);
  const exported = z.object({ memories: z.array(ScoredMemorySchema) }).passthrough().parse(JSON.parse(readFileSync(exportFile, 'utf8')));
  rmSync(exportFile, { force: true });
  const entities = z.array(ScoredEntitySchema).parse(JSON.parse((await cli(['entities', '--json', '--limit', '500'], env)).out));

  const kinds = Object.fromEntries(KINDS.map((k) => [k, scoreKind(k, exported.memories, key)])) as Record<(typeof KINDS)[number], KindScore>;
  const ent = scoreEntities(entities, key, titles);

  log('');
  log('kind             kept  precise  precision  recall (required found)');
  for (const k of KINDS) {
    const s = kinds[k];
    log(`${k.padEnd(16)} ${String(s.kept).padStart(4)}  ${String(s.precise).padStart(7)}  ${pct(s.precision).padStart(9)}  ${pct(s.recall)} (${s.found}/${s.required})`);
  }
  log(`entities: ${ent.total} written, ${ent.keyed} in the key, type accuracy ${pct(ent.type_accuracy)} (${ent.type_correct}/${ent.keyed}), required found ${ent.found}/${ent.required}, ${ent.noise.length} named by a UI label or page title, ${ent.unkeyed.length} not in the key`);
  log('');
  log('worst offenders:');
  for (const k of KINDS) for (const o of kinds[k].offenders) log(`  ${k}: "${o.title.slice(0, 90)}" — ${o.why}`);
  for (const n of ent.noise) log(`  entity: "${n.name}" (${n.kind}) — ${n.why}`);
  for (const w of ent.wrong_type) log(`  entity: "${w.name}" is ${w.kind}, should be ${w.want.join(' or ')}`);
  if (flag('verbose') || !JSON_OUT) {
    for (const u of ent.unkeyed) log(`  entity not in the key: "${u.name}" (${u.kind})`);
    for (const k of KINDS) if (kinds[k].missing.length) log(`  ${k} missing: ${kinds[k].missing.join(', ')}`);
    if (ent.missing.length) log(`  entities missing: ${ent.missing.join(', ')}`);
  }

  const t = new BenchTargets('precision');
  for (const k of KINDS) t.check(`${k} precision >= 90%`, (kinds[k].precision ?? 0) >= 0.9, `${kinds[k].precise}/${kinds[k].kept}`);
  t.check('resource recall >= 90%', (kinds.resource.recall ?? 0) >= 0.9, `${kinds.resource.found}/${kinds.resource.required}`);
  t.check('entity type accuracy >= 90%', (ent.type_accuracy ?? 0) >= 0.9, `${ent.type_correct}/${ent.keyed}`);
  t.check('no entity named by a UI label or a page title', ent.noise.length === 0, ent.noise.map((n) => n.name).join(', '));
  if (JSON_OUT) console.log(JSON.stringify({ kinds, entities: ent, data_dir: base }));
  t.finish({ json: JSON_OUT });
  if (!base) rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err: unknown) => {
  console.error(`precision: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 2;
});

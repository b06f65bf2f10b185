/**
 * Screen-day QA benchmark: `npm run bench -- screenqa [--json] [--keep DIR] [--reuse DIR] [--dwell S] [--only N,N]`.
 *
 * A scripted working day (test/fixtures/screenqa/pages: 24 pages of our own, work and personal,
 * light and dark) is shown page after page in Chromium app windows on a private Xvfb display while
 * the product's own CLI captures (`engram capture --watch`, a child process: OCR, redaction,
 * privacy gate, brain). Then the questions of test/fixtures/screenqa/questions.json are asked
 * through the CLI's own entry (`engram ask --json --offline`, runCli in this process: same code,
 * without a process start per question), and scored on what the user sees: the answer, and the
 * answer plus the retrieved text. Privacy questions score when nothing forbidden comes back; every
 * output (and `engram search --json` for the privacy questions) is scanned for the day's secrets and
 * for text of the excluded (private) window.
 *
 * Prints a per-category table and one JSON line {hit, answer_only, by_category, privacy_leaks};
 * exits 1 when a target is missed: hit >= 95% and answer >= 85% of the questions (38/40 and 34/40
 * as in issue 15), no leak. Needs Xvfb, openbox, xdotool and chromium; builds dist/ first
 * (`npx tsc -p tsconfig.json`) unless --no-build. --reuse DIR skips the capture and asks again on a
 * kept data dir (the key is read from DIR/bench.key).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { runCli } from '../../electron/hosts/cli/main.js';

const root = resolve(import.meta.dirname, '..', '..');
const fixtures = join(root, 'test', 'fixtures', 'screenqa');
const argv = process.argv.slice(2);
const flag = (n: string) => argv.includes(`--${n}`);
const opt = (n: string): string | undefined => {
  const i = argv.indexOf(`--${n}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const JSON_OUT = flag('json');
const DWELL_S = Number(opt('dwell') ?? '9');
const log = (s: string) => (JSON_OUT ? process.stderr.write(`${s}\n`) : console.log(s));

const Question = z.object({
  q: z.string().min(1),
  category: z.enum(['temporal', 'event', 'fact', 'procedure', 'resource', 'contact', 'privacy']),
  /** Every entry must be found; "a|b" means either. */
  expect: z.array(z.string().min(1)).default([]),
  /** Must not be found anywhere in what comes back. */
  forbid: z.array(z.string().min(1)).default([]),
});
const Questions = z.object({
  /** Strings that must never appear in any output: secrets on screen, the excluded window's text. */
  secrets: z.array(z.string().min(1)),
  questions: z.array(Question).min(40),
});
type Question = z.infer<typeof Question>;

const AskJson = z.object({
  answer: z.string(),
  retrieved: z.array(z.object({ title: z.string(), text: z.string(), passages: z.array(z.object({ text: z.string() })).optional() }).passthrough()),
});

const children: ChildProcess[] = [];
const cleanup = () => {
  for (const c of children) if (c.pid && c.exitCode === null) try { process.kill(-c.pid, 'SIGKILL'); } catch { /* gone */ }
};
process.on('exit', cleanup);
process.on('SIGINT', () => process.exit(130));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ');
const found = (hay: string, want: string) => want.split('|').some((alt) => norm(hay).includes(norm(alt)));

async function cli(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(args, { stdout: (t) => void (out += t), stderr: (t) => void (err += t), isTty: false, stdin: Readable.from([]) }, env);
  return { code, out, err };
}

async function captureDay(dataDir: string, env: NodeJS.ProcessEnv): Promise<{ shown: { page: string; at: number }[] }> {
  const { startDisplay } = (await import(pathToFileURL(join(root, 'scripts', 'xvfb.mjs')).href)) as { startDisplay: (o: { width: number; height: number }) => Promise<{ display: string; stop(): void }> };
  const x = await startDisplay({ width: 1280, height: 800 });
  const xenv = { ...env, DISPLAY: x.display };
  const shown: { page: string; at: number }[] = [];
  try {
    const cap = spawn(process.execPath, [join(root, 'bin', 'engram.js'), 'capture', '--watch', '--interval', '2'], { env: xenv, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    children.push(cap);
    let capLog = '';
    cap.stdout!.on('data', (d: Buffer) => (capLog += d.toString()));
    cap.stderr!.on('data', (d: Buffer) => (capLog += d.toString()));
    await sleep(4000);
    const pages = readdirSync(join(fixtures, 'pages')).filter((f) => f.endsWith('.html')).sort();
    const profile = mkdtempSync(join(tmpdir(), 'screenqa-chromium-'));
    for (const page of pages) {
      const file = join(fixtures, 'pages', page);
      const title = /<title>([^<]*)<\/title>/.exec(readFileSync(file, 'utf8'))?.[1] ?? page;
      const c = spawn(
        'chromium',
        ['--no-sandbox', '--test-type', '--no-first-run', '--disable-gpu', '--disable-extensions', '--password-store=basic', `--user-data-dir=${profile}`,
          '--window-position=0,0', '--window-size=1280,800', `--app=file://${file}`],
        { env: xenv, stdio: 'ignore', detached: true },
      );
      children.push(c);
      // The window is up once its title shows (HTML entities aside, the first words are enough).
      const probe = title.replace(/&[a-z]+;/g, ' ').split(/\s+/).slice(0, 2).join(' ').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      spawnSync('xdotool', ['search', '--sync', '--onlyvisible', '--name', probe], { env: xenv, timeout: 30_000 });
      shown.push({ page, at: Date.now() });
      log(`  showing ${page}`);
      await sleep(DWELL_S * 1000);
      try { process.kill(-c.pid!, 'SIGTERM'); } catch { /* gone */ }
      await sleep(1500);
    }
    rmSync(profile, { recursive: true, force: true });
    // Let OCR catch up, then stop capture: the brain flushes what it buffered.
    await sleep(15_000);
    try { process.kill(-cap.pid!, 'SIGINT'); } catch { /* gone */ }
    const stopped = await Promise.race([new Promise((r) => cap.once('exit', () => r(true))), sleep(120_000).then(() => false)]);
    if (!stopped) log('  capture did not stop within 2 minutes; killed');
    if (!JSON_OUT && flag('verbose')) log(capLog.slice(-3000));
  } finally {
    x.stop();
  }
  return { shown };
}

interface Scored {
  q: Question;
  hit: boolean;
  answerOnly: boolean;
  leaks: string[];
  answer: string;
}

async function main(): Promise<void> {
  const spec = Questions.parse(JSON.parse(readFileSync(join(fixtures, 'questions.json'), 'utf8')));
  const reuse = opt('reuse');
  const dataDir = reuse ? resolve(reuse) : opt('keep') ? resolve(opt('keep')!) : mkdtempSync(join(tmpdir(), 'screenqa-'));
  mkdirSync(dataDir, { recursive: true });
  const keyFile = join(dataDir, 'bench.key');
  const key = reuse ? readFileSync(keyFile, 'utf8').trim() : randomBytes(32).toString('hex');
  if (!reuse) writeFileSync(keyFile, key, { mode: 0o600 });
  const env: NodeJS.ProcessEnv = { ...process.env, ENGRAM_DATA_DIR: dataDir, ENGRAM_KEY: key, ENGRAM_TZ: 'UTC' };
  delete env.ANTHROPIC_API_KEY;

  if (!reuse) {
    if (!flag('no-build')) {
      log('building dist/ (npx tsc -p tsconfig.json) so capture starts fast …');
      const b = spawnSync('npx', ['tsc', '-p', 'tsconfig.json'], { cwd: root, stdio: 'inherit' });
      if (b.status !== 0) throw new Error('build failed');
    }
    log(`capturing the day into ${dataDir} (${DWELL_S}s per page) …`);
    const t0 = Date.now();
    await captureDay(dataDir, env);
    log(`  captured in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  }
  const stats = await cli(['stats', '--json'], env);
  log(`store: ${stats.out.trim().slice(0, 400)}`);

  const only = opt('only')?.split(',').map(Number);
  const scored: Scored[] = [];
  const outputs: string[] = [];
  for (const [i, q] of spec.questions.entries()) {
    if (only && !only.includes(i + 1)) continue;
    const r = await cli(['ask', '--json', '--offline', q.q], env);
    let answer = '';
    let seen = '';
    const parsed = AskJson.safeParse(JSON.parse(r.out || '{}'));
    if (parsed.success) {
      answer = parsed.data.answer;
      seen = [answer, ...parsed.data.retrieved.flatMap((x) => [x.title, x.text, ...(x.passages ?? []).map((p) => p.text)])].join('\n');
    } else {
      answer = `(ask failed: ${r.err.trim().slice(0, 200)})`;
    }
    outputs.push(r.out, r.err);
    if (q.category === 'privacy') {
      const s = await cli(['search', '--json', q.q], env);
      outputs.push(s.out, s.err);
    }
    const forbidden = [...q.forbid, ...spec.secrets];
    const leaks = forbidden.filter((f) => found(`${r.out}\n${r.err}`, f));
    const want = (text: string) => q.expect.every((e) => found(text, e)) && !q.forbid.some((f) => found(text, f));
    const s: Scored = { q, hit: want(seen) && leaks.length === 0, answerOnly: want(answer) && leaks.length === 0, leaks, answer };
    scored.push(s);
    log(`${String(i + 1).padStart(2)} ${s.answerOnly ? 'A' : s.hit ? 'R' : '-'} [${q.category}] ${q.q}`);
    if (!s.answerOnly && (flag('verbose') || flag('misses'))) log(`     expected ${JSON.stringify(q.expect)}; answer: ${answer.replace(/\n/g, ' ⏎ ').slice(0, 500)}`);
  }

  const all = outputs.join('\n');
  const privacyLeaks = spec.secrets.filter((s) => found(all, s));
  const cats = [...new Set(scored.map((s) => s.q.category))];
  const byCategory = Object.fromEntries(
    cats.map((c) => {
      const l = scored.filter((s) => s.q.category === c);
      return [c, { n: l.length, hit: l.filter((s) => s.hit).length, answer_only: l.filter((s) => s.answerOnly).length }];
    }),
  );
  const n = scored.length;
  const hit = scored.filter((s) => s.hit).length;
  const answerOnly = scored.filter((s) => s.answerOnly).length;
  log('');
  log('category    n   hit  answer');
  for (const c of cats) {
    const b = byCategory[c]!;
    log(`${c.padEnd(10)} ${String(b.n).padStart(2)}   ${String(b.hit).padStart(3)}  ${String(b.answer_only).padStart(6)}`);
  }
  log(`${'total'.padEnd(10)} ${String(n).padStart(2)}   ${String(hit).padStart(3)}  ${String(answerOnly).padStart(6)}`);
  log(`privacy leaks: ${privacyLeaks.length ? privacyLeaks.join(', ') : 'none'}`);
  const result = { n, hit, answer_only: answerOnly, by_category: byCategory, privacy_leaks: privacyLeaks.length, data_dir: reuse || opt('keep') ? dataDir : null };
  console.log(JSON.stringify(result));
  if (!reuse && !opt('keep')) rmSync(dataDir, { recursive: true, force: true });
  const targetHit = Math.ceil(n * 0.95);
  const targetAnswer = Math.ceil(n * 0.85);
  const ok = only ? true : hit >= targetHit && answerOnly >= targetAnswer && privacyLeaks.length === 0;
  if (!ok) log(`targets missed: hit ${hit}/${n} (need ${targetHit}), answer ${answerOnly}/${n} (need ${targetAnswer}), leaks ${privacyLeaks.length}`);
  process.exitCode = ok ? 0 : 1;
}

main().catch((err: unknown) => {
  console.error(`screenqa: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 2;
});

#!/usr/bin/env node
// A recorded CLI session, to prove a refactor of the hosts changes no output: every `engram
// COMMAND --help`, then init/remember/search/ask/chat/export/import/backup/stats and their refusals
// on a fresh temp data dir, offline (no embedder, no model key). Ids, times, sizes and the temp
// paths are replaced by placeholders, so two runs of the same code give the same file.
//   node scripts/cli-transcript.mjs OUT.txt          (then: diff before.txt after.txt)
// Runs bin/engram.js: dist/ when built, else the sources through tsx.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const out = process.argv[2];
if (!out) {
  console.error('usage: node scripts/cli-transcript.mjs OUT.txt  |  --normalize IN OUT (re-mask an older recording)');
  process.exit(2);
}
const BIN = join(process.cwd(), 'bin', 'engram.js');
const root = mkdtempSync(join(tmpdir(), 'engram-transcript-'));
const home = join(root, 'home');
const dir = join(root, 'data');
const other = join(root, 'other');
const env = {
  PATH: process.env.PATH,
  HOME: home,
  ENGRAM_KEY_DIR: join(root, 'keys'),
  // No embedder: whether a fresh memory's vector is indexed before the next command searches depends on timing.
  ENGRAM_EMBEDDER: 'none',
  ENGRAM_TZ: 'UTC',
  TZ: 'UTC',
  LANG: 'C.UTF-8',
};

function run(args, stdin) {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [BIN, ...args], { env, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) =>
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr }),
    );
    child.stdin.end(stdin ?? '');
  });
}

function normalize(text) {
  return text
    .split(root)
    .join('<TMP>')
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '<ISO>')
    .replace(/engram-\d{8}-\d{6}/g, 'engram-<STAMP>')
    .replace(/\b(mem|thr|msg|turn|obs|frm|prov|ent|fact)_[A-Za-z0-9-]+/g, '$1_<ID>')
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g, '<UUID>')
    .replace(/\b[0-9A-HJKMNP-TV-Z]{26}\b/g, '<ULID>')
    .replace(/"(took_ms|bytes|size_bytes|db_bytes|frames_bytes|total_bytes|audio_bytes)":\d+/g, '"$1":<N>')
    // Epoch-millisecond times (the graph's first_seen, created_at, … in an export).
    .replace(/"(first_seen|last_seen|created_at|updated_at|occurred_at|ended_at)":\d{12,}/g, '"$1":<MS>')
    .replace(/\d+(\.\d+)? (MB|KB|kB|B|s)\b/g, '<N> $2')
    .replace(/\b\d{1,2}:\d\d\b/g, '<HH:MM>')
    // Scores fade with a memory's age (seconds here), so they are not the same from run to run.
    .replace(/"(score|usage_weight)":-?[\d.e-]+/g, '"$1":<S>')
    .replace(/^\d+\.\d{3}(?= {2})/gm, '<S>');
}

if (out === '--normalize') {
  writeFileSync(process.argv[4], normalize(readFileSync(process.argv[3], 'utf8')));
  rmSync(root, { recursive: true, force: true });
  process.exit(0);
}

const lines = [];
async function step(label, args, stdin) {
  const r = await run(args, stdin);
  lines.push(`$ ${label}`, `[exit ${r.code}]`, '--- stdout', normalize(r.stdout), '--- stderr', normalize(r.stderr), '');
  return r;
}

const main = await run(['--help']);
const names = [...main.stdout.matchAll(/^ {2}([a-z-]+) {2,}/gm)].map((m) => m[1]);
await step('engram --help', ['--help']);
await step('engram (no command)', []);
await step('engram nope', ['nope']);
for (const name of names) await step(`engram ${name} --help`, [name, '--help']);

const d = ['--data-dir', dir];
const conv = join(root, 'conv.json');
writeFileSync(
  conv,
  JSON.stringify([
    { role: 'user', content: 'Deploy failed with EADDRINUSE on port 5173' },
    { role: 'assistant', content: 'Killed the stale vite server; deploy succeeded.' },
  ]),
);
await step('stats (fresh dir)', [...d, 'stats']);
await step('add note', [...d, 'add', '--text', 'The staging VPN profile is called orca-west']);
await step('add note 2', [...d, 'add', '--text', 'Ana Lopez is my manager; we meet every Tuesday about the Q3 deck']);
await step('add conversation --json', [...d, '--json', 'add', '--file', conv]);
await step('search', [...d, 'search', 'VPN profile']);
await step('search --json', [...d, '--json', 'search', 'manager']);
await step('ask', [...d, 'ask', '--offline', 'what is the staging VPN profile called?']);
await step('ask --json', [...d, '--json', 'ask', '--offline', 'who is my manager?']);
await step('ask - (stdin)', [...d, 'ask', '--offline', '-'], 'what port did the deploy fail on?');
await step('ask (empty)', [...d, 'ask', '   ']);
await step('ask (too long)', [...d, 'ask', 'x'.repeat(16_001)]);
await step('ask (unknown thread)', [...d, 'ask', '--thread', 'thr_nope', 'hello']);
await step('chat (pipe)', [...d, 'chat', '--offline'], 'who is Ana?\n/threads\n/title Ana talk\n/new\n/open 1\n/bogus\n/help\n' + 'y'.repeat(16_001) + '\n/quit\n');
await step('chat (unknown thread)', [...d, 'chat', '--thread', 'thr_nope']);
const exp = join(root, 'export.json');
await step('export --out', [...d, 'export', '--out', exp]);
await step('export --out again (exists)', [...d, 'export', '--out', exp]);
await step('export markdown stdout', [...d, 'export', '--format', 'markdown']);
await step('export json stdout --kind', [...d, 'export', '--kind', 'semantic,episodic']);
await step('export --json', [...d, '--json', 'export', '--out', join(root, 'export2.json')]);
await step('export bad kind', [...d, 'export', '--kind', 'nope']);
await step('export bad format', [...d, 'export', '--format', 'csv']);
await step('import --dry-run', ['--data-dir', other, 'import', '--dry-run', exp]);
await step('import', ['--data-dir', other, 'import', exp]);
await step('import again --json', ['--data-dir', other, '--json', 'import', exp]);
await step('import missing', ['--data-dir', other, 'import', join(root, 'missing.json')]);
writeFileSync(join(root, 'bad.json'), '{"not":"an export"}');
await step('import damaged', ['--data-dir', other, 'import', join(root, 'bad.json')]);
await step('import no file', ['--data-dir', other, 'import']);
await step('backup --out', [...d, 'backup', '--out', join(root, 'b1.db')]);
await step('backup --json', [...d, '--json', 'backup', '--out', join(root, 'b2.db')]);
await step('backup exists', [...d, 'backup', '--out', join(root, 'b1.db')]);
await step('stats', [...d, 'stats']);
await step('stats (other)', ['--data-dir', other, 'stats']);

writeFileSync(out, lines.join('\n'));
rmSync(root, { recursive: true, force: true });
console.log(`${out}: ${lines.length} lines`);

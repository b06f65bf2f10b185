#!/usr/bin/env node
// `npm run bench -- NAME [args]`: runs test/bench/NAME.bench.ts with tsx, passing the rest of the
// arguments through. Benchmarks print figures (and one JSON object with --json); they are not tests,
// but each checks its targets (test/bench/targets.ts): a missed target prints MISSED and the
// benchmark exits 1, and so does this script, so a script or CI can rely on the exit code.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const benchDir = join(root, 'test', 'bench');
const available = existsSync(benchDir)
  ? readdirSync(benchDir).filter((f) => f.endsWith('.bench.ts')).map((f) => f.replace(/\.bench\.ts$/, '')).sort()
  : [];
const [name, ...rest] = process.argv.slice(2);
if (!name || name === '--help' || name === '-h') {
  console.log(`usage: npm run bench -- NAME [options]\n\nbenchmarks: ${available.join(', ') || '(none)'}`);
  process.exit(name ? 0 : 2);
}
if (!available.includes(name)) {
  console.error(`bench: unknown benchmark "${name}" (available: ${available.join(', ')})`);
  process.exit(2);
}
// Benchmarks make throw-away data folders; their key files (kept outside the data folder) go to a
// throw-away keys folder too, never into the user's own.
const keyDir = process.env.ENGRAM_KEY_DIR ? null : mkdtempSync(join(tmpdir(), 'engram-bench-keys-'));
const env = keyDir ? { ...process.env, ENGRAM_KEY_DIR: keyDir } : process.env;
const r = spawnSync(process.execPath, ['--import', 'tsx', join(benchDir, `${name}.bench.ts`), ...rest], { stdio: 'inherit', cwd: root, env });
if (keyDir) rmSync(keyDir, { recursive: true, force: true });
if (r.status !== 0) console.error(`bench: ${name} exited ${r.status ?? r.signal}${r.status === 1 ? ' (a target was missed, or it failed)' : ''}`);
process.exit(r.status ?? 1);

#!/usr/bin/env node
// `npm test`: everything the tests need, then the tests. Installs missing system tools (as root on
// Debian), builds (type-checks Node, renderer and test code), lints the layer rules, starts a
// private X display with a window manager, runs vitest, and stops what it started.
// `npm test -- FILES...` runs only those test files (build and lint still run unless --quick).
// Files run in file order. TEST_SHUFFLE=1 (or TEST_SEED=N) runs files and the tests inside them in
// a random order (vitest --sequence.shuffle), so a test that only passes after another is found;
// the seed is printed and TEST_SEED=N replays it. Not the default yet: the whole suite shuffled with
// seed 1889404129 still failed in entity-api, delete-proof, settings-model and brain-quality (tests
// that share one fixture in order), after the files seed 484438819 caught were fixed
// (portability-cli, audio-transcription, cli-core, brain-llm and privacy-windows set up their own
// state; the desktop-main files are one app run each and declare their steps' order).
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureSystemDeps } from './system-deps.mjs';
import { startDisplay } from './xvfb.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const files = args.filter((a) => a !== '--quick');

function step(label, cmd, cmdArgs, env = process.env) {
  const t = Date.now();
  process.stdout.write(`\n▶ ${label}\n`);
  const r = spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit', env });
  if (r.status !== 0) {
    console.error(`✗ ${label} failed (exit ${r.status ?? r.signal})`);
    process.exit(r.status ?? 1);
  }
  process.stdout.write(`✓ ${label} (${((Date.now() - t) / 1000).toFixed(1)} s)\n`);
}

ensureSystemDeps();
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
if (!quick) {
  step('build (tsc + vite)', npm, ['run', '--silent', 'build']);
  step('type-check tests', 'npx', ['tsc', '-p', 'tsconfig.test.json']);
  step('lint (layer rules)', 'npx', ['eslint', '.']);
}
const display = await startDisplay();
let code = 1;
try {
  const env = { ...process.env, DISPLAY: display.display, ENGRAM_TEST: '1' };
  const shuffle = process.env.TEST_SHUFFLE === '1' || process.env.TEST_SEED !== undefined;
  const seed = process.env.TEST_SEED ? Number(process.env.TEST_SEED) : Math.floor(Math.random() * 2 ** 31);
  const order = shuffle ? ['--sequence.shuffle', `--sequence.seed=${seed}`] : [];
  process.stdout.write(`\n▶ vitest on DISPLAY=${display.display}${shuffle ? `, shuffled with seed ${seed} (replay: TEST_SEED=${seed})` : ', in file order'}\n`);
  const r = spawnSync('npx', ['vitest', 'run', ...order, ...files], { cwd: root, stdio: 'inherit', env });
  if (shuffle && r.status !== 0) process.stdout.write(`\nvitest failed with the order of seed ${seed}: TEST_SEED=${seed} npm test replays it\n`);
  code = r.status ?? 1;
} finally {
  display.stop();
}
process.exit(code);

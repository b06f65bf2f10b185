#!/usr/bin/env node
// `npm test`: everything the tests need, then the tests. Installs missing system tools (as root on
// Debian), builds (type-checks Node, renderer and test code), lints the layer rules, starts a
// private X display with a window manager, runs vitest, and stops what it started.
// `npm test -- FILES...` runs only those test files (build and lint still run unless --quick).
// Order: files and the tests inside them run shuffled (vitest --sequence.shuffle), so a test that
// only passes after another fails. By default the seed is DEFAULT_SEED, a draw the whole suite
// passed, so every CI run is the same known order and never file order; TEST_SEED=random draws a
// fresh seed, TEST_SEED=N replays one, TEST_SHUFFLE=0 runs in file order. The seed is printed.
// (The desktop-main files are one app run each and declare their steps' order.)
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureSystemDeps } from './system-deps.mjs';
import { startDisplay } from './xvfb.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const files = args.filter((a) => a !== '--quick');
const DEFAULT_SEED = 20261201;

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

const shuffle = process.env.TEST_SHUFFLE !== '0';
const asked = process.env.TEST_SEED ?? '';
if (asked !== '' && asked !== 'random' && !/^\d+$/.test(asked)) {
  console.error(`TEST_SEED must be a whole number or "random", not "${asked}"`);
  process.exit(2);
}
const seed = asked === 'random' ? Math.floor(Math.random() * 2 ** 31) : asked !== '' ? Number(asked) : DEFAULT_SEED;

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
  const order = shuffle ? ['--sequence.shuffle', `--sequence.seed=${seed}`] : [];
  process.stdout.write(`\n▶ vitest on DISPLAY=${display.display}${shuffle ? `, shuffled with seed ${seed} (replay: TEST_SEED=${seed})` : ', in file order'}\n`);
  const r = spawnSync('npx', ['vitest', 'run', ...order, ...files], { cwd: root, stdio: 'inherit', env });
  if (shuffle && r.status !== 0) process.stdout.write(`\nvitest failed with the order of seed ${seed}: TEST_SEED=${seed} npm test replays it\n`);
  code = r.status ?? 1;
} finally {
  display.stop();
}
process.exit(code);

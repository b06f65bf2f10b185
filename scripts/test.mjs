#!/usr/bin/env node
// `npm test`: everything the tests need, then the tests. Installs missing system tools (as root on
// Debian), builds (type-checks Node, renderer and test code), lints the layer rules, starts a
// private X display with a window manager, runs vitest, and stops what it started.
// The build, the tests' type-check and the lint run side by side (each is one single-threaded
// process), and each file is type-checked once: the Node build checks the sources and writes their
// declarations, then `tsc -b test/tsconfig.json` checks only the tests against them.
// `npm test -- FILES...` runs only those test files (build and lint still run unless --quick).
// Order: files and the tests inside them run shuffled (vitest --sequence.shuffle), so a test that
// only passes after another fails. By default the seed is DEFAULT_SEED, a draw the whole suite
// passed, so every CI run is the same known order and never file order; TEST_SEED=random draws a
// fresh seed, TEST_SEED=N replays one, TEST_SHUFFLE=0 runs in file order. The seed is printed.
// Files start longest first (test/runner/cost-sequencer.ts, by test/runner/file-costs.json) so the
// two workers end together; files of about the same cost start in the seed's order, and the tests
// inside every file are shuffled by it. TEST_ORDER=shuffle starts files in plain seeded order.
// (The desktop-main files are one app run each and declare their steps' order.)
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureSystemDeps } from './system-deps.mjs';
import { startDisplay } from './xvfb.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const files = args.filter((a) => a !== '--quick');
const DEFAULT_SEED = 20261201;

/** Runs one command, its output kept to be printed whole when it ends (steps run side by side). */
function run(cmd, cmdArgs) {
  return new Promise((resolve) => {
    const child = spawn(cmd, cmdArgs, { cwd: root, env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' } });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', (err) => resolve({ code: 1, out: `${out}${err.message}\n` }));
    child.on('close', (code, signal) => resolve({ code: code ?? 1, signal, out }));
  });
}

/** Steps that run side by side; each is a list of commands run one after the other. Exits on a failure, once all ended. */
async function parallelSteps(steps) {
  const t0 = Date.now();
  process.stdout.write(`\n▶ ${steps.map((s) => s.label).join(' | ')} (side by side)\n`);
  const results = await Promise.all(
    steps.map(async ({ label, commands }) => {
      const t = Date.now();
      let out = '';
      for (const [cmd, cmdArgs] of commands) {
        const r = await run(cmd, cmdArgs);
        out += r.out;
        if (r.code !== 0) return { label, ok: false, out, why: `${[cmd, ...cmdArgs].join(' ')} exited ${r.signal ?? r.code}` };
      }
      return { label, ok: true, out, seconds: (Date.now() - t) / 1000 };
    }),
  );
  for (const r of results) {
    if (r.out.trim()) process.stdout.write(`\n── ${r.label}\n${r.out.trimEnd()}\n`);
    if (r.ok) process.stdout.write(`✓ ${r.label} (${r.seconds.toFixed(1)} s)\n`);
    else console.error(`✗ ${r.label} failed (${r.why})`);
  }
  if (results.some((r) => !r.ok)) process.exit(1);
  process.stdout.write(`✓ build, type-check and lint (${((Date.now() - t0) / 1000).toFixed(1)} s)\n`);
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
  await parallelSteps([
    // build:node checks the sources (tsconfig.json) and writes their declarations; the tests are then
    // checked against those (test/tsconfig.json references tsconfig.json, which is up to date).
    { label: 'build Node code + type-check tests', commands: [[npm, ['run', '--silent', 'build:node']], ['npx', ['tsc', '-b', 'test/tsconfig.json']]] },
    { label: 'build window (tsc + vite)', commands: [[npm, ['run', '--silent', 'build:renderer']]] },
    { label: 'lint (layer rules)', commands: [['npx', ['eslint', '.']]] },
  ]);
}
const display = await startDisplay();
let code = 1;
try {
  const env = { ...process.env, DISPLAY: display.display, ENGRAM_TEST: '1' };
  const order = shuffle ? ['--sequence.shuffle', `--sequence.seed=${seed}`] : [];
  const byCost = process.env.TEST_ORDER !== 'shuffle';
  const orderText = shuffle
    ? `, ${byCost ? 'longest files first, the rest' : 'files'} shuffled with seed ${seed} (replay: TEST_SEED=${seed})`
    : `, ${byCost ? 'longest files first, then ' : ''}in file order`;
  process.stdout.write(`\n▶ vitest on DISPLAY=${display.display}${orderText}\n`);
  const r = spawnSync('npx', ['vitest', 'run', ...order, ...files], { cwd: root, stdio: 'inherit', env });
  if (shuffle && r.status !== 0) process.stdout.write(`\nvitest failed with the order of seed ${seed}: TEST_SEED=${seed} npm test replays it\n`);
  code = r.status ?? 1;
} finally {
  display.stop();
}
process.exit(code);

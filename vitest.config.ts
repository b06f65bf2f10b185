import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import CostSequencer from './test/runner/cost-sequencer.js';
import TimingReporter from './test/runner/timing-reporter.js';

const TESTS = ['test/**/*.test.ts', 'test/**/*.test.tsx'];
const UNIT = ['test/unit/**/*.test.ts', 'test/unit/**/*.test.tsx'];
// The Chromium (playwright-core) files; the Electron app's own file starts Electron and stays in forks.
const BROWSER = ['test/e2e/**/!(electron-app).test.ts'];

// Key files live outside the data dirs (agents/store/key-file-path.ts): one temp keys folder for the
// run, inherited by the processes tests start, so no test writes into the real home. The folder made
// here goes when the run ends (a run per helper command left ~800 of them in /tmp in a day); one given
// by the caller's ENGRAM_KEY_DIR is theirs and stays.
const keyDir = process.env.ENGRAM_KEY_DIR ?? ownKeyDir();
function ownKeyDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'engram-test-keys-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

// One runner for unit, integration and browser (playwright-core) tests, two files at a time on 2
// cores. Files that start processes, Electron, X windows or servers run in forks, so a native addon
// crash or a leaked worker cannot take the whole run down; the unit files run in worker threads,
// each file still in a fresh one (isolated), which start and load modules faster than forks
// (21 unit files: 26.6 -> 22.0 s of user CPU, 45.6 -> 25.3 s of idle worker time).
// The browser files run in forks too, but not isolated: files one after another in a worker share
// its imports (the host, the store, playwright: ~6 CPU-s a file) and its one Chromium
// (test/e2e/chromium.ts); each file still gets its own host, data dir and browser contexts.
// Files start longest first (test/runner/cost-sequencer.ts) so both workers end together, a
// non-isolated project's files one after another so a worker passes from one to the next; the
// timing reporter prints how long the workers stood idle.
export default defineConfig({
  test: {
    // No include here: a project that extends this config would add it to its own.
    pool: 'forks',
    // ENGRAM_LOAD_BACKOFF=off: a host capturing in a test reads every frame at once, however busy the machine.
    env: { ENGRAM_KEY_DIR: keyDir, ENGRAM_LOAD_BACKOFF: 'off' },
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits for a state the app reaches on its own (a dry run done, a row shown); its
    // default second is shorter than one engine step takes on this 2-core machine with two files
    // running (a consolidation dry run: ~0.5 s idle, 2.5-3.5 s under load), which turned CI red.
    // The value polled for is unchanged; only how long the wait may last.
    expect: { poll: { timeout: 10_000 } },
    sequence: { sequencer: CostSequencer },
    reporters: ['default', new TimingReporter()],
    projects: [
      { extends: true, test: { name: 'unit', include: UNIT, pool: 'threads' } },
      { extends: true, test: { name: 'browser', include: BROWSER, isolate: false } },
      { extends: true, test: { name: 'forks', include: TESTS, exclude: [...configDefaults.exclude, ...UNIT, ...BROWSER] } },
    ],
  },
});

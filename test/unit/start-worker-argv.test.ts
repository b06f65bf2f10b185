import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { withoutTsx } from '../../agents/runtime/index.js';

/** A built worker must not inherit the dev loader its parent was started with (the embedder's cold start paid ~110 CPU-ms for it). */
describe('a built worker started from a process run under tsx', () => {
  it('inherits every option but tsx', () => {
    expect(withoutTsx(['--import', 'tsx', '--expose-gc'])).toEqual(['--expose-gc']);
    expect(withoutTsx(['--import=tsx', '--max-old-space-size=512'])).toEqual(['--max-old-space-size=512']);
    expect(withoutTsx(['--require', 'tsx/cjs', '--loader', 'file:///x/node_modules/tsx/dist/loader.mjs'])).toEqual([]);
    expect(withoutTsx(['-r', '/x/node_modules/tsx/dist/cjs/index.cjs', '--conditions', 'development'])).toEqual(['--conditions', 'development']);
  });

  it('keeps other preloads, even ones whose names merely contain tsx', () => {
    expect(withoutTsx(['--import', './setup.mjs', '--require', 'tsx-like-tool'])).toEqual(['--import', './setup.mjs', '--require', 'tsx-like-tool']);
    expect(withoutTsx([])).toEqual([]);
  });
});

/**
 * The capture child (`engram serve --capture`, `engram capture --watch`) runs with a V8 flag
 * (--max-semi-space-size=2); Node refuses any V8 flag in a worker's explicit execArgv, so the encoder
 * must still start there (it did not: every search by meaning failed with INTERNAL).
 */
describe('a built worker started from a process run with a V8 flag', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'engram-worker-argv-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(path.join(dir, 'echo.js'), "import { parentPort, workerData } from 'node:worker_threads';\nparentPort.postMessage(`echo ${workerData}`);\n");
  const tsxApi = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const startWorkerTs = pathToFileURL(path.resolve('agents/runtime/start-worker.ts')).href;
  // tsx registered in the script itself, so the child's execArgv holds only what the case gives.
  writeFileSync(
    path.join(dir, 'child.mjs'),
    `const { register } = await import(${JSON.stringify(tsxApi)});\nregister();\nconst { startWorker } = await import(${JSON.stringify(startWorkerTs)});\n` +
      `const w = startWorker(new URL(${JSON.stringify(pathToFileURL(path.join(dir, 'echo.js')).href)}), 'hi');\n` +
      "w.on('message', (m) => { console.log(m); void w.terminate(); });\nw.on('error', (e) => { console.log(`error ${e.code}`); process.exitCode = 1; });\n",
  );
  const run = (flags: string[]) => spawnSync(process.execPath, [...flags, path.join(dir, 'child.mjs')], { encoding: 'utf8', cwd: process.cwd(), timeout: 60_000 });

  it.each([
    ['the capture child', ['--max-semi-space-size=2']],
    ['a bench under tsx with a V8 flag', ['--max-semi-space-size=2', '--import', 'tsx']],
  ])('%s', (_name, flags) => {
    const r = run(flags);
    expect(r.stderr).not.toMatch(/ERR_WORKER_INVALID_EXEC_ARGV/);
    expect(r.stdout.trim()).toBe('echo hi');
  });
});

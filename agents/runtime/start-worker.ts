import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { resolvePackagedPath } from './packaged-path.js';

/**
 * Starts a worker thread from a sibling module given as its compiled `.js` URL. From dist/ the
 * file exists as is; when running from TypeScript sources (vitest, tsx) only the `.ts` exists, so
 * the worker is started on it with the tsx loader. Callers never need to know which.
 */
export function startWorker(jsUrl: URL, workerData?: unknown, options: WorkerOptions = {}): Worker {
  // In a packaged app the entry stays in app.asar (see packaged-path.ts: its imports resolve there).
  const jsPath = resolvePackagedPath(fileURLToPath(jsUrl), 'module');
  if (existsSync(jsPath)) return builtWorker(pathToFileURL(jsPath), workerData, options);
  const tsPath = jsPath.replace(/\.js$/, '.ts');
  if (!existsSync(tsPath)) throw new Error(`worker module not found: ${jsPath}`);
  // `execArgv: ['--import', 'tsx']` does not reach workers on Node 20 (tsx#354: the .ts entry is
  // refused with ERR_UNKNOWN_FILE_EXTENSION), so a tiny bootstrap registers tsx in the worker itself.
  // require.resolve finds the CommonJS build; the worker needs its ES module twin beside it.
  const tsxApi = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const boot = `import(${JSON.stringify(tsxApi)}).then((m) => { m.register(); return import(${JSON.stringify(pathToFileURL(tsPath).href)}); });`;
  return new Worker(boot, { ...options, workerData, eval: true });
}

/**
 * A worker on a built module. It inherits the parent's options as Node passes them on (V8 flags
 * included: the capture child runs with --max-semi-space-size=2, which V8 applies to every isolate)
 * unless tsx must be dropped; a list given explicitly is refused whole if it names any V8 flag
 * (ERR_WORKER_INVALID_EXEC_ARGV: the encoder never started in `engram serve --capture`), and then
 * the worker inherits tsx's loader rather than not starting.
 */
function builtWorker(url: URL, workerData: unknown, options: WorkerOptions): Worker {
  const execArgv = withoutTsx(process.execArgv);
  if (options.execArgv || execArgv.length === process.execArgv.length) return new Worker(url, { ...options, workerData });
  try {
    return new Worker(url, { execArgv, ...options, workerData });
  } catch (err) {
    if ((err as { code?: string }).code !== 'ERR_WORKER_INVALID_EXEC_ARGV') throw err;
    return new Worker(url, { ...options, workerData });
  }
}

/**
 * The parent's execArgv without tsx: a built worker runs as it does in production. A worker
 * inherits execArgv, so one started from dist/ by a process run with `--import tsx` (a bench, a
 * script) set tsx up first, ~110 CPU-ms on the embedder's first query that users never pay.
 */
export function withoutTsx(execArgv: readonly string[]): string[] {
  const tsx = /(^|[\\/])tsx([\\/]|$)/;
  const out: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const arg = execArgv[i]!;
    const flag = /^(--import|--require|-r|--loader|--experimental-loader)(=(.*))?$/.exec(arg);
    if (flag && flag[2] === undefined && tsx.test(execArgv[i + 1] ?? '')) {
      i++;
      continue;
    }
    if (flag && flag[3] !== undefined && tsx.test(flag[3])) continue;
    out.push(arg);
  }
  return out;
}

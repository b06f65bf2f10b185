import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts a worker thread from a sibling module given as its compiled `.js` URL. From dist/ the
 * file exists as is; when running from TypeScript sources (vitest, tsx) only the `.ts` exists, so
 * the worker is started on it with the tsx loader. Callers never need to know which.
 */
export function startWorker(jsUrl: URL, workerData?: unknown, options: WorkerOptions = {}): Worker {
  const jsPath = fileURLToPath(jsUrl);
  if (existsSync(jsPath)) return new Worker(jsUrl, { ...options, workerData });
  const tsPath = jsPath.replace(/\.js$/, '.ts');
  if (!existsSync(tsPath)) throw new Error(`worker module not found: ${jsPath}`);
  return new Worker(pathToFileURL(tsPath), {
    ...options,
    workerData,
    execArgv: [...(options.execArgv ?? []), '--import', 'tsx'],
  });
}

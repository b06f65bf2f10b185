import { createHash } from 'node:crypto';
import { normalize, type Embedder } from './embedder.js';

/**
 * A deterministic, model-free embedder: hashed word and character-trigram features. It needs no
 * CPU to speak of, so tests and benchmarks that measure the store (not the model) use it.
 */
export class HashEmbedder implements Embedder {
  readonly id: string;
  constructor(readonly dimensions = 256) {
    this.id = `hash-${dimensions}`;
  }

  embedOne(text: string): Float32Array {
    const v = new Float32Array(this.dimensions);
    const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
    const add = (feature: string, weight: number) => {
      const h = createHash('md5').update(feature).digest();
      const idx = h.readUInt32LE(0) % this.dimensions;
      v[idx] = v[idx]! + (h[4]! & 1 ? weight : -weight);
    };
    for (const w of words) {
      add(`w:${w}`, 1);
      const padded = `^${w}$`;
      for (let i = 0; i + 3 <= padded.length; i++) add(`t:${padded.slice(i, i + 3)}`, 0.3);
    }
    return normalize(v);
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    return texts.map((t) => this.embedOne(t));
  }
}

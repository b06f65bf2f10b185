import type { Embedder } from '../../agents/store/index.js';

/**
 * An embedder whose idea of meaning is a table: a text matching one of the `meanings` patterns gets
 * that pattern's own axis (so two texts that match the same pattern mean the same), any other text an
 * axis of its own words' hash, away from the table's. For tests of what is done with meaning (which
 * label the answer takes), without loading the real encoder.
 */
export class MeaningTableEmbedder implements Embedder {
  readonly id: string;
  readonly dimensions = 32;
  /** Every text asked for, in order. */
  readonly asked: string[] = [];

  constructor(private readonly meanings: readonly RegExp[]) {
    this.id = `meaning-table-${meanings.length}`;
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    this.asked.push(...texts);
    return texts.map((t) => {
      const v = new Float32Array(this.dimensions);
      const k = this.meanings.findIndex((m) => m.test(t));
      if (k >= 0) v[k] = 1;
      else {
        let h = 0;
        for (const c of t.toLowerCase()) h = (h * 31 + c.charCodeAt(0)) >>> 0;
        v[this.meanings.length + (h % (this.dimensions - this.meanings.length))] = 1;
      }
      return v;
    });
  }
}

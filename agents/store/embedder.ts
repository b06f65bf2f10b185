/**
 * Text → vector seam. The default runs the Universal Sentence Encoder lite offline in a worker;
 * an API embedder or transformers.js can implement the same interface later. Vectors are unit
 * length so cosine similarity is a dot product.
 */
export interface Embedder {
  /** Stable id: changing embedder (or its dimensions) re-embeds every memory. */
  readonly id: string;
  readonly dimensions: number;
  /** Background work (screen passages) may wait behind foreground work (queries, memories). */
  embed(texts: string[], opts?: EmbedOptions): Promise<Float32Array[]>;
  /**
   * True when embedding such texts now would first wait for the model to load (a cold start takes
   * seconds): a caller with a short deadline (a one-shot search) answers without asking, rather than
   * start a load it will not wait for. An embedder that does not say is asked.
   */
  coldFor?(opts?: EmbedOptions): boolean;
  close?(): Promise<void>;
}

export interface EmbedOptions {
  /** Yield to foreground requests: a question or a new memory does not wait behind a page of passages. */
  background?: boolean;
  /** A search query: short, and someone waits for it (an embedder may answer it from a faster path in the same space). */
  query?: boolean;
}

export function normalize(v: Float32Array): Float32Array {
  let sum = 0;
  for (let i = 0; i < v.length; i++) sum += v[i]! * v[i]!;
  const norm = Math.sqrt(sum) || 1;
  for (let i = 0; i < v.length; i++) v[i] = v[i]! / norm;
  return v;
}

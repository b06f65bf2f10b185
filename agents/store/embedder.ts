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

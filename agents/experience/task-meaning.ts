import type { Embedder } from '../store/index.js';

/**
 * How close two task descriptions are in meaning: the cosine of their embeddings (the store's own
 * embedder), so "authentication is slow at peak" finds the record kept for "login page times out
 * under load" though they share no word. Task texts repeat (every outcome of a task is a row), so
 * vectors are kept per embedder and text for the life of the process, a bounded number of them.
 */
export class TaskMeaning {
  private static readonly caches = new Map<string, Map<string, Float32Array>>();
  private static readonly MAX_CACHED = 5000;
  private readonly cache: Map<string, Float32Array>;

  constructor(private readonly embedder: Embedder) {
    let c = TaskMeaning.caches.get(embedder.id);
    if (!c) TaskMeaning.caches.set(embedder.id, (c = new Map()));
    this.cache = c;
  }

  /** Cosine similarity of `query` to each of `tasks` (same order), in one call to the embedder for the texts not seen before. */
  async similarities(query: string, tasks: string[]): Promise<number[]> {
    const here = new Map<string, Float32Array>();
    for (const t of [query, ...tasks]) {
      const v = this.cache.get(t);
      if (v) here.set(t, v);
    }
    const missing = [...new Set([query, ...tasks])].filter((t) => !here.has(t));
    if (missing.length) {
      const vectors = await this.embedder.embed(missing);
      missing.forEach((t, i) => {
        here.set(t, vectors[i]!);
        this.remember(t, vectors[i]!);
      });
    }
    const q = here.get(query)!;
    return tasks.map((t) => cosine(q, here.get(t)!));
  }

  private remember(text: string, v: Float32Array): void {
    // Oldest first out: a Map iterates in insertion order.
    if (this.cache.size >= TaskMeaning.MAX_CACHED) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(text, v);
  }
}

function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

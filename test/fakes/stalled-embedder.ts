import type { EmbedOptions, Embedder } from '../../agents/store/index.js';

/**
 * An embedder still loading its model: embed() answers only when release() is called (with a
 * constant unit vector), and close() refuses what is still waiting, as the real worker does when the
 * engine closes it. Never released, it stands for an encoder whose cold load outlasts any command.
 */
export class StalledEmbedder implements Embedder {
  readonly id = 'stalled-8';
  readonly dimensions = 8;
  /** Texts asked for so far, with their options. */
  readonly asked: { texts: string[]; opts: EmbedOptions }[] = [];
  private waiting: { n: number; resolve: (v: Float32Array[]) => void; reject: (e: Error) => void }[] = [];

  embed(texts: string[], opts: EmbedOptions = {}): Promise<Float32Array[]> {
    this.asked.push({ texts, opts });
    return new Promise((resolve, reject) => this.waiting.push({ n: texts.length, resolve, reject }));
  }

  /** The model has loaded: every waiting request is answered. */
  release(): void {
    const unit = () => Float32Array.from({ length: this.dimensions }, (_, i) => (i === 0 ? 1 : 0));
    for (const w of this.waiting.splice(0)) w.resolve(Array.from({ length: w.n }, unit));
  }

  async close(): Promise<void> {
    for (const w of this.waiting.splice(0)) w.reject(new Error('embedding worker stopped'));
  }
}

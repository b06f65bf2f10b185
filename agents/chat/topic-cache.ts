import type { LlmProvider } from '../llm/index.js';
import { collapse } from '../../shared/memory/index.js';

/**
 * Topics extracted per question, so one question costs one extraction call however often it is
 * retrieved (ask, then `ask --json`'s prepare, a retry). Keyed by the provider and model too: a
 * different model may see other topics. Failures are not cached, so the next ask tries again.
 */
export class TopicCache {
  private readonly entries = new Map<string, Promise<string[] | null>>();

  constructor(private readonly max = 256) {}

  get(llm: LlmProvider, question: string, extract: (question: string) => Promise<string[] | null>): Promise<string[] | null> {
    const key = `${llm.name}\u0000${llm.models.extraction}\u0000${collapse(question).toLowerCase()}`;
    const hit = this.entries.get(key);
    if (hit) {
      // Most recently used last: the oldest entry is the first to go.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const p = extract(question).then((topics) => {
      if (topics === null) this.entries.delete(key);
      return topics;
    });
    this.entries.set(key, p);
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
    return p;
  }
}

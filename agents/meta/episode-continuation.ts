import { createHash } from 'node:crypto';
import type { MemoryKind } from '../../shared/index.js';
import type { ObservationRecord } from '../store/index.js';
import type { BrainStore, ObservationBatch, SourceBatch, SubAgent, SubAgentContext, WriteOutcome } from '../subagent-kit/index.js';

const FINGERPRINTS = 4000;

/**
 * Screens seen again: content fingerprints of recently processed observations, each with the
 * episodes written for them, so a flush of nothing new continues those episodes (wider time range,
 * new sources cited) without asking the model.
 */
export class EpisodeContinuation {
  /** Content fingerprints of recently processed observations → the episodes written for them. */
  private readonly fingerprints = new Map<string, string[]>();

  constructor(private readonly store: BrainStore) {}

  private fingerprint(o: ObservationRecord): string {
    return createHash('sha1').update(`${o.app ?? ''}\u0000${o.title ?? ''}\u0000${o.url ?? ''}\u0000${o.text}`).digest('base64');
  }

  /** Every observation of the batch was seen before: nothing new on screen. */
  allSeen(batch: SourceBatch): batch is ObservationBatch {
    return batch.type === 'observations' && batch.observations.every((o) => this.fingerprints.has(this.fingerprint(o)));
  }

  /** Remembers which episodes a batch of observations wrote (the most recent batches, bounded). */
  remember(batch: SourceBatch, outcomes: WriteOutcome[]): void {
    if (batch.type !== 'observations') return;
    const episodes = [...new Set(outcomes.filter((o) => o.kind === 'episodic').map((o) => o.id))];
    for (const o of batch.observations) {
      const f = this.fingerprint(o);
      const prev = this.fingerprints.get(f) ?? [];
      this.fingerprints.delete(f);
      this.fingerprints.set(f, episodes.length ? episodes : prev);
    }
    while (this.fingerprints.size > FINGERPRINTS) this.fingerprints.delete(this.fingerprints.keys().next().value!);
  }

  /**
   * Continues the episodes written for these screens. Unknown (or since replaced) episodes fall
   * back to `offline`, the episodic agent's rules.
   */
  async continue(
    ctx: SubAgentContext,
    batch: ObservationBatch,
    episodic: SubAgent | undefined,
    offline: (only: SubAgent[]) => Promise<MemoryKind[]>,
  ): Promise<MemoryKind[]> {
    if (!episodic) return [];
    const ids = [...new Set(batch.observations.flatMap((o) => this.fingerprints.get(this.fingerprint(o)) ?? []))];
    const live = ids.map((id) => this.store.memories.get(id)).filter((m) => m !== null && !m.superseded_by);
    if (!live.length) return offline([episodic]);
    const start = Math.min(...batch.observations.map((o) => o.observed_at));
    const end = Math.max(...batch.observations.map((o) => o.observed_at));
    for (const m of live) {
      const patch = episodic.policy.merge(m!, { kind: 'episodic', title: m!.title, text: '', occurred_at: start, ended_at: end, provenance: [] });
      ctx.writer.update(m!.id, patch ?? {}, 'the same activity continued', ctx.analysis.allProvenance);
    }
    return ['episodic'];
  }
}

import { BatchAnalysis, type ObservationBatch } from '../../agents/subagent-kit/index.js';
import type { ObservationRecord } from '../../agents/store/index.js';
import { DEFAULT_REDACTION } from '../../shared/redaction/index.js';

/** A batch of screen observations a minute apart, as the brain's sub-agents read it (unit tests of extraction rules). */
export function screenBatch(items: Array<Partial<ObservationRecord> & { text: string }>, redaction = DEFAULT_REDACTION): BatchAnalysis {
  const observations = items.map((o, i) => ({
    id: `obs_${i}`,
    kind: 'screen' as const,
    frame_id: null,
    audio_id: null,
    display: ':0',
    observed_at: Date.parse('2025-03-03T10:00:00Z') + i * 60_000,
    app: 'App',
    title: null,
    url: null,
    caption: null,
    processed_at: null,
    ...o,
  }));
  const batch: ObservationBatch = { type: 'observations', observations, segment: 'seg-x', reason: 'manual' };
  return new BatchAnalysis(batch, redaction);
}

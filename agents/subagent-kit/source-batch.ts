import type { Provenance } from '../../shared/index.js';
import type { MessageRecord, ObservationRecord, ThreadRecord } from '../store/index.js';

/** Why the meta-agent flushed its buffer. */
export type FlushReason = 'size' | 'app_switch' | 'idle' | 'segment_end' | 'chat_turn' | 'stop' | 'recovery' | 'manual';

/** A run of screen/audio observations, all in one capture segment. */
export interface ObservationBatch {
  type: 'observations';
  observations: ObservationRecord[];
  /** Capture segment (a session of activity); episodic memories carry it for retrieval context. */
  segment: string;
  reason: FlushReason;
}

/** New turns of one conversation. */
export interface MessageBatch {
  type: 'messages';
  thread: ThreadRecord | null;
  messages: MessageRecord[];
  reason: FlushReason;
  /**
   * The conversation's turns before these, oldest first (learned in earlier batches): not written
   * from again, but what the user said there is theirs and what Engram answered there is not.
   */
  earlier?: MessageRecord[];
}

export type SourceBatch = ObservationBatch | MessageBatch;

export function batchProvenance(batch: SourceBatch): Provenance[] {
  return batch.type === 'observations'
    ? batch.observations.map((o) => ({ source_type: 'observation' as const, source_id: o.id }))
    : batch.messages.map((m) => ({ source_type: 'message' as const, source_id: m.id }));
}

export function observationProvenance(obs: ObservationRecord[]): Provenance[] {
  const out: Provenance[] = [];
  for (const o of obs) {
    out.push({ source_type: 'observation', source_id: o.id });
  }
  return out;
}

export function batchSpan(batch: SourceBatch): { start: number; end: number } {
  const times = batch.type === 'observations' ? batch.observations.map((o) => o.observed_at) : batch.messages.map((m) => m.created_at);
  return { start: Math.min(...times), end: Math.max(...times) };
}

export function batchSourceIds(batch: SourceBatch): string[] {
  return batch.type === 'observations' ? batch.observations.map((o) => o.id) : batch.messages.map((m) => m.id);
}

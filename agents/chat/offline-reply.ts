import type { Citation } from './citations.js';
import type { AnswerDraft } from './chat-types.js';
import { composeOfflineAnswer } from './offline-answer.js';
import type { NumberedMemory, TimelineAnswer } from './retrieval-types.js';
import type { TimeFormatter, TimeRange } from '../../shared/time/index.js';

export interface OfflineReplyInput {
  numbered: NumberedMemory[];
  timeRange: TimeRange | null;
  /** The window the question named, when nothing matched inside it and all time was searched instead. */
  widenedFrom?: TimeRange | null;
  /** Moments that answer a question about order ("before the hotel booking"), oldest first. */
  timeline?: TimelineAnswer | null;
  query: string;
  withheldCount: number;
  fmt: TimeFormatter;
  /** Replaces the no-model sentence (the model failed before saying anything). */
  lead?: string;
}

/** The extractive answer as a turn: its text and the memories it cites. */
export function answerOffline(input: OfflineReplyInput): Pick<AnswerDraft, 'answer' | 'citations'> {
  const o = composeOfflineAnswer(input);
  const byN = new Map(input.numbered.map((m) => [m.n, m]));
  const citations: Citation[] = o.cited.flatMap((n) => {
    const m = byN.get(n);
    return m ? [{ n, memory_id: m.memory.id, kind: m.memory.kind }] : [];
  });
  return { answer: o.text, citations };
}

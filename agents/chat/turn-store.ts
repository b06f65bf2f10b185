import { z } from 'zod';
import type { Memory } from '../../shared/index.js';
import type { MessageRecord } from '../store/index.js';
import type { Citation } from './citations.js';
import type { AnswerDraft, ChatMessageView, ChatMode, ChatStore } from './chat-types.js';
import type { HistoryTurn } from './prompt-builder.js';
import type { NumberedMemory } from './retrieval-types.js';
import type { TimeRange } from '../../shared/time/index.js';

/** What an assistant message keeps beside its text (in messages.raw), read back with this schema. */
const AssistantMetaSchema = z.object({
  mode: z.enum(['llm', 'offline']),
  citations: z.array(z.object({ n: z.number().int(), memory_id: z.string(), kind: z.string(), moment_id: z.string().optional() })),
  error: z.string().nullable(),
});
const AssistantRawSchema = z.object({ engram: AssistantMetaSchema });

const CITATION_MARKS = /\s?\[\d{1,4}(?:\s*(?:,|–|-|and)\s*\d{1,4})*\]/g;

export interface TurnToStore {
  threadId: string;
  createdAt: number;
  mode: ChatMode;
  draft: AnswerDraft;
  query: string;
  timeRange: TimeRange | null;
  numbered: NumberedMemory[];
  withheld: Memory[];
  /** Tool calls the model made, by name and validated input (no results: they can be large). */
  toolCalls?: { name: string; input: unknown; ok: boolean }[];
}

/** Stores the assistant's message with what it rests on, and bumps the cited memories' use. */
export function storeAnswer(store: ChatStore, t: TurnToStore, now: number): MessageRecord {
  const { draft } = t;
  const msg = store.messages.insert({
    thread_id: t.threadId,
    role: 'assistant',
    text: draft.answer,
    status: draft.status,
    created_at: t.createdAt,
    raw: {
      role: 'assistant',
      content: draft.answer,
      engram: {
        mode: t.mode,
        model: draft.model,
        citations: draft.citations,
        error: draft.error,
        query: t.query,
        time_range: t.timeRange ? { from: t.timeRange.from, to: t.timeRange.to } : null,
        retrieved: t.numbered.map((m) => ({ n: m.n, memory_id: m.memory.id })),
        // Ids only: the titles of withheld items stay out of anything a later prompt could read.
        withheld: t.withheld.map((m) => m.id),
        ...(t.toolCalls?.length ? { tool_calls: t.toolCalls } : {}),
        usage: draft.usage,
      },
    },
  });
  if (draft.citations.length) store.memories.markUsed([...new Set(draft.citations.map((c) => c.memory_id))], now);
  return msg;
}

/** A thread's user and assistant messages as the UI shows them. */
export function messageViews(store: ChatStore, threadId: string): ChatMessageView[] {
  return store.messages
    .list(threadId)
    .filter((m): m is MessageRecord & { role: 'user' | 'assistant' } => m.role === 'user' || m.role === 'assistant')
    .map((m) => {
      const meta = m.role === 'assistant' ? AssistantRawSchema.safeParse(m.raw) : null;
      const e = meta?.success ? meta.data.engram : null;
      return {
        id: m.id,
        thread_id: m.thread_id,
        role: m.role,
        text: m.text,
        status: m.status,
        created_at: m.created_at,
        citations: (e?.citations ?? []) as Citation[],
        error: e?.error ?? null,
        mode: e?.mode ?? null,
      };
    });
}

/** Earlier turns of a thread for the prompt, failed ones left out. */
export function historyOf(store: ChatStore, threadId: string, excludeId: string): (HistoryTurn & { id: string })[] {
  return store.messages
    .list(threadId)
    .filter((m) => m.id !== excludeId && (m.role === 'user' || m.role === 'assistant') && m.status !== 'error')
    // Old [n] marks point into an old numbering; left in, they would confuse the new one.
    .map((m) => ({ id: m.id, role: m.role as 'user' | 'assistant', text: m.text.replace(CITATION_MARKS, '') }));
}

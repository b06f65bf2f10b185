import { z } from 'zod';
import type { Memory } from '../../shared/index.js';
import { LlmError, type LlmProvider, type LlmUsage } from '../llm/index.js';
import type { EngramStore, MessageRecord, ThreadRecord } from '../store/index.js';
import { ChatError } from './chat-error.js';
import { mapCitations, type Citation } from './citations.js';
import { clip, collapse, TimeFormatter } from './memory-line.js';
import { DEFAULT_QUOTAS, retrieveMemories, type RetrievalQuotas } from './memory-retriever.js';
import { composeOfflineAnswer } from './offline-answer.js';
import { buildPrompt, DEFAULT_BUDGET, type BuiltPrompt, type HistoryTurn, type PromptBudget } from './prompt-builder.js';
import type { NumberedMemory, Retrieval } from './retrieval-types.js';
import { searchQueryOf } from './search-query.js';
import { parseQuestionTime, type TimeRange } from './time-range.js';
import { extractTopics } from './topic-extractor.js';
import { isValidTimeZone, localTimeZone } from './zoned-calendar.js';

/** What the chat agent needs from the store. */
export type ChatStore = Pick<EngramStore, 'search' | 'threads' | 'messages'> & {
  memories: Pick<EngramStore['memories'], 'list' | 'markUsed'>;
};

export type ChatMode = 'llm' | 'offline';
export type TurnStatus = MessageRecord['status'];

/** A stored turn, handed to the meta-agent so what the user said becomes memories. */
export interface StoredTurn {
  threadId: string;
  userMessageId: string;
  assistantMessageId: string;
}

export interface ChatServiceOptions {
  store: ChatStore;
  /** A function so a key set in settings takes effect on the next question. */
  llm: LlmProvider | (() => LlmProvider);
  /** Called after each stored turn (the meta-agent's chat intake). Not awaited by the turn. */
  onTurnStored?: (turn: StoredTurn) => unknown;
  /** Where failures of that hook go (they never fail the turn). */
  onHookError?: (err: unknown) => void;
  now?: () => number;
  /** IANA zone for "yesterday" and for times shown; default the process's zone. */
  timeZone?: string;
  quotas?: Partial<RetrievalQuotas>;
  budget?: Partial<PromptBudget>;
  /** Ask the model for focus topics before searching (one small extra call per question). */
  topicExtraction?: boolean;
  maxAnswerTokens?: number;
  /** Longest question accepted; longer ones are refused, never silently cut. */
  maxQuestionChars?: number;
}

export interface AskInput {
  threadId?: string;
  text: string;
  /** The asker's zone (a UI in another zone than the host). */
  timeZone?: string;
  signal?: AbortSignal;
}

/** What was found for a question, numbered as the model sees it. */
export interface TurnRetrieval {
  threadId: string;
  userMessageId: string;
  query: string;
  timeRange: TimeRange | null;
  numbered: NumberedMemory[];
  withheld: Memory[];
  mode: ChatMode;
  promptTokens: number;
  elapsedMs: number;
}

export interface ChatSink {
  retrieval?(r: TurnRetrieval): void;
  token?(text: string): void;
}

export interface ChatTurn {
  threadId: string;
  userMessageId: string;
  assistantMessageId: string;
  answer: string;
  citations: Citation[];
  status: TurnStatus;
  mode: ChatMode;
  /** Why the answer is partial or came without the model; null when complete. */
  error: string | null;
  retrieval: TurnRetrieval;
  usage: LlmUsage | null;
}

/** A stored message as the UI shows it. */
export interface ChatMessageView {
  id: string;
  thread_id: string;
  role: 'user' | 'assistant';
  text: string;
  status: TurnStatus;
  created_at: number;
  citations: Citation[];
  error: string | null;
  mode: ChatMode | null;
}

export const DEFAULT_MAX_QUESTION_CHARS = 16_000;

/** What an assistant message keeps beside its text (in messages.raw), read back with this schema. */
const AssistantMetaSchema = z.object({
  mode: z.enum(['llm', 'offline']),
  citations: z.array(z.object({ n: z.number().int(), memory_id: z.string(), kind: z.string() })),
  error: z.string().nullable(),
});
const AssistantRawSchema = z.object({ engram: AssistantMetaSchema });

const CITATION_MARKS = /\s?\[\d{1,4}(?:\s*(?:,|–|-|and)\s*\d{1,4})*\]/g;

export function titleFor(question: string): string {
  return clip(collapse(question), 60) || 'New conversation';
}

function oneLine(s: string): string {
  return collapse(s).slice(0, 300);
}

/** Why the model failed, in words a user can act on (the provider's own message can be raw JSON). */
function modelFailureReason(err: unknown): string {
  if (!(err instanceof LlmError)) return err instanceof Error ? oneLine(err.message) : 'unknown error';
  const status = err.details.status ? `, HTTP ${err.details.status}` : '';
  if (/overloaded/i.test(err.message)) return `the model service is overloaded${status}`;
  switch (err.code) {
    case 'STREAM_INTERRUPTED':
      return 'the connection to the model broke off';
    case 'RATE_LIMITED':
      return `rate limited by the model service${status}`;
    case 'AUTH':
      return `the API key was refused${status}`;
    case 'TIMEOUT':
      return 'the model took too long to answer';
    case 'NETWORK':
      return 'the model service could not be reached';
    case 'SERVER':
      return `the model service had an error${status}`;
    case 'OFFLINE':
    case 'NO_API_KEY':
      return 'no model is configured';
    default:
      return oneLine(err.message);
  }
}

function describeModelError(err: unknown, partial: boolean, aborted: boolean): string {
  if (aborted || (err instanceof LlmError && err.code === 'ABORTED')) return partial ? 'stopped before the answer was complete' : 'stopped before the model answered';
  const reason = modelFailureReason(err);
  return partial ? `the model stopped mid-answer (${reason}); the partial answer is kept` : `the model could not answer (${reason})`;
}

/**
 * Retrieval-augmented chat over the user's memories: the question's time expression becomes a
 * window, its words a search across every kind, the core blocks are always included, and the
 * answer (streamed from the model, or extractive offline) cites memories as [n]. Every turn is
 * stored; cited memories get a usage bump.
 */
export class ChatService {
  private readonly quotas: RetrievalQuotas;
  private readonly budget: PromptBudget;
  private readonly now: () => number;
  private readonly timeZone: string;
  private readonly maxQuestionChars: number;

  constructor(private readonly opts: ChatServiceOptions) {
    this.quotas = { ...DEFAULT_QUOTAS, ...opts.quotas };
    this.budget = { ...DEFAULT_BUDGET, ...opts.budget };
    this.now = opts.now ?? Date.now;
    this.timeZone = opts.timeZone && isValidTimeZone(opts.timeZone) ? opts.timeZone : localTimeZone();
    this.maxQuestionChars = opts.maxQuestionChars ?? DEFAULT_MAX_QUESTION_CHARS;
  }

  private get llm(): LlmProvider {
    return typeof this.opts.llm === 'function' ? this.opts.llm() : this.opts.llm;
  }

  // ---- threads -------------------------------------------------------------------------------

  startThread(title?: string): ThreadRecord {
    return this.opts.store.threads.create(title?.trim() || 'New conversation', this.now());
  }

  listThreads(): ThreadRecord[] {
    return this.opts.store.threads.list();
  }

  renameThread(id: string, title: string): ThreadRecord {
    if (!this.opts.store.threads.get(id)) throw new ChatError('NOT_FOUND', 'that conversation no longer exists');
    return this.opts.store.threads.rename(id, title);
  }

  /** Deletes the thread, its messages, and the memories citing them. */
  deleteThread(id: string): boolean {
    return this.opts.store.threads.delete(id);
  }

  getThread(id: string): ThreadRecord {
    const t = this.opts.store.threads.get(id);
    if (!t) throw new ChatError('NOT_FOUND', 'that conversation no longer exists');
    return t;
  }

  threadMessages(id: string): ChatMessageView[] {
    this.getThread(id);
    return this.opts.store.messages
      .list(id)
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

  // ---- asking --------------------------------------------------------------------------------

  /** Rejects what cannot be asked before anything is stored. */
  validateQuestion(text: unknown): string {
    if (typeof text !== 'string' || text.trim() === '') {
      throw new ChatError('EMPTY_QUESTION', 'the question is empty: type something to ask');
    }
    if (text.length > this.maxQuestionChars) {
      throw new ChatError(
        'TOO_LARGE',
        `the question is ${text.length.toLocaleString('en-US')} characters long; the limit is ${this.maxQuestionChars.toLocaleString('en-US')}: shorten it or ask about one part`,
      );
    }
    return text.trim();
  }

  /**
   * Question → retrieval, nothing stored and no model called: what `ask` does before answering.
   * Also the benchmark's unit of work.
   */
  async retrieve(question: string, opts: { now?: number; timeZone?: string; signal?: AbortSignal; llm?: LlmProvider } = {}): Promise<Retrieval> {
    const now = opts.now ?? this.now();
    const tz = opts.timeZone && isValidTimeZone(opts.timeZone) ? opts.timeZone : this.timeZone;
    const { rest, range } = parseQuestionTime(question, new Date(now), tz);
    let query = searchQueryOf(rest);
    const llm = opts.llm ?? this.llm;
    if (this.opts.topicExtraction && llm.online && query !== '') {
      const topics = await extractTopics(llm, rest, opts.signal);
      if (topics) query = searchQueryOf(topics.join(' '));
    }
    return retrieveMemories(this.opts.store, { rest, query, timeRange: range, now }, this.quotas);
  }

  /** Retrieval plus the prompt that would be sent: for `ask --json`, tests and the token benchmark. */
  async prepare(question: string, history: HistoryTurn[] = [], opts: { now?: number; timeZone?: string; llm?: LlmProvider } = {}): Promise<{ retrieval: Retrieval; prompt: BuiltPrompt }> {
    const now = opts.now ?? this.now();
    const tz = opts.timeZone && isValidTimeZone(opts.timeZone) ? opts.timeZone : this.timeZone;
    const retrieval = await this.retrieve(question, { now, timeZone: tz, llm: opts.llm });
    const prompt = buildPrompt({
      question,
      history,
      core: retrieval.core,
      candidates: retrieval.candidates,
      withheldCount: retrieval.withheld.length,
      timeRange: retrieval.timeRange,
      now,
      fmt: TimeFormatter.for(tz),
      budget: this.budget,
    });
    return { retrieval, prompt };
  }

  private historyOf(threadId: string, excludeId: string): HistoryTurn[] {
    return this.opts.store.messages
      .list(threadId)
      .filter((m) => m.id !== excludeId && (m.role === 'user' || m.role === 'assistant') && m.status !== 'error')
      // Old [n] marks point into an old numbering; left in, they would confuse the new one.
      .map((m) => ({ role: m.role as 'user' | 'assistant', text: m.text.replace(CITATION_MARKS, '') }));
  }

  /**
   * Answers one question in a thread (a new one when threadId is absent). Resolves once the turn
   * is stored; a model failure does not reject: the turn comes back 'partial' (text so far kept)
   * or 'error' (an extractive answer instead), with the reason in `error`.
   */
  async ask(input: AskInput, sink: ChatSink = {}): Promise<ChatTurn> {
    const question = this.validateQuestion(input.text);
    const store = this.opts.store;
    const tz = input.timeZone && isValidTimeZone(input.timeZone) ? input.timeZone : this.timeZone;
    const fmt = TimeFormatter.for(tz);
    const llm = this.llm;
    const mode: ChatMode = llm.online ? 'llm' : 'offline';

    let thread: ThreadRecord;
    if (input.threadId) {
      const t = store.threads.get(input.threadId);
      if (!t) throw new ChatError('NOT_FOUND', 'that conversation no longer exists');
      thread = t;
    } else {
      thread = store.threads.create(titleFor(question), this.now());
    }

    const askedAt = this.now();
    const userMsg = store.messages.insert({
      thread_id: thread.id,
      role: 'user',
      text: question,
      raw: { role: 'user', content: question },
      created_at: askedAt,
    });

    const started = performance.now();
    const { retrieval, prompt } = await this.prepare(question, this.historyOf(thread.id, userMsg.id), { now: askedAt, timeZone: tz, llm });
    const turnRetrieval: TurnRetrieval = {
      threadId: thread.id,
      userMessageId: userMsg.id,
      query: retrieval.query,
      timeRange: retrieval.timeRange,
      numbered: prompt.numbered,
      withheld: retrieval.withheld,
      mode,
      promptTokens: prompt.promptTokens,
      elapsedMs: performance.now() - started,
    };
    sink.retrieval?.(turnRetrieval);

    let answer = '';
    let status: TurnStatus = 'complete';
    let error: string | null = null;
    let citations: Citation[] = [];
    let usage: LlmUsage | null = null;
    let model: string | null = null;

    const offline = (lead?: string) => {
      const o = composeOfflineAnswer({
        numbered: prompt.numbered,
        timeRange: retrieval.timeRange,
        query: retrieval.query,
        withheldCount: retrieval.withheld.length,
        fmt,
        lead,
      });
      const byN = new Map(prompt.numbered.map((m) => [m.n, m]));
      return {
        text: o.text,
        citations: o.cited.flatMap((n) => {
          const m = byN.get(n);
          return m ? [{ n, memory_id: m.memory.id, kind: m.memory.kind }] : [];
        }),
      };
    };

    if (!llm.online) {
      const o = offline();
      answer = o.text;
      citations = o.citations;
      sink.token?.(answer);
    } else {
      try {
        const res = await llm.stream(
          {
            purpose: 'chat',
            tier: 'chat',
            system: prompt.system,
            context: prompt.context,
            messages: prompt.messages,
            maxTokens: this.opts.maxAnswerTokens ?? 1024,
            signal: input.signal,
          },
          (ev) => {
            if (ev.type === 'text_delta' && ev.text) {
              answer += ev.text;
              sink.token?.(ev.text);
            }
          },
        );
        answer = res.text || answer;
        usage = res.usage;
        model = res.model;
        if (res.stopReason === 'max_tokens') {
          status = 'partial';
          error = 'the answer reached the length limit and was cut';
        }
      } catch (err) {
        const partial = answer || (err instanceof LlmError ? err.partialText ?? '' : '');
        if (partial.trim()) {
          answer = partial;
          status = 'partial';
          error = describeModelError(err, true, input.signal?.aborted === true);
        } else {
          // Nothing from the model: say why, and still give what the memories hold.
          status = 'error';
          error = describeModelError(err, false, input.signal?.aborted === true);
          const o = offline(`${error[0]!.toUpperCase()}${error.slice(1)}, so this answer lists the memories that best match your question.`);
          answer = o.text;
          citations = o.citations;
          sink.token?.(answer);
        }
      }
      if (status !== 'error') citations = mapCitations(answer, prompt.numbered);
    }

    const assistant = store.messages.insert({
      thread_id: thread.id,
      role: 'assistant',
      text: answer,
      status,
      created_at: Math.max(this.now(), askedAt + 1),
      raw: {
        role: 'assistant',
        content: answer,
        engram: {
          mode,
          model,
          citations,
          error,
          query: retrieval.query,
          time_range: retrieval.timeRange ? { from: retrieval.timeRange.from, to: retrieval.timeRange.to } : null,
          retrieved: prompt.numbered.map((m) => ({ n: m.n, memory_id: m.memory.id })),
          // Ids only: the titles of withheld items stay out of anything a later prompt could read.
          withheld: retrieval.withheld.map((m) => m.id),
          usage,
        },
      },
    });

    if (citations.length) store.memories.markUsed([...new Set(citations.map((c) => c.memory_id))], this.now());
    this.handOff({ threadId: thread.id, userMessageId: userMsg.id, assistantMessageId: assistant.id });

    return {
      threadId: thread.id,
      userMessageId: userMsg.id,
      assistantMessageId: assistant.id,
      answer,
      citations,
      status,
      mode,
      error,
      retrieval: turnRetrieval,
      usage,
    };
  }

  private handOff(turn: StoredTurn): void {
    const hook = this.opts.onTurnStored;
    if (!hook) return;
    const fail = (err: unknown) => this.opts.onHookError?.(err);
    // Called now (so a host can track it) but not awaited: the meta-agent may call a model, and
    // the user's answer must not wait for it; its failure never fails the turn.
    try {
      const r = hook(turn);
      if (r instanceof Promise) r.catch(fail);
    } catch (err) {
      fail(err);
    }
  }
}

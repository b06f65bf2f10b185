import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { ApiCallError, apiError, chatEvents, chatRequests, type ApiErrorCode, type ChatThread, type ChatTurnResult } from '../../shared/api/index.js';
import { ChatError, type ChatMessageView, type ChatService, type ChatTurn, type TurnRetrieval } from '../../agents/chat/index.js';
import { LlmError } from '../../agents/llm/index.js';
import { StoreError, type ThreadRecord } from '../../agents/store/index.js';
import { storeApiError } from './errors.js';
import { hasIssues, issueLine } from '../../shared/text/index.js';

type ChatRequests = typeof chatRequests;
type ChatEvents = typeof chatEvents;
export type ChatRequestName = keyof ChatRequests & string;
export type ChatEventName = keyof ChatEvents & string;

/** Pushes one event to the UI (IPC or WebSocket); the host decides who receives it. */
export type ChatEmit = <E extends ChatEventName>(name: E, payload: z.output<ChatEvents[E]>) => void;

export type ChatHandlers = {
  [N in ChatRequestName]: (input: z.input<ChatRequests[N]['input']>) => Promise<z.output<ChatRequests[N]['output']>>;
};

export interface ChatHandlerDeps {
  chat: ChatService;
  emit: ChatEmit;
  /** Turn ids when the client gives none. */
  newTurnId?: () => string;
}

const iso = (ms: number) => new Date(ms).toISOString();

function threadOut(t: ThreadRecord): ChatThread {
  return { id: t.id, title: t.title, created_at: iso(t.created_at), updated_at: iso(t.updated_at) };
}

function messageOut(m: ChatMessageView) {
  return { ...m, created_at: iso(m.created_at) };
}

function rangeOut(r: { from: number; to: number } | null) {
  return r ? { from: iso(Math.max(0, r.from)), to: iso(r.to) } : null;
}

/** Internal failures as the UI's typed errors: one line, never a stack. */
export function toApiError(err: unknown): ApiCallError {
  if (err instanceof ApiCallError) return err;
  if (err instanceof ChatError) {
    const code: ApiErrorCode = err.code === 'TOO_LARGE' ? 'TOO_LARGE' : err.code === 'NOT_FOUND' ? 'NOT_FOUND' : 'INVALID_INPUT';
    return new ApiCallError(apiError(code, err.message));
  }
  if (err instanceof StoreError) return new ApiCallError(storeApiError(err));
  if (err instanceof LlmError) return new ApiCallError(apiError(err.code === 'RATE_LIMITED' ? 'RATE_LIMITED' : 'UNAVAILABLE', err.message));
  if (hasIssues(err)) return new ApiCallError(apiError('INVALID_INPUT', issueLine(err)));
  return new ApiCallError(apiError('INTERNAL', 'the chat failed unexpectedly'));
}

function parse<N extends ChatRequestName>(name: N, input: unknown): z.output<ChatRequests[N]['input']> {
  const r = chatRequests[name].input.safeParse(input ?? {});
  if (!r.success) throw toApiError(r.error);
  return r.data as z.output<ChatRequests[N]['input']>;
}

function resultOut(turnId: string, t: ChatTurn): ChatTurnResult {
  return {
    thread_id: t.threadId,
    turn_id: turnId,
    user_message_id: t.userMessageId,
    assistant_message_id: t.assistantMessageId,
    answer: t.answer,
    citations: t.citations,
    status: t.status,
    mode: t.mode,
    error: t.error,
    time_range: rangeOut(t.retrieval.timeRange),
    prompt_tokens: t.retrieval.promptTokens,
    ...(t.explain ? { explain: t.explain } : {}),
  };
}

/**
 * The chat requests of the UI contract, over an injected ChatService. `chat.send` streams its turn
 * as events (chat.retrieval, chat.token…, then chat.done or chat.error) and resolves with the
 * stored turn; `chat.cancel` stops a turn mid-stream, keeping what was said.
 */
export function createChatHandlers(deps: ChatHandlerDeps): ChatHandlers {
  const { chat, emit } = deps;
  const newTurnId = deps.newTurnId ?? (() => `turn_${randomUUID()}`);
  const running = new Map<string, AbortController>();

  const guard = async <T>(fn: () => T | Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (err) {
      throw toApiError(err);
    }
  };

  return {
    'chat.listThreads': (input) =>
      guard(() => {
        parse('chat.listThreads', input);
        return { threads: chat.listThreads().map(threadOut) };
      }),

    'chat.startThread': (input) =>
      guard(() => {
        const { title } = parse('chat.startThread', input);
        return { thread: threadOut(chat.startThread(title)) };
      }),

    'chat.renameThread': (input) =>
      guard(() => {
        const { thread_id, title } = parse('chat.renameThread', input);
        return { thread: threadOut(chat.renameThread(thread_id, title)) };
      }),

    'chat.deleteThread': (input) =>
      guard(() => {
        const { thread_id } = parse('chat.deleteThread', input);
        return { deleted: chat.deleteThread(thread_id) };
      }),

    'chat.messages': (input) =>
      guard(() => {
        const { thread_id } = parse('chat.messages', input);
        const summary = chat.threadSummary(thread_id);
        return {
          thread: threadOut(chat.getThread(thread_id)),
          messages: chat.threadMessages(thread_id).map(messageOut),
          summary: summary ? { text: summary.summary, covered_messages: summary.covered_messages, updated_at: summary.updated_at } : null,
        };
      }),

    'chat.cancel': (input) =>
      guard(() => {
        const { turn_id } = parse('chat.cancel', input);
        const c = running.get(turn_id);
        c?.abort();
        return { cancelled: Boolean(c) };
      }),

    'chat.send': (input) =>
      guard(async () => {
        const req = parse('chat.send', input);
        const turnId = req.turn_id ?? newTurnId();
        if (running.has(turnId)) throw new ApiCallError(apiError('CONFLICT', 'a turn with this id is already running'));
        const controller = new AbortController();
        running.set(turnId, controller);
        let threadId = req.thread_id ?? '';
        try {
          const turn = await chat.ask(
            { threadId: req.thread_id, text: req.text, timeZone: req.time_zone, signal: controller.signal, explain: req.explain },
            {
              retrieval: (r: TurnRetrieval) => {
                threadId = r.threadId;
                emit('chat.retrieval', {
                  thread_id: r.threadId,
                  turn_id: turnId,
                  user_message_id: r.userMessageId,
                  query: r.query,
                  time_range: rangeOut(r.timeRange),
                  memories: r.numbered.map((m) => ({ n: m.n, memory: m.memory, source: m.source, score: m.score, ...(m.passages?.length ? { passages: m.passages } : {}) })),
                  withheld: r.withheld.map((m) => ({
                    memory_id: m.id,
                    title: m.title || 'vault item',
                    entry_type: typeof m.fields['entry_type'] === 'string' ? m.fields['entry_type'] : 'secret',
                  })),
                  mode: r.mode,
                });
              },
              token: (text) => emit('chat.token', { thread_id: threadId, turn_id: turnId, text }),
            },
          );
          const result = resultOut(turnId, turn);
          if (turn.status === 'complete') {
            emit('chat.done', result);
          } else {
            emit('chat.error', {
              thread_id: turn.threadId,
              turn_id: turnId,
              assistant_message_id: turn.assistantMessageId,
              code: controller.signal.aborted ? 'CANCELLED' : 'MODEL_ERROR',
              message: turn.error ?? 'the answer is incomplete',
              status: turn.status,
              partial_text: turn.answer,
            });
          }
          return result;
        } catch (err) {
          const e = toApiError(err);
          const code = e.code === 'NOT_FOUND' ? 'NOT_FOUND' : e.code === 'INVALID_INPUT' || e.code === 'TOO_LARGE' ? 'INVALID_INPUT' : 'INTERNAL';
          emit('chat.error', { thread_id: threadId, turn_id: turnId, assistant_message_id: null, code, message: e.message, status: null, partial_text: '' });
          throw e;
        } finally {
          running.delete(turnId);
        }
      }),
  };
}

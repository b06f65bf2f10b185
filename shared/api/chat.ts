import { z } from 'zod';
import { IsoTime, MemoryKindSchema, MemorySchema, PassageMatchSchema } from '../memory/index.js';
import { IdSchema, TimeZoneSchema, defineRequest } from './common.js';
import { lazySchema } from './lazy-schema.js';

/**
 * The chat part of the UI contract: threads, a turn sent and answered as a stream of events
 * (retrieval done -> tokens -> done | error), and the stored conversation.
 */

export const CHAT_LIMITS = {
  /**
   * Longest question accepted (about 4k tokens). Longer ones are refused with a clear message
   * rather than silently cut: the user knows what was asked.
   */
  maxQuestionChars: 16_000,
  maxTitleChars: 200,
} as const;

/** What a host says of a question over the limit, before anything is stored (chat, and the CLI before it opens the store). */
export function questionTooLongLine(length: number, limit: number = CHAT_LIMITS.maxQuestionChars): string {
  return `the question is ${length.toLocaleString('en-US')} characters long; the limit is ${limit.toLocaleString('en-US')}: shorten it or ask about one part`;
}

const Question = lazySchema(() => z
  .string()
  .max(CHAT_LIMITS.maxQuestionChars, {
    message: `the question is too long: the limit is ${CHAT_LIMITS.maxQuestionChars.toLocaleString('en-US')} characters; shorten it or ask about one part`,
  })
  .refine((s) => s.trim().length > 0, { message: 'the question is empty: type something to ask' }));

const Title = lazySchema(() => z.string().trim().min(1).max(CHAT_LIMITS.maxTitleChars));

export const ChatThreadSchema = lazySchema(() => z.object({
  id: z.string(),
  title: z.string(),
  created_at: IsoTime,
  updated_at: IsoTime,
}));
export type ChatThread = z.infer<typeof ChatThreadSchema>;

/** [n] in an answer, mapped back to the memory it names. */
export const ChatCitationSchema = lazySchema(() => z.object({
  n: z.number().int().positive(),
  memory_id: z.string(),
  kind: MemoryKindSchema,
  /** A memory seen on screen: the moment (observation id) whose text matched the question; the citation opens it there. */
  moment_id: z.string().optional(),
}));
export type ChatCitation = z.infer<typeof ChatCitationSchema>;

export const ChatTimeRangeSchema = lazySchema(() => z.object({ from: IsoTime, to: IsoTime }));

/** 'complete'; 'partial' = the model stopped mid-answer (text so far kept); 'error' = no answer from the model. */
export const ChatMessageStatusSchema = lazySchema(() => z.enum(['complete', 'partial', 'error']));
export type ChatMessageStatus = z.infer<typeof ChatMessageStatusSchema>;

/** 'llm' = answered by the model; 'offline' = extractive answer built from the memories, no model. */
export const ChatModeSchema = lazySchema(() => z.enum(['llm', 'offline']));

export const ChatMessageSchema = lazySchema(() => z.object({
  id: z.string(),
  thread_id: z.string(),
  role: z.enum(['user', 'assistant']),
  text: z.string(),
  status: ChatMessageStatusSchema,
  created_at: IsoTime,
  /** Assistant messages: which memories the answer cites. */
  citations: z.array(ChatCitationSchema),
  /** Why the answer is partial or missing, in one line; null when it is complete. */
  error: z.string().nullable(),
  mode: ChatModeSchema.nullable(),
}));
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** A memory as numbered in the prompt: the answer's [n] points here. */
export const ChatRetrievedSchema = lazySchema(() => z.object({
  n: z.number().int().positive(),
  memory: MemorySchema,
  /** 'search' = matched the question; 'recent' = an event in the asked-about window. */
  source: z.enum(['search', 'recent']),
  score: z.number().nullable(),
  /** Screen passages behind the memory that matched the question, matched words marked **like this**. */
  passages: z.array(PassageMatchSchema).optional(),
}));
export type ChatRetrieved = z.infer<typeof ChatRetrievedSchema>;

/** A high-sensitivity vault item that matched but was not sent to the model; the user can reveal it locally. */
export const ChatWithheldSchema = lazySchema(() => z.object({
  memory_id: z.string(),
  title: z.string(),
  entry_type: z.string(),
}));
export type ChatWithheld = z.infer<typeof ChatWithheldSchema>;

const TurnRef = {
  thread_id: lazySchema(() => z.string()),
  /** Chosen by the client (or the host when absent) so events can be matched to the send that caused them. */
  turn_id: lazySchema(() => z.string()),
};

/**
 * Why an offline answer leads with its line (`engram ask --explain`): the hand-written lead, each
 * candidate line of the passages the answer was given with its features and the learned chooser's
 * score, and the line chosen, if any. Only lines the answer may show already (redacted passages).
 */
export const ChatLeadExplainSchema = lazySchema(() => z.object({
  /** The hand-written lead sentence, before the chooser looked. */
  lead: z.string(),
  state: z.enum(['sure', 'hedge', 'unknown']),
  feature_names: z.array(z.string()),
  candidates: z.array(z.object({ text: z.string(), n: z.number().int(), title: z.string(), features: z.array(z.number()), score: z.number() })),
  /** The index of the candidate the answer now leads with, or null when the hand-written lead stands. */
  chosen: z.number().int().nullable(),
}));
export type ChatLeadExplain = z.infer<typeof ChatLeadExplainSchema>;

export const ChatTurnResultSchema = lazySchema(() => z.object({
  ...TurnRef,
  user_message_id: z.string(),
  assistant_message_id: z.string(),
  answer: z.string(),
  citations: z.array(ChatCitationSchema),
  status: ChatMessageStatusSchema,
  mode: ChatModeSchema,
  error: z.string().nullable(),
  time_range: ChatTimeRangeSchema.nullable(),
  prompt_tokens: z.number().int().nonnegative(),
  /** Only when asked for (`explain`), offline: why the answer leads with its line. */
  explain: ChatLeadExplainSchema.optional(),
}));
export type ChatTurnResult = z.infer<typeof ChatTurnResultSchema>;

/** A long thread's running summary of its older turns ("Earlier in this conversation…"). */
export const ChatThreadSummarySchema = lazySchema(() => z.object({
  text: z.string(),
  /** How many earlier messages it stands for. */
  covered_messages: z.number().int().nonnegative(),
  updated_at: z.number().int(),
}));
export type ChatThreadSummary = z.infer<typeof ChatThreadSummarySchema>;

export const chatRequests = {
  'chat.listThreads': defineRequest(lazySchema(() => z.object({})), lazySchema(() => z.object({ threads: z.array(ChatThreadSchema) }))),
  'chat.startThread': defineRequest(lazySchema(() => z.object({ title: Title.optional() })), lazySchema(() => z.object({ thread: ChatThreadSchema }))),
  'chat.renameThread': defineRequest(lazySchema(() => z.object({ thread_id: IdSchema, title: Title })), lazySchema(() => z.object({ thread: ChatThreadSchema }))),
  /** Deletes the thread, its messages, and the memories that cite only them. */
  'chat.deleteThread': defineRequest(lazySchema(() => z.object({ thread_id: IdSchema })), lazySchema(() => z.object({ deleted: z.boolean() }))),
  'chat.messages': defineRequest(
    lazySchema(() => z.object({ thread_id: IdSchema })),
    lazySchema(() => z.object({ thread: ChatThreadSchema, messages: z.array(ChatMessageSchema), summary: ChatThreadSummarySchema.nullable().optional() })),
  ),
  /**
   * Asks a question. Without thread_id a new thread is started (titled from the question). The
   * answer streams as chat.* events; the call resolves when the turn is stored.
   */
  'chat.send': defineRequest(
    lazySchema(() => z.object({
      thread_id: IdSchema.optional(),
      text: Question,
      turn_id: z.string().min(1).max(128).optional(),
      /** The viewer's time zone, so "yesterday" means the user's yesterday. */
      time_zone: TimeZoneSchema.optional(),
      /** Return why the offline answer leads with its line (a developer's view; see ChatLeadExplainSchema). */
      explain: z.boolean().optional(),
    })),
    ChatTurnResultSchema,
  ),
  /** Stops a turn that is still streaming; what was said so far is kept as a partial answer. */
  'chat.cancel': defineRequest(lazySchema(() => z.object({ turn_id: z.string().min(1).max(128) })), lazySchema(() => z.object({ cancelled: z.boolean() }))),
};

export const chatEvents = {
  /** Retrieval finished: the numbered memories the answer may cite, before the first token. */
  'chat.retrieval': lazySchema(() => z.object({
    ...TurnRef,
    user_message_id: z.string(),
    query: z.string(),
    time_range: ChatTimeRangeSchema.nullable(),
    memories: z.array(ChatRetrievedSchema),
    withheld: z.array(ChatWithheldSchema),
    mode: ChatModeSchema,
  })),
  'chat.token': lazySchema(() => z.object({ ...TurnRef, text: z.string() })),
  'chat.done': ChatTurnResultSchema,
  /** The turn failed or was cut short; `partial_text` is what was kept (may be empty). */
  'chat.error': lazySchema(() => z.object({
    ...TurnRef,
    assistant_message_id: z.string().nullable(),
    code: z.enum(['MODEL_ERROR', 'CANCELLED', 'INVALID_INPUT', 'NOT_FOUND', 'INTERNAL']),
    message: z.string(),
    status: ChatMessageStatusSchema.nullable(),
    partial_text: z.string(),
  })),
};

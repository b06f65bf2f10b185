import type { Memory } from '../../shared/index.js';
import type { ChatLeadExplain } from '../../shared/api/index.js';
import type { LlmUsage } from '../llm/index.js';
import type { EngramStore, MessageRecord } from '../store/index.js';
import type { Citation } from './citations.js';
import type { NumberedMemory } from './retrieval-types.js';
import type { TimeRange } from '../../shared/time/index.js';

/** What the chat agent needs from the store. */
export type ChatStore = Pick<EngramStore, 'search' | 'threads' | 'threadSummaries' | 'messages' | 'memories' | 'observations'> & Partial<Pick<EngramStore, 'passages' | 'directives' | 'transaction' | 'graph' | 'frameWords' | 'embedder' | 'retriever'>>;

export type ChatMode = 'llm' | 'offline';
export type TurnStatus = MessageRecord['status'];

/** A stored turn, handed to the meta-agent so what the user said becomes memories. */
export interface StoredTurn {
  threadId: string;
  userMessageId: string;
  assistantMessageId: string;
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
  /** Before the model is called; again when tools found more memories (the whole list each time). */
  retrieval?(r: TurnRetrieval): void;
  token?(text: string): void;
}

/** An answer before it is stored: what either path (model or offline) produced. */
export interface AnswerDraft {
  answer: string;
  citations: Citation[];
  status: TurnStatus;
  /** Why the answer is partial or came without the model; null when complete. */
  error: string | null;
  usage: LlmUsage | null;
  model: string | null;
  /** Model steps that called tools (0 without tools). */
  toolSteps?: number;
  /** The tool calls made, by name and input (results are not kept: they can be large). */
  toolCalls?: { name: string; input: unknown; ok: boolean }[];
  /** Offline, when asked for: why the answer leads with its line. */
  explain?: ChatLeadExplain;
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
  /** Model steps that called memory tools. */
  toolSteps: number;
  /** Offline, when asked for: why the answer leads with its line. */
  explain?: ChatLeadExplain;
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

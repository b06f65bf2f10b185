import type { MemoryKind, Provenance, SourceType } from '../../shared/index.js';
import type { HiddenCounts } from '../../shared/api/index.js';

/** Epoch milliseconds. The store keeps every time as ms; edges convert to ISO strings. */
export type Millis = number;

export interface NewMemory {
  /** Optional caller-chosen id (imports keep their ids); otherwise generated. */
  id?: string;
  kind: MemoryKind;
  title?: string;
  text: string;
  details?: string;
  /** Validated against FieldsByKind[kind]. */
  fields?: Record<string, unknown>;
  app?: string | null;
  occurred_at?: Millis | null;
  ended_at?: Millis | null;
  segment?: string | null;
  created_at?: Millis;
  updated_at?: Millis;
  provenance?: Provenance[];
  /**
   * A vector already computed for this memory's title and text (an import, a restore, a benchmark).
   * Written straight to the vector index when `embedder` is the store's embedder id and the
   * dimensions match; otherwise ignored and the memory is embedded as usual.
   */
  embedding?: { embedder: string; vector: Float32Array };
}

export interface MemoryPatch {
  title?: string;
  text?: string;
  details?: string;
  fields?: Record<string, unknown>;
  app?: string | null;
  occurred_at?: Millis | null;
  ended_at?: Millis | null;
  superseded_by?: string | null;
  /** Extra sources to cite (merges add the sources of what they merged). */
  addProvenance?: Provenance[];
}

export interface ListMemoriesOptions {
  kinds?: MemoryKind[];
  since?: Millis;
  until?: Millis;
  app?: string;
  /** Only procedural experience rows (true) or exclude them (false). */
  experiences?: boolean;
  includeSuperseded?: boolean;
  /** Only archived memories (true), only current ones (false), or both (absent: exports, the brain's own passes). */
  archived?: boolean;
  limit?: number;
  offset?: number;
  order?: 'newest' | 'oldest';
}

export interface SearchOptions {
  query: string;
  kinds?: MemoryKind[];
  since?: Millis;
  until?: Millis;
  app?: string;
  limit?: number;
  mode?: 'hybrid' | 'bm25' | 'vector';
  /** Precomputed query embedding (benchmarks); otherwise the store's Embedder is asked. */
  queryEmbedding?: Float32Array;
  includeSuperseded?: boolean;
  /** Archived memories (unused for long) are skipped unless this is set. */
  includeArchived?: boolean;
  /**
   * Whether screen passages that match lift the memories citing them (default true). The brain's
   * own duplicate lookups turn it off: they compare a draft with memories, not with what was seen,
   * and ranking every passage a long draft's words match was most of a flush's time.
   */
  passages?: boolean;
  /**
   * The question as it was asked, stop words and all ("by when", "take off", "turning up"): its
   * everyday phrasings pick the line that answers inside a found screen (everyday-phrases.ts). It
   * never ranks memories; default: the query.
   */
  asked?: string;
  /** "now" for the recency/usage weight; tests pin it. */
  now?: Millis;
  /** The user's IANA time zone, for the days, weeks and months the query names (default: the process's). */
  timeZone?: string;
  /** Told when this search answered by keywords alone: its query's vector was not ready within the retriever's meaningWaitMs. */
  onKeywordOnly?: () => void;
}

export interface FrameRecord {
  id: string;
  display: string;
  captured_at: Millis;
  width: number;
  height: number;
  phash: string;
  bytes: number;
  app: string | null;
  title: string | null;
  url: string | null;
  damaged: boolean;
  /** Excluded windows the privacy gate masked in it, counted by reason; null when none. */
  hidden: HiddenCounts | null;
}
export type NewFrame = Omit<FrameRecord, 'id' | 'damaged' | 'bytes' | 'hidden'> & { id?: string; hidden?: HiddenCounts | null };

export type ObservationKind = 'screen' | 'audio';
export interface ObservationRecord {
  id: string;
  kind: ObservationKind;
  frame_id: string | null;
  audio_id: string | null;
  display: string | null;
  observed_at: Millis;
  app: string | null;
  title: string | null;
  url: string | null;
  /** OCR or transcript text, already redacted. */
  text: string;
  caption: string | null;
  processed_at: Millis | null;
}
export type NewObservation = Omit<ObservationRecord, 'id' | 'processed_at'> & { id?: string };

export interface AudioRecord {
  id: string;
  started_at: Millis;
  duration_ms: number;
  bytes: number;
  mime: string;
}

/** Where a thread came from: Engram's own chat, or an import (`engram add --file`, an archive). */
export type ThreadOrigin = 'chat' | 'import';

export interface ThreadRecord {
  id: string;
  title: string;
  created_at: Millis;
  updated_at: Millis;
  /** Only 'chat' threads are the user speaking to Engram: only they are read for feedback (migration 012). */
  origin: ThreadOrigin;
}

export type MessageRole = 'system' | 'user' | 'assistant' | 'tool';
export interface MessageRecord {
  id: string;
  thread_id: string;
  role: MessageRole;
  /** Plain text of the message (text parts joined). */
  text: string;
  /** The original message JSON as given (tool_calls, tool_call_id, parts). */
  raw: unknown;
  created_at: Millis;
  /** 'complete' | 'partial' (a stream that failed mid-way) | 'error'. */
  status: 'complete' | 'partial' | 'error';
  processed_at: Millis | null;
}
export type NewMessage = Omit<MessageRecord, 'id' | 'processed_at' | 'status' | 'created_at'> & {
  id?: string;
  created_at?: Millis;
  status?: MessageRecord['status'];
};

export interface StoreStats {
  counts: Record<MemoryKind | 'experience' | 'frames' | 'observations' | 'messages', number>;
  frame_bytes: number;
  audio_bytes: number;
  db_bytes: number;
  /** Memories waiting for their vector. */
  pending_embeddings: number;
  /** Screen passages waiting for their vector (a queue of its own, behind the memories'). */
  pending_passage_embeddings: number;
  counters: Record<string, number>;
}

export interface ForgetReport {
  memories: number;
  frames: number;
  observations: number;
  messages: number;
  audio: number;
}

export type { SourceType };

import type { Memory, PassageMatch } from '../../shared/index.js';
import type { Moment, TemporalRelation } from './temporal-question.js';
import type { TimeRange } from '../../shared/time/index.js';

/** Why a memory is among the candidates: it matched the question, or it happened in the asked-about window. */
export type CandidateSource = 'search' | 'recent';

export interface Candidate {
  memory: Memory;
  /** Hybrid search score; null for window events found by time alone. */
  score: number | null;
  source: CandidateSource;
  /** 0 = first to include when the prompt budget runs short. */
  priority: number;
  /** Screen passages behind the memory that matched the question, best first. */
  passages?: PassageMatch[];
}

/** A memory as numbered in the prompt: [n] in the answer points to it. */
export interface NumberedMemory {
  n: number;
  memory: Memory;
  source: CandidateSource;
  score: number | null;
  /** The line the model (or the offline answer) sees. */
  line: string;
  /** Screen passages behind the memory that matched the question, best first. */
  passages?: PassageMatch[];
}

export interface Retrieval {
  /** The question with its time expression removed. */
  rest: string;
  /** What was searched for (keywords or extracted topics); empty when the question is only about time. */
  query: string;
  timeRange: TimeRange | null;
  /**
   * The window the question named, when searching inside it found nothing and the search was
   * made again over all time (timeRange is then null): the answer says so.
   */
  widenedFrom?: TimeRange | null;
  /** For a question about the order of what was seen ("before the hotel booking"): the moments that answer, in order. */
  timeline?: TimelineAnswer | null;
  /** Core blocks, always in the system prompt. */
  core: Memory[];
  /** Ordered by priority; the prompt builder takes as many as the budget allows. */
  candidates: Candidate[];
  /** High-sensitivity vault items that matched: never sent to a model, revealable locally. */
  withheld: Memory[];
  elapsedMs: number;
}

/** Moments of the timeline that answer a question about order, oldest first. */
export interface TimelineAnswer {
  relation: TemporalRelation;
  /** The words that named each anchor ("the hotel booking"). */
  anchorWords: string[];
  moments: Moment[];
  /** Indexes into moments of the anchors themselves. */
  anchors: number[];
  /** The asked part of the day ("this morning") when it held no window: the moments are that whole day's. */
  widenedFrom?: string;
}

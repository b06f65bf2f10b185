import { DIRECTIVES_CHARS, type PromptBudget } from './prompt-builder.js';
import { SUMMARY_MAX_CHARS, SUMMARY_THRESHOLD } from './thread-summarizer.js';

/** How a conversation's running summary is sized, for one model. */
export interface SummaryBudget {
  /** Older turns are summarised once the prompt with all of them would pass this many tokens. */
  triggerTokens: number;
  /** What the summarizer may write (tokens), and what is kept of it (characters). */
  summaryTokens: number;
  summaryChars: number;
  /** How much of the older turns one summarizer call is given (characters). */
  inputChars: number;
}

/** What a summarizer call needs beside the turns: its instructions and the earlier summary's frame. */
const SUMMARIZER_OVERHEAD_TOKENS = 300;
/** The budget with no window known (offline, or a server that does not say): as before windows were read. */
const UNKNOWN = { summaryTokens: 400, inputChars: 24_000 };

/**
 * The summary's budget from the model's context window, not from the prompt budget alone: a small
 * local model (a 2k or 4k window) is summarised for before its window overflows, with a summary and
 * a summarizer input that fit it; a large window keeps the prompt budget's trigger (the prompt is
 * built to that budget whatever the model) and the full summary. `answerTokens` is kept free for the answer.
 */
export function summaryBudget(promptTokens: number, contextWindow: number | null, answerTokens: number): SummaryBudget {
  if (contextWindow === null) {
    return { triggerTokens: SUMMARY_THRESHOLD * promptTokens, summaryTokens: UNKNOWN.summaryTokens, summaryChars: SUMMARY_MAX_CHARS, inputChars: UNKNOWN.inputChars };
  }
  const usable = Math.max(256, contextWindow - answerTokens);
  const summaryTokens = Math.round(Math.min(UNKNOWN.summaryTokens, Math.max(120, contextWindow * 0.04)));
  // Three characters a token: conservative for prose, so the call fits the window it is sized for.
  const inputChars = Math.round(Math.min(UNKNOWN.inputChars, Math.max(1_000, (contextWindow - summaryTokens - SUMMARIZER_OVERHEAD_TOKENS) * 3)));
  return {
    triggerTokens: SUMMARY_THRESHOLD * Math.min(promptTokens, usable),
    summaryTokens,
    summaryChars: Math.min(SUMMARY_MAX_CHARS, summaryTokens * 4),
    inputChars,
  };
}

/** Tokens left between the prompt estimate and the window for the estimate's error. */
const WINDOW_MARGIN_TOKENS = 128;

/**
 * A small context window shrinks the whole prompt, not only the summary: the prompt must leave the
 * answer its room, so every part (memories, history, core blocks, directives) shrinks by the same share.
 */
export function fitWindow(budget: PromptBudget, contextWindow: number | null, answerTokens: number): PromptBudget {
  if (contextWindow === null) return budget;
  const cap = Math.max(512, contextWindow - answerTokens - WINDOW_MARGIN_TOKENS);
  if (cap >= budget.maxPromptTokens) return budget;
  const share = cap / budget.maxPromptTokens;
  return {
    ...budget,
    maxPromptTokens: cap,
    historyTokens: Math.round(budget.historyTokens * share),
    minMemoryTokens: Math.round(budget.minMemoryTokens * share),
    coreBlockChars: Math.round(budget.coreBlockChars * share),
    historyMessageChars: Math.round(budget.historyMessageChars * share),
    directiveChars: Math.round((budget.directiveChars ?? DIRECTIVES_CHARS) * share),
  };
}

import type { LlmProvider } from '../llm/index.js';
import { clip } from '../../shared/memory/index.js';
import type { HistoryTurn } from './prompt-builder.js';
import { forModel } from './prompt-builder.js';

/** The running summary is kept this short: it rides along in every later prompt of the thread. */
export const SUMMARY_MAX_CHARS = 1600;
/** Messages kept verbatim after the summary (MIRIX keeps the last few). */
export const VERBATIM_MESSAGES = 5;
/** A prompt past this share of its budget gets its older turns summarised. */
export const SUMMARY_THRESHOLD = 0.75;

const system = (words: number) => `You keep the running summary of a conversation between a user and Engram, their personal memory assistant.
Write the new summary: the earlier summary (if any) updated with the turns given. Keep what a later question may refer back to: what the user asked, the answers and facts found (names, dates, numbers, decisions), the user's stated preferences and open questions. Drop pleasantries and citation marks. Plain text, at most ${words} words, third person ("The user asked…").`;

/** The summary's size and the input one call is given (summary-budget.ts sizes them for the model's window). */
export interface SummarizerLimits {
  summaryTokens: number;
  summaryChars: number;
  inputChars: number;
}

const DEFAULT_LIMITS: SummarizerLimits = { summaryTokens: 400, summaryChars: SUMMARY_MAX_CHARS, inputChars: 24_000 };

/**
 * Summarises older turns into the running summary (one call, the extraction model). Text goes out
 * redacted as every prompt does; null on any failure, and the caller then sends what fits.
 */
export async function summarizeTurns(llm: LlmProvider, previous: string | null, turns: HistoryTurn[], signal?: AbortSignal, limits: SummarizerLimits = DEFAULT_LIMITS): Promise<string | null> {
  if (!llm.online || turns.length === 0) return null;
  const lines = turns.map((t) => `${t.role === 'user' ? 'User' : 'Engram'}: ${clip(forModel(t.text), 1500)}`);
  const head = previous ? `Earlier summary:\n${forModel(previous)}\n\n` : '';
  const turnsText = `Turns to add:\n${lines.join('\n')}`;
  // The newest turns matter most when the window cannot take them all; the earlier summary stays.
  const room = Math.max(200, limits.inputChars - head.length);
  const content = `${head}${turnsText.length > room ? `Turns to add (the oldest left out):\n…${turnsText.slice(-(room - 40))}` : turnsText}`;
  try {
    const res = await llm.complete({
      purpose: 'chat.summary',
      tier: 'extraction',
      system: system(Math.round(limits.summaryTokens / 2)),
      messages: [{ role: 'user', content: content.slice(0, limits.inputChars) }],
      maxTokens: limits.summaryTokens,
      timeoutMs: 30_000,
      signal,
    });
    const text = clip(res.text.trim(), limits.summaryChars);
    return text || null;
  } catch {
    return null;
  }
}

import type { LlmProvider } from '../llm/index.js';
import { clip } from './memory-line.js';
import type { HistoryTurn } from './prompt-builder.js';
import { forModel } from './prompt-builder.js';

/** The running summary is kept this short: it rides along in every later prompt of the thread. */
export const SUMMARY_MAX_CHARS = 1600;
/** Messages kept verbatim after the summary (MIRIX keeps the last few). */
export const VERBATIM_MESSAGES = 5;
/** A prompt past this share of its budget gets its older turns summarised. */
export const SUMMARY_THRESHOLD = 0.75;

const SYSTEM = `You keep the running summary of a conversation between a user and Engram, their personal memory assistant.
Write the new summary: the earlier summary (if any) updated with the turns given. Keep what a later question may refer back to: what the user asked, the answers and facts found (names, dates, numbers, decisions), the user's stated preferences and open questions. Drop pleasantries and citation marks. Plain text, at most 200 words, third person ("The user asked…").`;

/**
 * Summarises older turns into the running summary (one call, the extraction model). Text goes out
 * redacted as every prompt does; null on any failure, and the caller then sends what fits.
 */
export async function summarizeTurns(llm: LlmProvider, previous: string | null, turns: HistoryTurn[], signal?: AbortSignal): Promise<string | null> {
  if (!llm.online || turns.length === 0) return null;
  const lines = turns.map((t) => `${t.role === 'user' ? 'User' : 'Engram'}: ${clip(forModel(t.text), 1500)}`);
  const content = `${previous ? `Earlier summary:\n${forModel(previous)}\n\n` : ''}Turns to add:\n${lines.join('\n')}`;
  try {
    const res = await llm.complete({
      purpose: 'chat.summary',
      tier: 'extraction',
      system: SYSTEM,
      messages: [{ role: 'user', content: content.slice(0, 24_000) }],
      maxTokens: 400,
      timeoutMs: 30_000,
      signal,
    });
    const text = clip(res.text.trim(), SUMMARY_MAX_CHARS);
    return text || null;
  } catch {
    return null;
  }
}

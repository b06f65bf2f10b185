import { z } from 'zod';
import { redactText, switchesForModel } from '../../shared/redaction/index.js';
import { forcedToolCall, type LlmProvider } from '../llm/index.js';
import type { MemoryDraft } from '../subagent-kit/index.js';

export const NARRATION_PROMPT = `You write the summary of one work session of the user for their personal memory, in the user's own first person, past tense, as they would jot it in a diary: "I spent most of the morning on the Q3 deck in Keynote, then answered Ana in Slack and debugged the deploy pipeline." Use only the activities listed (with their durations); name apps, documents and people as given; no invented details; one to three sentences. Redaction markers like [redacted:card] stay as they are. Call write_summary once.`;

export const WRITE_SUMMARY = {
  name: 'write_summary',
  description: "The session summary, in the user's first person.",
  schema: z.object({ summary: z.string().trim().min(10).max(800) }),
};

/**
 * With a model, a collapsed segment's session summary is written in the user's first person
 * (MIRA); the template's list of activities stays in the details. Returns null when the model
 * does not give one, and the caller keeps the template.
 */
export async function narrateSession(llm: LlmProvider, draft: MemoryDraft, signal?: AbortSignal): Promise<string | null> {
  if (!llm.online) return null;
  const listing = redactText(`${draft.title}\n${draft.details ?? draft.text}`, switchesForModel()).text.slice(0, 4000);
  const written = await forcedToolCall(
    llm,
    { purpose: 'session-summary', tier: 'extraction', system: NARRATION_PROMPT, messages: [{ role: 'user', content: listing }], maxTokens: 400, signal },
    WRITE_SUMMARY,
  );
  return written?.summary ?? null;
}

import { z } from 'zod';
import type { LlmProvider } from '../llm/index.js';
import { redactText, switchesForModel } from '../../shared/redaction/index.js';

const TopicsSchema = z.object({ topics: z.array(z.string().trim().min(1).max(100)).max(8) });

const SYSTEM = `You turn a user's question to their personal memory assistant into search topics.
Reply with JSON only: {"topics": ["...", "..."]} holding 1 to 5 short topics: names of people, projects, apps, documents, places and the subject asked about, with useful synonyms. Leave out time expressions (those are handled separately) and filler words.`;

/**
 * MIRIX-style focus topics before searching: the model names what the question is about, which
 * helps vague questions ("that thing Ana sent about the move"). Only the question is sent, never
 * memories, and without its credentials, card, account and ID numbers, as every prompt (redteam56:
 * a key or an account number the user typed in a question reached the model here, in clear).
 * Returns null on any failure, and the caller searches with its own keywords instead.
 */
export async function extractTopics(llm: LlmProvider, question: string, signal?: AbortSignal): Promise<string[] | null> {
  if (!llm.online) return null;
  try {
    const res = await llm.complete({
      purpose: 'chat.topics',
      tier: 'extraction',
      system: SYSTEM,
      messages: [{ role: 'user', content: redactText(question.slice(0, 2000), switchesForModel()).text }],
      maxTokens: 150,
      timeoutMs: 15_000,
      signal,
    });
    const json = /\{[\s\S]*\}/.exec(res.text)?.[0];
    if (!json) return null;
    const parsed = TopicsSchema.safeParse(JSON.parse(json));
    return parsed.success && parsed.data.topics.length ? parsed.data.topics : null;
  } catch {
    return null;
  }
}

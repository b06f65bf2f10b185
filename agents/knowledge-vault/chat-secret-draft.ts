import type { Provenance } from '../../shared/index.js';
import type { MemoryDraft } from '../subagent-kit/index.js';
import { labelOf, sensitivityOf } from './sensitivity.js';

/** A secret told to Engram in chat, as the vault writes it down. */
export interface ChatSecret {
  kind: string;
  value: string;
  /** The word that labelled it in the text ("door code", "Passport number"). */
  word: string | null;
  /** What the text says it is for ("wifi" in "my wifi password is …"). */
  purpose: string | null;
  /** The text before it (the word just before its label says which one). */
  before: string;
  /** The sentence it stood in, its value replaced by its marker. */
  context: string | null;
  /** The conversation's title (a purpose when the text names none). */
  thread: string | null;
  at: number;
  provenance: Provenance[];
}

/** The word just before the label that says which one ("Wi-Fi" in "the Wi-Fi password at the cabin is …"). */
function qualifierBefore(before: string, word: string): string | null {
  const at = before.toLowerCase().lastIndexOf(word.toLowerCase());
  if (at < 0) return null;
  const m = /([\p{L}][\p{L}\p{N}-]{1,30})\s+$/u.exec(before.slice(0, at));
  if (!m || /^(my|the|our|your|a|an|this|that|his|her|their|new|old|type|enter|use|is|and|or|to|of|for)$/i.test(m[1]!)) return null;
  return m[1]!;
}

/** The sentence of scrubbed text around a position (where a secret's marker stands). */
export function sentenceAt(text: string, at: number): string | null {
  // A sentence ends at . ! ? before white space ("10.0.4.12" is not an end) or at a line break.
  let start = 0;
  for (const m of text.slice(0, at).matchAll(/[.!?](?=\s)|\n/g)) start = m.index + 1;
  const rest = text.slice(at);
  const end = at + (rest.search(/[.!?\n](?:\s|$)/) >= 0 ? rest.search(/[.!?\n](?:\s|$)/) + 1 : rest.length);
  return text.slice(start, end).replace(/\s+/g, ' ').trim().slice(0, 300) || null;
}

/** The sentence of scrubbed text that holds the nth marker (where a secret typed in chat was). */
export function sentenceWithMarker(text: string, marker: string, nth: number): string | null {
  let at = -1;
  for (let i = 0; i <= nth; i++) {
    at = text.indexOf(marker, at + 1);
    if (at < 0) return null;
  }
  return sentenceAt(text, at);
}

/** Conversation titles that say nothing of what a secret is for. */
const PLAIN_THREAD = /^(notes|new conversation|imported conversation|chat)$/i;

/** The vault entry for a secret told in chat: named by the user's words, masked, citing the message. */
export function chatSecretDraft(s: ChatSecret, dayOf: (ms: number) => string): MemoryDraft {
  const word = s.word;
  const before = word ? qualifierBefore(s.before, word) : null;
  // "my wifi password is …": "wifi" is already what it is for.
  const qualifier = before && before.toLowerCase() !== s.purpose?.toLowerCase() ? before : null;
  const base = word && word.toLowerCase() !== s.kind.replace(/_/g, ' ') ? word : labelOf(s.kind);
  const noun = qualifier ? `${qualifier} ${base.toLowerCase()}` : base.charAt(0).toUpperCase() + base.slice(1);
  // What it is for: the user's words, else the conversation's own title (one that still holds a marker says nothing).
  const thread = s.thread && !PLAIN_THREAD.test(s.thread) && !s.thread.includes('[redacted:') ? s.thread : null;
  const purpose = s.purpose ?? thread;
  const title = `${noun}${purpose ? ` for ${purpose}` : ''}`;
  return {
    kind: 'knowledge_vault',
    title,
    text: `${title}, told to Engram in chat on ${dayOf(s.at)}.${s.context ? ` Context: "${s.context}"` : ''}`,
    fields: { entry_type: s.kind, source: 'chat', sensitivity: sensitivityOf(s.kind), secret: s.value },
    occurred_at: s.at,
    provenance: s.provenance,
  };
}

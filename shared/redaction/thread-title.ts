import { DEFAULT_REDACTION } from './detectors.js';
import { redactText } from './redactor.js';
import { clip, collapse } from '../memory/index.js';

/**
 * A thread's title is shown everywhere the thread is (the list, exports, sources of memories, MCP),
 * so it never holds what redaction takes out (issue 28: "My github token is ghp_…" became a title
 * and left through exports marked masked). The always-on categories apply (credentials, cards,
 * accounts, ID numbers), whatever the display switches say. Redacted before it is clipped: a key
 * cut in half is no longer recognised.
 */
export function threadTitle(title: string): string {
  return redactText(title, DEFAULT_REDACTION).text;
}

/** The title a first question gives its new thread: redacted, on one line, at most 60 characters. */
export function titleFor(question: string): string {
  return clip(collapse(threadTitle(question)), 60) || 'New conversation';
}

import type { ChatCitation, ChatRetrieved } from '../../../../shared/api/index.js';
import { tabOf } from '../../lib/kinds.js';
import { markCounted } from '../../lib/memory-use.js';
import { momentHref, questionWords } from '../../lib/moment-link.js';
import { hrefFor } from '../../lib/route.js';

/**
 * Where a citation opens: a memory cited for what was on screen (a screen passage behind it matched
 * the question) opens that moment's view with the question's words highlighted; any other, the memory.
 * The moment comes with the stored answer (moment_id), so it holds after a reload; a turn still
 * streaming has only its retrieved passages.
 */
export function citationHref(c: ChatCitation, retrieved: ChatRetrieved[], question: string): string {
  const r = retrieved.find((x) => x.memory.id === c.memory_id);
  const moment = c.moment_id ?? r?.passages?.[0]?.observation_id;
  if (moment) return momentHref(moment, questionWords(question));
  return hrefFor('memories', r ? tabOf(r.memory) : c.kind, c.memory_id);
}

/** Before a citation's link to its memory is followed: the answer already counted it as used (citing is a use). */
export function beforeCitation(c: ChatCitation, href: string): void {
  if (href.startsWith('#/memories/')) markCounted(c.memory_id);
}

/** A citation clicked in the answer's text ([n]): where its card goes. */
export function followCitation(c: ChatCitation, retrieved: ChatRetrieved[], question: string): void {
  const href = citationHref(c, retrieved, question);
  beforeCitation(c, href);
  window.location.hash = href;
}

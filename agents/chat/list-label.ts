/**
 * "Which seats do we have", "what dates did they offer": a plural object asks for a list, which the
 * offline lead leaves to the evidence; but a screen that labels one cell with that very noun ("Seats:
 * 14 and 15", "Dates · 3, 4 and 9 May") holds the whole list in one place, and that cell is the answer
 * to lead with. The noun is the question's own word, as a label says it (or its singular); the rest
 * of the question is judged as for any other value. The screen's words are data.
 */
import type { PassageMatch } from '../../shared/index.js';

/** The plural noun right after "what"/"which" ("which seats", "what time slots": its last word). */
const OBJECT = /^\s*(?:so\s+|and\s+)?(?:what|which)\s+(?:(\p{L}+)\s+)?(\p{L}{3,}s)\b/iu;
const AUX = /^(?:is|are|was|were|do|does|did|has|have|had|can|could|will|would|should)$/i;

/** The singular a label may use for the same list ("Seat: 14, 15"). */
function forms(noun: string): string[] {
  const n = noun.toLowerCase();
  const one = n.endsWith('ies') ? `${n.slice(0, -3)}y` : /(?:ches|shes|sses|xes)$/.test(n) ? n.slice(0, -2) : n.slice(0, -1);
  return [n, one];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether a found screen labels one cell with the question's plural object, a value beside it. */
export function listInOneCell(question: string, passages: readonly Pick<PassageMatch, 'text'>[]): boolean {
  const m = OBJECT.exec(question);
  if (!m) return false;
  // "What does she …", "which are …": no noun after the wh-word.
  if (m[1] && AUX.test(m[1])) return false;
  const noun = m[2]!;
  if (AUX.test(noun)) return false;
  const label = new RegExp(String.raw`(?:^|\n|[·|•]\s*|\s{2,})(?:${forms(noun).map(escape).join('|')})\s*(?::|·|\s{2,})\s*[\p{L}\p{N}]`, 'iu');
  return passages.some((p) => label.test(p.text));
}

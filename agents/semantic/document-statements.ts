/**
 * What a document states in prose that a user keeps: the items under a notes page's "Decisions"
 * heading ("The offsite is in Lisbon, 12–14 November."), and the rules a policy document sets
 * ("Submit receipts within 30 days of the trip."). Labelled values are screen-facts.ts's; these are
 * sentences, so only these two shapes are read, to keep the rest of a page's prose out of memory.
 */

export interface DocumentStatement {
  /** "Decided" or "Rule". */
  label: string;
  /** The sentence, as read. */
  text: string;
}

/** A heading that opens a list of decisions, in the languages Engram reads. */
const DECISIONS = /^(?:decisions?(?: made)?|decided|agreed|beschl(?:ü|ue|u)sse|entscheidungen|d[ée]cisions?|d[ée]cid[ée]|decisiones|acuerdos|decis[õo]es|decisioni)\s*:?$/i;
/** A list item's mark, OCR's readings of a bullet included («, +, o). */
const BULLET = /^(?:[«»•·*+\-–—◦▪‣>]|o(?=\s))\s*/;
/** A document that sets rules, by its title or a heading: a handbook, a policy, guidelines, terms. */
const POLICY_DOC =
  /\b(?:handbook|policy|policies|guidelines?|code of conduct|terms and conditions|terms of (?:use|service)|regulations?|house rules|handbuch|richtlinien?|leitfaden|hausordnung|r[èe]glement|politique|charte|pol[íi]tica|normas|regulamento|reglamento|manuale)\b/i;
const NUMBER = String.raw`(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fourteen|fifteen|twenty|thirty|sixty|ninety)`;
/** A sentence that sets a rule: a time limit, an obligation, or an allowance with a figure. */
const RULE = new RegExp(
  String.raw`\b(?:within|no later than|at (?:least|most)|up to|not (?:more|less) than|over|under|before|after)\s+${NUMBER}\s+(?:working |business |calendar )?(?:minutes?|hours?|days?|weeks?|months?|years?)\b` +
    String.raw`|\b(?:must|must not|may not|shall|are required to|is required to|are not allowed|is not allowed|are limited to|is limited to)\b` +
    String.raw`|\b(?:allowance|limit|deadline|maximum|minimum|reimburse[sd]?|per diem)\b[^.]*\d`,
  'i',
);
const MAX_ITEMS = 6;

function paragraphs(text: string): string[][] {
  const out: string[][] = [[]];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line) out[out.length - 1]!.push(line);
    else if (out[out.length - 1]!.length) out.push([]);
  }
  return out.filter((p) => p.length);
}

const sentence = (s: string): boolean => s.split(/\s+/).length >= 4 && s.length <= 240 && /\p{L}/u.test(s);

/** The items under a "Decisions" heading, up to the next blank line after them or the next heading. */
function decisions(text: string): string[] {
  const lines = text.split('\n').map((l) => l.trim());
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!DECISIONS.test(lines[i]!)) continue;
    let j = i + 1;
    while (j < lines.length && !lines[j]) j++;
    let bulleted = false;
    for (; j < lines.length && lines[j] && out.length < MAX_ITEMS; j++) {
      const marked = BULLET.test(lines[j]!);
      const item = lines[j]!.replace(BULLET, '').trim();
      // OCR may drop the blank line before the next section: an unmarked line after marked items,
      // or a short line with no sentence's end ("Action items"), is the next heading.
      if ((bulleted && !marked) || (!/[.!?]$/.test(item) && item.split(/\s+/).length <= 4)) break;
      bulleted ||= marked;
      if (sentence(item)) out.push(item);
    }
  }
  return out;
}

/** The rule-setting sentences of a policy document's prose (its lines joined, as OCR breaks them). */
function rules(text: string, title: string): string[] {
  const heads = text.split('\n').filter((l) => l.trim().length <= 60);
  if (!POLICY_DOC.test(title) && !heads.some((h) => POLICY_DOC.test(h))) return [];
  const out: string[] = [];
  for (const p of paragraphs(text)) {
    const prose = p.join(' ');
    if (prose.length < 40) continue;
    for (const s of prose.split(/(?<=[.!?])\s+(?=\p{Lu})/u)) {
      const t = s.trim();
      if (out.length < MAX_ITEMS && sentence(t) && /[.!]$/.test(t) && RULE.test(t)) out.push(t);
    }
  }
  return out;
}

/** Decisions and rules a screen's text states; the window title says whether it is a policy document. */
export function documentStatements(text: string, title: string): DocumentStatement[] {
  return [...decisions(text).map((t) => ({ label: 'Decided', text: t })), ...rules(text, title).map((t) => ({ label: 'Rule', text: t }))];
}

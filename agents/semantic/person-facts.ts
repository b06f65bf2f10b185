import type { BatchAnalysis } from '../subagent-kit/index.js';

/**
 * What a screen or a message says next to a name: the rest of its line ("Amara Lima  Senior
 * Engineer  Payments", "Dentist appointment with Dr. Rui Costa"), or, when the name stands alone
 * on its line (a signature, a contact card, a chat sender), the line under it ("Head of Finance,
 * Acme", "I pushed the fix"). Contact details are left out: they go to the knowledge vault.
 */
export interface SaidNextTo {
  text: string;
  source: number;
}

const CONTACT = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+|<[^>]*>|\+?\d[\d ()-]{7,}\d/g;
/** Times, list marks and separators around a name carry nothing about the person. */
const FILLER = /^(?:[\s:;,.·|•–—-]|\d{1,2}:\d{2}(?:\s?[ap]m)?|(?:from|to|cc|by)\b)+|(?:[\s:;,·|•–—-]|\d{1,2}:\d{2}(?:\s?[ap]m)?)+$/gi;
const MAX_SAID = 3;
const MAX_CHARS = 160;

function words(s: string): number {
  return s.split(/\s+/).filter((w) => /\p{L}{2,}/u.test(w)).length;
}

function tidy(s: string): string {
  return s.replace(CONTACT, ' ').replace(/\s+/g, ' ').replace(FILLER, '').trim();
}

/** A mail's sender line, and the header lines and greeting between it and what they wrote. */
const FROM_LINE = /^(?:From|Von|De|Da|Sender|Absender|Remetente|Remitente|Expéditeur)\s*:/i;
const HEADER_LINE = /^[\p{L}][\p{L} -]{0,15}:\s/u;
const GREETING = /^(?:hi|hello|hey|dear|good (?:morning|afternoon|evening)|hallo|liebe[rs]?|sehr geehrte[rs]?|moin|bonjour|salut|cher|chère|hola|estimad[oa]|buenos días|ciao|gentile|caro|cara|olá|oi|prezad[oa])\b.{0,40}$/iu;
/** A chat message's sender line: the name and the time it was sent, alone. */
const SENT_AT = /^\s*\d{1,2}:\d{2}(?:\s?[ap]\.?m\.?)?\s*$/i;

/** The first paragraph of a mail under its sender line, cut at a sentence's end: what the sender wrote. */
function mailBody(lines: string[], from: number): string {
  let k = from + 1;
  while (k < lines.length && (!lines[k] || HEADER_LINE.test(lines[k]!) || GREETING.test(lines[k]!))) k++;
  const para: string[] = [];
  for (; k < lines.length && lines[k]; k++) para.push(lines[k]!);
  const text = para.join(' ').replace(/\s+/g, ' ').trim();
  if (text.length <= MAX_CHARS) return text;
  let cut = '';
  for (const sentence of text.split(/(?<=[.!?])\s+/)) {
    if ((cut ? `${cut} ${sentence}` : sentence).length > MAX_CHARS) break;
    cut = cut ? `${cut} ${sentence}` : sentence;
  }
  return cut || text;
}

/** Lower case with i and l alike; the same length as the text, so positions carry over. */
function ilFold(s: string): string {
  return s.toLowerCase().replace(/i/g, 'l');
}

export function saidNextTo(name: string, a: BatchAnalysis, sourceIds: number[]): SaidNextTo[] {
  const out: SaidNextTo[] = [];
  const seen = new Set<string>();
  // OCR reads a capital I as l ("Dr. llse Brandt"): the name is looked for with the two letters alike.
  const lower = ilFold(name);
  for (const i of sourceIds) {
    const s = a.sources[i];
    if (!s || s.role === 'assistant' || s.role === 'tool' || s.role === 'system') continue;
    const lines = a.scrub(s.text).split(/\r?\n/).map((l) => l.trim());
    for (let k = 0; k < lines.length && out.length < MAX_SAID; k++) {
      const line = lines[k]!;
      const at = ilFold(line).indexOf(lower);
      if (at < 0) continue;
      const rest = tidy(line.slice(0, at) + ' ' + line.slice(at + name.length));
      const fromLine = FROM_LINE.test(line) ? mailBody(lines, k) : '';
      let said = fromLine && words(fromLine) >= 2 ? `wrote: ${fromLine}` : words(rest) >= 2 ? tidy(line.replace(CONTACT, ' ')) : '';
      if (!said) {
        // The name alone on its line: what follows it is about them (a role, what they wrote).
        const next = lines.slice(k + 1).find((l) => l.length > 0);
        // A line opening with a figure is a table's next row or a list's next item, not about them.
        if (next && /^\p{L}/u.test(next) && words(tidy(next)) >= 2 && !ilFold(next).includes(lower)) {
          // The name with the time it was sent heads a chat message: the line under it is what they wrote.
          said = SENT_AT.test(line.slice(at + name.length)) ? `wrote: ${tidy(next)}` : tidy(next);
        }
      }
      if (!said || words(said) < 2) continue;
      const cut = said.length > MAX_CHARS + 7 ? `${said.slice(0, MAX_CHARS + 6).trimEnd()}…` : said;
      const key = cut.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ text: cut, source: i });
    }
  }
  return out;
}

/** Small text helpers shared by the sub-agents' offline extractors and the writer's duplicate checks. */

import { oneLine } from '../../shared/text/index.js';

// Sub-agents take oneLine from the kit, with the rest of their text helpers.
export { oneLine };

const STOP = new Set(
  `a an and are as at be been but by can could did do does for from had has have he her him his how i if in into is it its me my of
  on or our she so than that the their them then there these they this those to was we were what when where which who why will
  with would you your yours about after all also am any before both each few here just more most no not now off once only other
  out over own same should some such too under until up very while`.split(/\s+/),
);

/** Lower case, accents folded, punctuation to spaces, spaces collapsed. */
export function normalizeText(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A light suffix stripper: enough for "deploys"/"deploying"/"deployed" to meet, no dictionary. */
export function stem(w: string): string {
  if (w.length <= 4) return w;
  for (const suf of ['ingly', 'edly', 'ing', 'ies', 'ied', 'ed', 'es', 's']) {
    if (w.endsWith(suf) && w.length - suf.length >= 3) {
      const base = w.slice(0, -suf.length);
      return suf === 'ies' || suf === 'ied' ? `${base}y` : base;
    }
  }
  return w;
}

/** Content words (stop words dropped), stemmed, unique, in order. */
export function contentTokens(s: string): string[] {
  const out: string[] = [];
  for (const w of normalizeText(s).split(' ')) {
    if (!w || STOP.has(w) || (w.length < 2 && !/\d/.test(w))) continue;
    const t = stem(w);
    if (!out.includes(t)) out.push(t);
  }
  return out;
}

export function jaccard(a: string[], b: string[]): number {
  if (!a.length && !b.length) return 1;
  const sa = new Set(a);
  const sb = new Set(b);
  let inter = 0;
  for (const x of sa) if (sb.has(x)) inter++;
  return inter / (sa.size + sb.size - inter);
}

/** Share of `query`'s tokens found in `doc` (how well doc covers what was asked). */
export function coverage(query: string[], doc: string[]): number {
  if (!query.length) return 0;
  const sd = new Set(doc);
  return query.filter((t) => sd.has(t)).length / query.length;
}

export function truncate(s: string, max: number): string {
  if (s.length <= max) return s;
  return `${s.slice(0, Math.max(0, max - 1)).trimEnd()}…`;
}


/** Lines trimmed, empty and repeated ones dropped (OCR of an unchanged screen repeats itself). */
export function uniqueLines(texts: string[], seen = new Set<string>()): string[] {
  const out: string[] = [];
  for (const t of texts) {
    for (const raw of t.split(/\r?\n/)) {
      const line = oneLine(raw);
      if (line.length < 2) continue;
      const key = line.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(line);
    }
  }
  return out;
}

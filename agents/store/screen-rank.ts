/**
 * Ranking the passages of one screen against a question. Across screens, a passage's words are
 * matched in its text and in where it was seen (window title, app, URL): the title finds the right
 * screen, but every passage of that screen shares it, so inside the screen the title ranks short
 * lines first, not the line that answers. Inside one screen only what differs counts: the question's
 * words in the passage's own text, and how near its meaning is (the sentence encoder), so "how much
 * will I take home" finds "Net pay 3,794.58" on the payslip the title found. A value and the line
 * that names it come back together, by their shapes: under a caption, above the line naming it.
 */
import { alignedValues } from './label-column.js';

/** One passage of a screen: its words' BM25 in its own text (0: none matched), its similarity to the question (null: no vector). */
export interface ScreenCandidate {
  seq: number;
  words: number;
  meaning: number | null;
  /** The passage right before it in reading order on the same screen, if any. */
  after?: number | null;
  /** Its text, to tell a value line (a time, an amount) and a caption ("Phone", "p99 latency") by their shape. */
  text?: string;
  /** The line of its text that holds the question's words, when known (label-column.ts). */
  hitLine?: number | null;
}

/**
 * A line right under one that holds the question's words gets this share of that line's rank: a
 * value is often its own line under its label (a dashboard tile, a form, a card), and the label is
 * what the words find.
 */
export const UNDER_LABEL_SHARE = 0.9;

/**
 * A line right under a matched line that is no caption-and-value pair with it (a paragraph after a
 * paragraph) gets this share: it often goes on with it (a recipe's next step, the answer under a
 * question), but a value under its label, or the value above a line that names it, comes first.
 */
export const NEXT_LINE_SHARE = 0.7;

/**
 * The line right above a matched line gets this share of its rank when the two read as a value and
 * its caption: a value above the line that names it (a tile's big number over "p99 latency", a
 * flight's times over its route), or any line above a bare caption (a card's name over "Phone").
 * Less than under a label, the commoner layout.
 */
export const ABOVE_LABEL_SHARE = 0.8;

/**
 * A value in the column that follows a column of labels, as many lines in as the matched label
 * (label-column.ts), gets this share of the label's rank: below a value right under its label (the
 * alignment may be a line off), above a paragraph that merely follows.
 */
export const COLUMN_VALUE_SHARE = 0.85;

/** A value line: short, with a digit (a time, a date, an amount, a count, a phone number). */
export function isValueLine(text: string): boolean {
  const t = text.trim();
  return t.length > 0 && t.length <= 64 && /\p{N}/u.test(t);
}

/**
 * A caption: a label on its own line, a few words without a digit ("Phone", "Due date", "p99
 * latency" aside, "Available from"), or a line that ends by introducing what follows ("Amount due:").
 */
export function isCaptionLine(text: string): boolean {
  const t = text.trim();
  if (t.length > 0 && t.length <= 64 && /:$/.test(t)) return true;
  const c = t.replace(/[:,]$/, '');
  return c.length > 0 && c.length <= 32 && !/\p{N}/u.test(c) && c.split(/\s+/).length <= 4;
}

const firstLine = (text: string): string => text.trim().split('\n')[0]!;
const lastLine = (text: string): string => text.trim().split('\n').pop()!;

/**
 * Whether two passages, one right above the other, meet as a caption and its value: the upper one
 * ends with a caption, or the lower one starts with a value (a passage is often a group of lines).
 */
function captionAndValue(upper: string | undefined, lower: string | undefined): boolean {
  if (upper == null || lower == null) return true;
  return isCaptionLine(lastLine(upper)) || isValueLine(firstLine(lower));
}

/**
 * Weight of the meaning side inside a screen where the question's words are on some of its lines
 * (the words side gets the rest; where none is, meaning ranks alone). Less than half: the words side
 * leaves out the words the title holds, but the encoder cannot, so inside one screen its similarity
 * is mostly the screen's topic, which every line shares and its header the most; at 0.5 a line with
 * none of the question's words tied one that had them all. With the screens' passages embedded (the
 * app's state, `engram index`), screenqa's development days stated 33/27/32/29 of 40/35/53/45 at 0.5,
 * 34/28/32/29 at 0.25 (days 1, 3, 4, 5).
 */
export const SCREEN_MEANING_SHARE = 0.25;

/**
 * Each passage's share in [0, 1] of the screen's best: its own-text words relative to the screen's
 * best words, blended with its similarity rescaled between the screen's least and most similar.
 * A screen whose passages no word matches ranks by meaning alone, and one without vectors by words.
 */
export function rankWithinScreen(items: readonly ScreenCandidate[], meaningShare = SCREEN_MEANING_SHARE): Map<number, number> {
  const out = new Map<number, number>();
  if (!items.length) return out;
  const bestWords = Math.max(0, ...items.map((i) => i.words));
  const sims = items.flatMap((i) => (i.meaning == null ? [] : [i.meaning]));
  const hi = sims.length ? Math.max(...sims) : 0;
  const lo = sims.length ? Math.min(...sims) : 0;
  const useWords = bestWords > 0;
  const useMeaning = sims.length > 1 && hi > lo;
  const wm = useWords && useMeaning ? meaningShare : useMeaning ? 1 : 0;
  const ww = useWords ? 1 - wm : 0;
  const raw = items.map((i) => {
    const nw = useWords ? Math.max(0, i.words) / bestWords : 0;
    const nv = useMeaning && i.meaning != null ? (i.meaning - lo) / (hi - lo) : 0;
    return { seq: i.seq, s: ww * nw + wm * nv };
  });
  const own = new Map(raw.map((r) => [r.seq, r.s]));
  const matched = new Set(items.filter((i) => i.words > 0).map((i) => i.seq));
  const index = new Map(items.map((i, k) => [i.seq, k]));
  for (const [k, i] of items.entries()) {
    if (i.after == null || !matched.has(i.after)) continue;
    // A long line under a long line is the next paragraph, not the value of the one above: it may go on with it, no more.
    const share = captionAndValue(items[index.get(i.after) ?? -1]?.text, i.text) ? UNDER_LABEL_SHARE : NEXT_LINE_SHARE;
    raw[k]!.s = Math.max(raw[k]!.s, share * (own.get(i.after) ?? 0));
  }
  for (const i of items) {
    if (i.after == null || !matched.has(i.seq)) continue;
    const k = index.get(i.after);
    const above = k == null ? undefined : items[k];
    if (!above || above.text == null || i.text == null || !(isValueLine(lastLine(above.text)) || isCaptionLine(firstLine(i.text)))) continue;
    raw[k!]!.s = Math.max(raw[k!]!.s, ABOVE_LABEL_SHARE * (own.get(i.seq) ?? 0));
  }
  const column = alignedValues(items.map((i, k) => ({ seq: i.seq, text: i.text ?? '', hitLine: i.words > 0 ? i.hitLine : null, follows: k > 0 && i.after != null && i.after === items[k - 1]!.seq })));
  for (const [k, labels] of column) {
    for (const l of labels) raw[k]!.s = Math.max(raw[k]!.s, COLUMN_VALUE_SHARE * (own.get(items[l]!.seq) ?? 0));
  }
  const best = Math.max(...raw.map((r) => r.s));
  for (const r of raw) out.set(r.seq, best > 0 ? r.s / best : 0);
  return out;
}

/** A word's key for comparing a question with a title: plain, lower case, without a plural "s". */
function wordKey(word: string): string {
  const w = word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/['’]s$/, '');
  return w.length > 3 && /[^s]s$/.test(w) ? w.slice(0, -1) : w;
}

/** Whether two word keys are one word's forms: equal, or one the other with an ending of up to 3 letters ("budget", "budgeted"). */
function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= 4 && long.length - short.length <= 3 && long.startsWith(short);
}

/**
 * The question's terms that say which line, not which screen: those the screens' titles, apps and
 * URLs hold ("payments dashboard" on "Payments API — Dashboards") found the screen and are in many
 * of its lines, so inside it they would rank the header, not the line asked about. When the title
 * holds every term ("how do I rotate the API key" on "How to rotate the API key") none is left, and
 * the screen keeps the order the search gave it (its lines that repeat the terms are its body).
 */
export function termsWithinScreen(terms: readonly string[], places: readonly (string | null)[]): string[] {
  const placeWords = [...new Set(places.flatMap((p) => (p ?? '').split(/[^\p{L}\p{N}]+/u)).filter(Boolean).map(wordKey))];
  const left = terms.filter((t) => !placeWords.some((w) => sameWord(w, wordKey(t))));
  return left;
}

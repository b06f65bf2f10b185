/**
 * Ranking the passages of one screen against a question. Across screens, a passage's words are
 * matched in its text and in where it was seen (window title, app, URL): the title finds the right
 * screen, but every passage of that screen shares it, so inside the screen the title ranks short
 * lines first, not the line that answers. Inside one screen only what differs counts: the question's
 * words in the passage's own text, and how near its meaning is (the sentence encoder), so "how much
 * will I take home" finds "Net pay 3,794.58" on the payslip the title found.
 */

/** One passage of a screen: its words' BM25 in its own text (0: none matched), its similarity to the question (null: no vector). */
export interface ScreenCandidate {
  seq: number;
  words: number;
  meaning: number | null;
  /** The passage right before it in reading order on the same screen, if any. */
  after?: number | null;
}

/**
 * A line right under one that holds the question's words gets this share of that line's rank: a
 * value is often its own line under its label (a dashboard tile, a form, a card), and the label is
 * what the words find.
 */
export const UNDER_LABEL_SHARE = 0.9;

/** Weight of the meaning side inside a screen (the words side gets the rest). */
export const SCREEN_MEANING_SHARE = 0.5;

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
  for (const [k, i] of items.entries()) {
    if (i.after == null || !matched.has(i.after)) continue;
    raw[k]!.s = Math.max(raw[k]!.s, UNDER_LABEL_SHARE * (own.get(i.after) ?? 0));
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

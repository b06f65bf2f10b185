import type { PassageMatch } from '../../shared/index.js';
import { plainWord } from '../../shared/text/index.js';
import { nounSenses } from '../runtime/index.js';
import { askedValue, meets, metByKin, stemsOf } from './asked-value.js';

/** Passages looked at for an anchor, at most: the best matches of its words (several per screen). */
export const ANCHOR_CANDIDATES = 24;

/** A window seen in the asked-about stretch of time: its title, (some of) what it showed, and its first sighting there. */
export interface DayWindow {
  title: string;
  text: string;
  observation_id?: string;
  seen_at?: string;
}

/** How much an anchor word counts where it is met: the window's title says what the screen is about, its text only mentions. */
export const TITLE_MET = 1;
/** A word met only by its kin in a title ("vacation" for "holiday"): less than the word itself. */
export const KIN_SHARE = 0.7;
/** A word met only in what the screen showed, not in its title. */
export const CONTENT_SHARE = 0.35;
/** Weight of naming the anchor against the search's own order (its score relative to the best): naming decides, the order breaks ties. */
const NAMED_WEIGHT = 3;
/** At most this much of a window's text is read for its words (the first sightings say what it is about). */
const WINDOW_TEXT_CHARS = 6_000;

/**
 * How specific a word is in the language at large, from the number of senses WordNet gives it as a
 * noun: a general word names many things ("settings" 7, "form" 16) and tells a window apart less than
 * a specific one ("printer" 3, "dentist" 1), or a name WordNet does not know ("Halden": 1). A day's
 * windows alone cannot tell them apart when each names one window ("Queue — Printer admin" and
 * "Display — System Settings" for "the printer settings").
 */
export function specificity(term: string): number {
  return 1 / (1 + Math.log(Math.max(1, nounSenses(plainWord(term)))));
}

/** A title's or text's stems, without accents and with its run-together words apart ("RoutePlanner": route, planner). */
function wordsOf(text: string): Set<string> {
  const plain = plainWord(text);
  const apart = text.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2').replace(/(\p{L})(\p{N})/gu, '$1 $2');
  return new Set([...stemsOf(plain), ...stemsOf(plainWord(apart))]);
}

/**
 * A file's name or a link in what a screen showed ("dentist-invoices-2024.pdf" in a folder's
 * listing, "example.com/router-setup"): it names another thing, it is not what the screen is about.
 */
const NAMES_ANOTHER = /\S+\.(?=\p{N}*\p{L})[\p{L}\p{N}]{2,5}(?![\p{L}\p{N}])\S*|\S*\p{L}[/\\]\S*/gu;

/**
 * How an anchor's term is met in a window: 1 in its title, less by a kin word, less again only in its
 * text's lines, more the more lines say it (one line CONTENT_SHARE, three half as much again, never
 * twice it: a route page's three lines about the bike over a claim's one), 0 not at all.
 */
function metIn(term: string, kin: ReadonlyMap<string, ReadonlySet<string>>, title: Set<string>, lines: readonly Set<string>[]): number {
  const plain = plainWord(term);
  // A kin word is met in a title only: WordNet's kin reach wide ("device" for "router"), and a page's many words meet some.
  const inTitle = meets(plain, title) ? 1 : metByKin(term, title, kin) ? KIN_SHARE : 0;
  const said = lines.filter((l) => meets(plain, l)).length;
  return Math.max(TITLE_MET * inTitle, CONTENT_SHARE * ((2 * said) / (said + 1)));
}

/**
 * Which screen "right after the hardware store receipt" means. Each of the anchor's words counts by
 * how rare it is among the windows of that stretch of time (one over how many meet it: "settings",
 * which many windows show, tells them apart less than "router", which one shows), by where it is
 * met (the window's title, which says what the screen is about, over its text, and never a file's
 * name in a listing: "receipts.zip"), and by how (the word, a run-together part of a title's word,
 * an accent-less spelling, over a kin word). Two windows naming the same rare word are told apart
 * by the rest, in what they showed. Among screens that name the anchor alike, the search's order
 * decides.
 *
 * `day` is the stretch's windows (title and text), for how rare each word is and what each window
 * showed; without it, the found passages stand for both. A window of the day that names the anchor
 * but that no found passage was on (the search knows no "planner" in "RoutePlanner") is a candidate
 * too, after the found ones at the same naming.
 */
export function anchorScreen<P extends Pick<PassageMatch, 'score' | 'window_title' | 'text'>>(hits: readonly P[], words: string, day: readonly DayWindow[] = []): P | DayWindow | undefined {
  if (hits.length < 2 && !day.length) return hits[0];
  const asked = askedValue(words);
  // What the user did ("I planned the bike ride", "I paid the plumber") is no word the screen shows: the things done it to are.
  const things = asked.terms.filter((t) => !asked.loose.includes(t));
  const terms = things.length ? things : asked.terms;
  if (!terms.length) return hits[0];
  // What each window showed: the day's own record of it, else the found passages of it.
  const shown = new Map<string, string[]>();
  for (const w of day) shown.set(w.title, [...(shown.get(w.title) ?? []), w.text]);
  const recorded = new Set(shown.keys());
  for (const h of hits) {
    const t = (h.window_title ?? '').trim();
    if (!recorded.has(t)) shown.set(t, [...(shown.get(t) ?? []), h.text]);
  }
  const met = new Map(
    [...shown].map(([title, texts]) => {
      const titleWords = wordsOf(title);
      const said = texts.join('\n').slice(0, WINDOW_TEXT_CHARS).replace(NAMES_ANOTHER, ' ').split(/\n+/);
      // A line seen again in another sighting of the window is one line.
      const lines = [...new Set(said.map((l) => l.trim()).filter(Boolean))].map(wordsOf);
      return [title, terms.map((t) => metIn(t, asked.kin, titleWords, lines))] as const;
    }),
  );
  // A word's weight: one over the number of windows that meet it at all (a word none meets tells none
  // apart), less the more general the word is in the language.
  const weight = terms.map((t, i) => {
    const df = [...met.values()].filter((m) => m[i]! > 0).length;
    return df ? specificity(t) / df : 0;
  });
  const total = weight.reduce((a, b) => a + b, 0) || 1;
  const named = (title: string) => (met.get(title) ?? []).reduce((sum, v, i) => sum + v * weight[i]!, 0) / total;
  const found = new Set(hits.map((h) => (h.window_title ?? '').trim()));
  const unfound = day.filter((w) => !found.has(w.title) && named(w.title) > 0);
  if (hits.length < 2 && !unfound.length) return hits[0];
  const best = Math.max(...hits.map((h) => h.score), 1e-9);
  // Naming the anchor outweighs any difference of word scores between two passages.
  const candidates = [
    ...hits.map((h) => ({ of: h as P | DayWindow, score: h.score / best + NAMED_WEIGHT * named((h.window_title ?? '').trim()) })),
    ...unfound.map((w) => ({ of: w as P | DayWindow, score: NAMED_WEIGHT * named(w.title) })),
  ];
  let pick: P | DayWindow | undefined;
  let top = -Infinity;
  for (const c of candidates) {
    if (c.score > top) {
      top = c.score;
      pick = c.of;
    }
  }
  return pick;
}

/** The windows of a stretch of observations (oldest first), each with its text and first sighting: what anchorScreen weighs an anchor's words over. */
export function dayWindows(observations: readonly { id: string; kind: string; observed_at: number; title: string | null; text: string }[]): DayWindow[] {
  const out = new Map<string, { texts: string[]; first: { id: string; at: number } }>();
  for (const o of observations) {
    const title = (o.title ?? '').trim();
    if (o.kind !== 'screen' || !title) continue;
    const w = out.get(title) ?? { texts: [], first: { id: o.id, at: o.observed_at } };
    // A window seen again and again shows much the same: its first distinct sightings say enough.
    if (w.texts.reduce((a, t) => a + t.length, 0) < WINDOW_TEXT_CHARS && !w.texts.includes(o.text)) w.texts.push(o.text);
    if (o.observed_at < w.first.at) w.first = { id: o.id, at: o.observed_at };
    out.set(title, w);
  }
  return [...out].map(([title, w]) => ({ title, text: w.texts.join('\n').slice(0, WINDOW_TEXT_CHARS), observation_id: w.first.id, seen_at: new Date(w.first.at).toISOString() }));
}

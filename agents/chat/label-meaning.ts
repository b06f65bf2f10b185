import type { Embedder } from '../store/index.js';
import { meets, metByKin, stem, stemsOf, type AskedValue } from './asked-value.js';

/**
 * Which label on a screen means what the question asks in other words ("when did I join the
 * company" → "Hire date", "who is my boss" → "Line manager"): the cosine of the store's own
 * embeddings of the question's unsaid words and each label. WordNet's kin links single words; a
 * phrase against a label is the embedder's to judge. Measured with the shipped encoder, unrelated
 * labels sit at 0.2–0.45 from a phrase and the right one often only a little above the rest, so a
 * label is taken only above a floor and clearly ahead of every other label of its screen.
 */
export type Meaning = (phrase: string, label: string) => number | undefined;

/** A label this close to the phrase at least. */
export const MEANING_FLOOR = 0.5;
/**
 * A lone word against a label is held to a higher floor: the encoder puts a single noun near labels of
 * things merely found with it ("plate" 0.55 from "Stored wheels", "wifi" 0.54 from "Router", "rent"
 * 0.55 from "Landlord"), and the same word or a close kind of thing higher ("security" 0.59-0.61 from
 * "Encryption", "salary" 0.61 from "Pay", "doctor" 0.62 from "Physician"), measured with the shipped encoder.
 */
export const LONE_WORD_FLOOR = 0.58;
/** And this much closer than the next label of the same screen: two labels alike close say nothing. */
export const MEANING_MARGIN = 0.05;
/** Words of a phrase at most: the unsaid words of a question, with what joins them ("join the company"). */
const MAX_PHRASE_WORDS = 6;

export interface Unsaid {
  /** As the question says it, from the first unsaid word to the last ("join the company"). */
  phrase: string;
  /** The stems of the question's terms it stands for. */
  terms: string[];
}

/**
 * The question's words a screen does not say, as the question says them; null when the screen says
 * every noun of the question (nothing left to mean) or none of its words can be found again.
 */
export function unsaidPhrase(question: string, asked: AskedValue, screen: string): Unsaid | null {
  const stems = stemsOf(screen);
  const terms = asked.terms.filter((t) => !meets(t, stems) && !metByKin(t, stems, asked.kin));
  if (!terms.some((t) => !asked.loose.includes(t))) return null;
  const words = question.split(/\s+/).map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '').replace(/['’]s$/i, ''));
  const at = words.flatMap((w, i) => (w && terms.includes(stem(w)) ? [i] : []));
  if (!at.length) return null;
  // The unsaid words with what joins them ("join the company"), cut where a word the screen says stands
  // between them: "city" and "exiting" of "which city is my VPN exiting through", without "VPN", which
  // would draw the phrase to any label that says VPN.
  const said = (w: string) => asked.terms.includes(stem(w)) && !terms.includes(stem(w));
  const pieces: string[][] = [[]];
  for (const w of words.slice(at[0]!, at[at.length - 1]! + 1)) {
    if (said(w)) pieces.push([]);
    else if (w) pieces[pieces.length - 1]!.push(w);
  }
  const unsaid = (w: string) => terms.includes(stem(w));
  const phrase = pieces.flatMap((p) => p.slice(p.findIndex(unsaid), p.length - [...p].reverse().findIndex(unsaid))).filter(Boolean);
  return { phrase: (phrase.length <= MAX_PHRASE_WORDS ? phrase : phrase.filter(unsaid)).join(' '), terms };
}

/**
 * The label of `labels` that means the phrase: the closest, when it is above the floor and ahead of
 * the next by the margin; else null.
 */
export function meantLabel(phrase: string, labels: readonly string[], meaning: Meaning): string | null {
  const scored = [...new Set(labels)].map((l) => ({ l, s: meaning(phrase, l) ?? -1 })).sort((a, b) => b.s - a.s);
  const [best, next] = scored;
  if (!best || best.s < (/\S\s+\S/.test(phrase.trim()) ? MEANING_FLOOR : LONE_WORD_FLOOR)) return null;
  return !next || best.s - next.s >= MEANING_MARGIN ? best.l : null;
}

const CACHE_MAX = 4000;
const caches = new Map<string, Map<string, Float32Array>>();

/**
 * Embeds the phrases and labels asked for (those not embedded before, in one call) and answers
 * their similarity. Labels repeat from question to question (a screen's labels are the same each
 * time it is read), so vectors are kept per embedder for the life of the process, a bounded number.
 */
export async function measureMeaning(embedder: Embedder, pairs: readonly { phrase: string; label: string }[]): Promise<Meaning> {
  let cache = caches.get(embedder.id);
  if (!cache) caches.set(embedder.id, (cache = new Map()));
  const texts = [...new Set(pairs.flatMap((p) => [p.phrase, p.label]))];
  const missing = texts.filter((t) => !cache.has(t));
  if (missing.length) {
    const vectors = await embedder.embed(missing, { query: false });
    missing.forEach((t, i) => {
      // Oldest first out: a Map iterates in insertion order.
      if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
      cache.set(t, vectors[i]!);
    });
  }
  const known = new Map(texts.map((t) => [t, cache.get(t)]));
  return (phrase, label) => {
    const a = known.get(phrase);
    const b = known.get(label);
    if (!a || !b) return undefined;
    // The embedder's vectors are unit length: the dot product is the cosine.
    let dot = 0;
    for (let i = 0; i < a.length; i++) dot += a[i]! * b[i]!;
    return dot;
  };
}

/**
 * measureMeaning, given at most `waitMs` (null: as long as it takes). A one-shot command (engram ask)
 * waits for meaning no longer than its search waited for the query's vector: an encoder still
 * loading cold would hold the answer for seconds, and the words alone still answer. Undefined when
 * late or failed, and at once when the encoder is cold and a wait is set.
 */
export async function measureMeaningWithin(
  embedder: Embedder,
  pairs: readonly { phrase: string; label: string }[],
  waitMs: number | null,
): Promise<Meaning | undefined> {
  // An encoder not even started (coldFor) cannot load within a one-shot wait: asking would only
  // start its worker (~0.2 s of CPU) for a vector the command exits before it lands.
  if (waitMs !== null && embedder.coldFor?.() === true) return undefined;
  const measured = measureMeaning(embedder, pairs).catch(() => undefined);
  if (waitMs === null) return measured;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), waitMs)));
  return Promise.race([measured, late]).finally(() => clearTimeout(timer));
}

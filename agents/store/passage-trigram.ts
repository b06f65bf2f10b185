import type { Database as Db, Statement } from 'better-sqlite3-multiple-ciphers';
import { allowedEdits, foldOcr, hasCjk, substitution, substringDistance } from './ocr-fold.js';

/**
 * The forgiving index of screen passages (migration 013): each passage's text folded (ocr-fold.ts)
 * in an FTS5 table with SQLite's trigram tokenizer, beside the word index (passage_fts). A word
 * OCR misread ("harbourgwerty" for "harbourqwerty", "rn" for "m", a letter dropped) still shares
 * most of its trigrams with the word searched for; the candidates those trigrams find are then
 * checked by edit distance. Text in scripts without spaces (Chinese, Japanese) is found by any
 * part of it: three or more characters through the trigrams, two by a scan of the folded text.
 */

const TABLE = 'passage_trigram';

const writers = new WeakMap<Db, (seq: number, text: string) => void>();

/**
 * What adds a passage's folded text (call where the passage is added; its trigger removes it), or
 * null before migration 013 made the table (a store opened at an older version; 013 indexes the
 * passages it finds with its own frozen fold). Only a writer is remembered, so the table is seen once it exists.
 */
export function trigramWriter(db: Db): ((seq: number, text: string) => void) | null {
  let w = writers.get(db);
  if (!w) {
    if (!db.prepare('SELECT 1 FROM sqlite_master WHERE name = ?').get(TABLE)) return null;
    const insert = db.prepare(`INSERT INTO ${TABLE} (rowid, text) VALUES (?, ?)`);
    w = (seq, text) => void insert.run(seq, foldOcr(text));
    writers.set(db, w);
  }
  return w;
}

/** A query word as the forgiving index reads it: folded; too short or too plain to search, null. */
export interface ForgivingTerm {
  /** The word as the user typed it (lower case). */
  term: string;
  folded: string;
  cjk: boolean;
}

export function forgivingTerm(term: string): ForgivingTerm | null {
  const folded = foldOcr(term).replace(/[^\p{L}\p{N}]/gu, '');
  const cjk = hasCjk(folded);
  if (cjk ? folded.length < 2 : folded.length < 4) return null;
  return { term, folded, cjk };
}

export interface ForgivingMatch {
  seq: number;
  /** 0..1: the share of the searched words found, each discounted by the edits it took. */
  score: number;
  /** The searched words found in this passage. */
  found: ForgivingTerm[];
}

/** Candidates read per word before the edit-distance check. */
const CANDIDATES = 400;
/**
 * Passages holding any of a word's trigrams read at most (newest first, with their text) before the
 * best CANDIDATES are kept by how many of its trigrams they hold. Ranking every match by BM25
 * instead cost 170-430 ms a word at 100k passages, where common trigrams are in 80-90% of them;
 * reading texts costs about 6 ms per thousand there. An older passage reached only through this
 * path can be missed, as the piece queries' own bound (the newest CANDIDATES) already allows.
 */
const TRIGRAM_SCAN = 1500;

function trigramsOf(s: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i + 3 <= s.length; i++) out.add(s.slice(i, i + 3));
  return [...out];
}

/** The word cut into allowed-edits + 1 pieces of near equal length (none for CJK). */
function piecesOf(t: ForgivingTerm): string[] {
  if (t.cjk) return [];
  const n = allowedEdits(t.folded.length) + 1;
  return Array.from({ length: n }, (_, k) => t.folded.slice(Math.round((k * t.folded.length) / n), Math.round(((k + 1) * t.folded.length) / n)));
}

/** How well one folded passage holds one word: 1 exactly, less by edits; 0 when not at all. */
function termScore(t: ForgivingTerm, folded: string): number {
  if (t.cjk) {
    if (folded.includes(t.folded)) return 1;
    // No spaces to bound a word: the share of the word's character pairs present, when most are.
    const pairs = [...new Set(Array.from({ length: t.folded.length - 1 }, (_, i) => t.folded.slice(i, i + 2)))];
    const share = pairs.filter((p) => folded.includes(p)).length / pairs.length;
    return share >= 0.6 ? 0.8 * share : 0;
  }
  const max = allowedEdits(t.folded.length);
  // A whole word within the edits first: part of a longer word ("tywexgamer" for "wexgamer") is
  // kept, but below any whole word as close (OCR joins words now and then; names share parts often).
  let best = max + 1;
  for (const w of folded.split(/[^\p{L}\p{N}]+/u)) {
    if (Math.abs(w.length - t.folded.length) > max) continue;
    best = Math.min(best, wordDistance(t.folded, w, max));
    if (best === 0) return 1;
  }
  if (best <= max) return 1 - best / (t.folded.length + 1);
  const d = partDistance(t, folded, max);
  return d <= max ? PART_OF_WORD * (1 - d / (t.folded.length + 1)) : 0;
}

/**
 * The word's distance to some part of the text. When every piece (piecesOf) has 3+ letters, a
 * match within the edits holds one of them as typed, so only the text around each piece's
 * occurrences is read; otherwise all of it.
 */
function partDistance(t: ForgivingTerm, folded: string, max: number): number {
  const pieces = piecesOf(t);
  if (!pieces.length || pieces.some((p) => p.length < 3)) return substringDistance(t.folded, folded, max);
  let best = max + 1;
  const reach = t.folded.length + max;
  for (const p of pieces) {
    for (let at = folded.indexOf(p); at >= 0 && best > 0; at = folded.indexOf(p, at + 1)) {
      best = Math.min(best, substringDistance(t.folded, folded.slice(Math.max(0, at - reach), at + p.length + reach), max));
    }
  }
  return best;
}

/** What a match inside a longer word is worth beside a whole word. */
const PART_OF_WORD = 0.6;

/** Edit distance of two words (look-alikes for half), max + 1 when above max. */
function wordDistance(a: string, b: string, max: number): number {
  let prev = new Float64Array(b.length + 1);
  let cur = new Float64Array(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let low = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      let v = prev[j - 1]! + substitution(ca, b.charCodeAt(j - 1));
      const del = prev[j]! + 1;
      if (del < v) v = del;
      const ins = cur[j - 1]! + 1;
      if (ins < v) v = ins;
      cur[j] = v;
      if (v < low) low = v;
    }
    if (low > max) return max + 1;
    const t = prev;
    prev = cur;
    cur = t;
  }
  return Math.min(prev[b.length]!, max + 1);
}

/**
 * Passages holding the words despite OCR's confusions, best first: candidates by trigram (or, for
 * a two-character CJK word, by a scan), kept when the word is within a few edits of some part of
 * the passage. Among `among` only, when given.
 */
/** The two MATCH statements of forgivingSearch, prepared once per connection (preparing them was ~1% of a hybrid search's CPU). */
const prepared = new WeakMap<Db, { byPiece: Statement; byTrigram: Statement }>();

function statementsOf(db: Db): { byPiece: Statement; byTrigram: Statement } {
  let s = prepared.get(db);
  if (!s) {
    s = {
      byPiece: db.prepare(`SELECT rowid AS seq, text FROM ${TABLE} WHERE ${TABLE} MATCH ? ORDER BY rowid DESC LIMIT ${CANDIDATES}`),
      byTrigram: db.prepare(`SELECT rowid AS seq, text FROM ${TABLE} WHERE ${TABLE} MATCH ? ORDER BY rowid DESC LIMIT ${TRIGRAM_SCAN}`),
    };
    prepared.set(db, s);
  }
  return s;
}

export function forgivingSearch(db: Db, terms: ForgivingTerm[], limit: number): ForgivingMatch[] {
  if (!terms.length) return [];
  const { byPiece, byTrigram } = statementsOf(db);
  const quote = (g: string) => `"${g.replace(/"/g, '""')}"`;
  // The index keeps no positions (migration 018): a piece is asked for as all of its trigrams, and
  // a passage holding them apart is a candidate the edit-distance check below turns away.
  const piece = (p: string) => `(${trigramsOf(p).map(quote).join(' AND ')})`;
  /** Of the newest TRIGRAM_SCAN passages holding any of the word's trigrams, the CANDIDATES holding most of them (ties: newest first). */
  const mostShared = (grams: string[]) =>
    (byTrigram.all(grams.map(quote).join(' OR ')) as { seq: number; text: string }[])
      .map((r) => ({ r, n: grams.reduce((k, g) => k + (r.text.includes(g) ? 1 : 0), 0) }))
      .sort((a, b) => b.n - a.n || b.r.seq - a.r.seq)
      .slice(0, CANDIDATES)
      .map((x) => x.r);
  const texts = new Map<number, string>();
  const keep = (rows: unknown[]) => {
    for (const r of rows as { seq: number; text: string }[]) texts.set(r.seq, r.text);
  };
  for (const t of terms) {
    // Cut into one piece more than the edits allowed, some piece is on screen as typed
    // (pigeonhole), and pieces of three letters or more are precise trigram queries. Where a piece
    // would be shorter, the passages holding most of the word's trigrams (among the newest
    // TRIGRAM_SCAN holding any), and the pieces of 3+ letters as well.
    const pieces = piecesOf(t);
    const whole = pieces.length > 0 && pieces.every((p) => p.length >= 3);
    if (pieces.some((p) => p.length >= 3)) keep(byPiece.all(pieces.filter((p) => p.length >= 3).map(piece).join(' OR ')));
    if (!whole && t.folded.length >= 3) {
      keep(mostShared(trigramsOf(t.folded)));
    }
    // A CJK word shorter than a trigram, or written with other characters between its parts:
    // a scan of the folded text for its character pairs (trigram tables answer LIKE by scanning).
    if (t.cjk) {
      const pairs = [...new Set(Array.from({ length: t.folded.length - 1 }, (_, i) => t.folded.slice(i, i + 2)))].slice(0, 6);
      const like = pairs.map(() => `text LIKE ? ESCAPE '\\'`).join(' OR ');
      keep(db.prepare(`SELECT rowid AS seq, text FROM ${TABLE} WHERE ${like} LIMIT ${CANDIDATES}`).all(...pairs.map((p) => `%${p.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)));
    }
  }
  const out: ForgivingMatch[] = [];
  for (const [seq, folded] of texts) {
    let sum = 0;
    const found: ForgivingTerm[] = [];
    for (const t of terms) {
      const s = termScore(t, folded);
      if (s > 0) {
        sum += s;
        found.push(t);
      }
    }
    if (found.length) out.push({ seq, score: sum / terms.length, found });
  }
  return out.sort((a, b) => b.score - a.score || a.seq - b.seq).slice(0, limit);
}

/**
 * The passage with the words that matched forgivingly marked: whole words whose folded form is
 * within the allowed edits of a searched word; in CJK text, the searched characters where they
 * appear as typed.
 */
export function markForgiving(text: string, found: ForgivingTerm[], open: string, close: string): string {
  const latin = found.filter((t) => !t.cjk);
  let marked = text.replace(/[\p{L}\p{N}][\p{L}\p{N}'’._-]*[\p{L}\p{N}]|[\p{L}\p{N}]/gu, (w) => {
    if (hasCjk(w)) return w;
    const f = foldOcr(w).replace(/[^\p{L}\p{N}]/gu, '');
    return latin.some((t) => {
      const max = allowedEdits(t.folded.length);
      return Math.abs(f.length - t.folded.length) <= max && substringDistance(t.folded, f, max) <= max;
    })
      ? `${open}${w}${close}`
      : w;
  });
  for (const t of found.filter((x) => x.cjk)) marked = marked.split(t.term).join(`${open}${t.term}${close}`);
  return marked;
}

/** Some words around the first mark (the whole passage when short). */
export function snippetAround(marked: string, open: string, words = 24): string {
  const all = marked.split(/\s+/).filter(Boolean);
  if (all.length <= words) return all.join(' ');
  const at = Math.max(0, all.findIndex((w) => w.includes(open)));
  const from = Math.max(0, Math.min(at - Math.floor(words / 2), all.length - words));
  return `${from > 0 ? '… ' : ''}${all.slice(from, from + words).join(' ')}${from + words < all.length ? ' …' : ''}`;
}

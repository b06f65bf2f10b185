import type { Database as Db } from 'better-sqlite3-multiple-ciphers';
import { allowedEdits, foldOcr, hasCjk, substringDistance } from './ocr-fold.js';

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
 * null before migration 013 made the table: migration 004 splits passages through the same code,
 * and 013 then indexes them all. Only a writer is remembered, so the table is seen once it exists.
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

function trigramsOf(s: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i + 3 <= s.length; i++) out.add(s.slice(i, i + 3));
  return [...out];
}

/** How well one folded passage holds one word: 1 exactly, less by edits; 0 when not at all. */
function termScore(t: ForgivingTerm, folded: string): number {
  if (folded.includes(t.folded)) return 1;
  if (t.cjk) {
    // No spaces to bound a word: the share of the word's character pairs present, when most are.
    const pairs = [...new Set(Array.from({ length: t.folded.length - 1 }, (_, i) => t.folded.slice(i, i + 2)))];
    const share = pairs.filter((p) => folded.includes(p)).length / pairs.length;
    return share >= 0.6 ? 0.8 * share : 0;
  }
  const max = allowedEdits(t.folded.length);
  const d = substringDistance(t.folded, folded, max);
  return d <= max ? 1 - d / (t.folded.length + 1) : 0;
}

/**
 * Passages holding the words despite OCR's confusions, best first: candidates by trigram (or, for
 * a two-character CJK word, by a scan), kept when the word is within a few edits of some part of
 * the passage. Among `among` only, when given.
 */
export function forgivingSearch(db: Db, terms: ForgivingTerm[], limit: number): ForgivingMatch[] {
  if (!terms.length) return [];
  const byTrigram = db.prepare(`SELECT rowid AS seq, text FROM ${TABLE} WHERE ${TABLE} MATCH ? ORDER BY bm25(${TABLE}) LIMIT ${CANDIDATES}`);
  const texts = new Map<number, string>();
  const keep = (rows: unknown[]) => {
    for (const r of rows as { seq: number; text: string }[]) texts.set(r.seq, r.text);
  };
  for (const t of terms) {
    if (t.folded.length >= 3) keep(byTrigram.all(trigramsOf(t.folded).map((g) => `"${g.replace(/"/g, '""')}"`).join(' OR ')));
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

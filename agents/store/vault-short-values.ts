import type { Database as Db } from 'better-sqlite3-multiple-ciphers';
import { labelledCells, redactionMarker, type PlacedWord } from '../../shared/redaction/index.js';
import { carriable } from './rescrub-carry.js';

/**
 * Short or plain vault values (a PIN "4471", a lock's word "otter") cut where they stand as a value
 * (leak51, trust52). CarriedSecrets cuts only long, varied values wherever they stand: a 4-digit PIN
 * or one word is everywhere in ordinary text. But a value the user keeps is still told apart where
 * text gives it as one, by a label that names it (a word of the entry's title, or a word for a code
 * or password):
 * - right before it on its line: "gym locker 4471", "door code: 4471", "the pin is 4471";
 * - right after it on its line: "4471 is the locker code", "otter (shed lock code)";
 * - earlier in the same clause, after the label's colon: "code: none, use 4471";
 * - alone on the line above, the value alone on its own (a form or a card, label over value):
 *   "Locker\n4471";
 * - in a form laid out in columns, the label over the value in the same column: "Locker    Floor\n
 *   4471      3" (columns apart by a tab or two spaces; by the screen's word boxes where OCR read
 *   it, givenByLayout), never the value under another column's label;
 * - or as a whole string that is nothing but the value (a message or a cell "4471").
 * A value of letters only ("max", "otter") is a word too often: after it or in a clause it is cut
 * only by a word for a code or a password ("otter is the shed lock code"), never by its title's
 * words alone ("Max is my dog"); a whole string is cut only with a digit, so a kind's or a setting's
 * name is never taken for a word the user keeps. Only a whole word or number (never inside "44712"),
 * in any case.
 */
/** Words that name a code or a password, in the languages the redactor's labels know. */
const CREDENTIAL = new Set(
  'pin pins code codes passcode passcodes password passwords passwort kennwort pw pwd passphrase combination combo lock unlock geheimzahl zugangscode mdp passe contraseña clave senha wachtwoord toegangscode wifi wlan'.split(' '),
);
/** Words between a label and its value: "the code is 4471", "PIN war 4471". */
const LINK = new Set('is was are ist war sind est était es era é è'.split(' '));
/** Words that say when or how much, between a label and its value: "the code is still 4471", "4471 is now the locker code". */
const FILLER = new Set('still now also just really actually currently'.split(' '));
/** Title words that name nothing ("My old bank card": bank, card). */
const STOP = new Set('the and for with from our your my old new of to in on at a an'.split(' '));
const CONTACT_KIND = /^(e-?mail|phone|telephone|mobile|contact)/;
const WORDS = /[\p{L}\p{N}]+/gu;
/** What may stand between a label and its value besides white space. */
const TRAILING_MARKS = /[\s:=#"'“”‘’«»(\[–—-]+$/u;
const MAX_LENGTH = 40;
/** What may stand between a value and the words after it: "4471 (locker)", "4471 - locker code". */
const LEADING_MARKS = /^[\s:=#"'“”‘’«»(\[–—-]+/u;
/** A word and what follows it up to the next word. */
const WORD_THEN_GAP = /([\p{L}\p{N}]+)([^\p{L}\p{N}]*)/gu;
/** Words read after a value for its label ("is the old gym locker code"). */
const AFTER_WORDS = 6;
/** A label and its colon: "code:", "PIN =". */
const LABEL_COLON = /([\p{L}\p{N}]+)\s*[:=]/gu;
const SENTENCE_END = /[.!?;](?:\s|$)/;
/** Words at most between a label's colon and the value it names in one clause ("code: none, use 4471"). */
const CLAUSE_WORDS = 6;
/** A line above the value that is a label, not a sentence: a form's "Gym locker code". */
const LABEL_LINE_WORDS = 4;
/** Where a line laid out in columns is cut into cells: a tab, or two spaces or more. */
const COLUMN_GAP = /\t|\s{2,}/g;

/** A line's cells apart by COLUMN_GAP, with where each stands in the line. */
function columnCells(line: string): { text: string; from: number; to: number }[] {
  const out: { text: string; from: number; to: number }[] = [];
  let at = 0;
  const push = (to: number): void => {
    const raw = line.slice(at, to);
    const lead = raw.length - raw.trimStart().length;
    const text = raw.trim();
    if (text) out.push({ text, from: at + lead, to: at + lead + text.length });
  };
  for (const m of line.matchAll(COLUMN_GAP)) {
    push(m.index);
    at = m.index + m[0].length;
  }
  push(line.length);
  return out;
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const wordsOf = (s: string): string[] => (s.toLowerCase().match(WORDS) ?? []);

interface Short {
  value: string;
  find: RegExp;
  labels: Set<string>;
  whole: boolean;
}

export class ShortVaultValues {
  private readonly byValue = new Map<string, Short>();

  /** The values a store's knowledge vault holds, under their entries' titles (the re-scrub's reading of the vault). */
  static fromVault(db: Db): ShortVaultValues {
    const short = new ShortVaultValues();
    const rows = db
      .prepare("SELECT title, json_extract(fields, '$.entry_type') AS kind, json_extract(fields, '$.secret') AS value FROM memories WHERE kind = 'knowledge_vault'")
      .all() as { title: unknown; kind: unknown; value: unknown }[];
    for (const r of rows) if (typeof r.kind === 'string' && typeof r.value === 'string') short.add(r.kind, typeof r.title === 'string' ? r.title : '', r.value);
    return short;
  }

  get size(): number {
    return this.byValue.size;
  }

  /** A value the long cut leaves (not carriable), with the words its entry is named by. */
  add(kind: string, title: string, value: string): void {
    const v = value.trim();
    if (!v || v.length > MAX_LENGTH || v.includes('[redacted') || /^[•*·]+$/.test(v) || CONTACT_KIND.test(kind) || carriable(kind, v)) return;
    // A value that is not a word or number of its own (" - ", "!!") cannot be told as one.
    if (!/^[\p{L}\p{N}]/u.test(v) || !/[\p{L}\p{N}]$/u.test(v)) return;
    const key = v.toLowerCase();
    const labels = new Set([...wordsOf(title), ...wordsOf(kind)].filter((w) => w.length >= 3 && !STOP.has(w) && w !== key));
    const had = this.byValue.get(key);
    if (had) {
      for (const l of labels) had.labels.add(l);
      return;
    }
    this.byValue.set(key, { value: key, find: new RegExp(`(?<![\\p{L}\\p{N}])${escape(v)}(?![\\p{L}\\p{N}])`, 'giu'), labels, whole: /\d/.test(v) });
  }

  /** Whether a word names this value: a word for a code or password, or (for a value with a digit) a word of its entry's title. */
  private names(word: string | undefined, s: Short, titleToo: boolean): boolean {
    return word !== undefined && (CREDENTIAL.has(word) || (titleToo && s.labels.has(word)));
  }

  /** Whether the text before a value ends with a label that names it. */
  private labelled(before: string, s: Short): boolean {
    const line = before.slice(before.lastIndexOf('\n') + 1);
    // Right after the label, or after a mark (":", "=", a quote), not after other punctuation ("end. 4471").
    const rest = line.replace(TRAILING_MARKS, '');
    if (/[.,;!?)]$/.test(rest)) return false;
    const words = wordsOf(rest);
    while (words.length && (LINK.has(words[words.length - 1]!) || FILLER.has(words[words.length - 1]!))) words.pop();
    return this.names(words[words.length - 1], s, true);
  }

  /**
   * Whether the words right after a value on its line name it: "4471 is the locker code", "otter
   * (shed lock code)". Only link words and small words may come between, no punctuation.
   */
  private labelledAfter(after: string, s: Short): boolean {
    const line = after.split('\n', 1)[0]!;
    const rest = line.slice(LEADING_MARKS.exec(line)?.[0].length ?? 0);
    // "4471. Locker was full": other punctuation ends what is said of the value.
    if (!/^[\p{L}\p{N}]/u.test(rest)) return false;
    const words: string[] = [];
    for (const m of rest.matchAll(WORD_THEN_GAP)) {
      words.push(m[1]!.toLowerCase());
      if (words.length >= AFTER_WORDS || !/^[\s"'“”‘’«»]*$/u.test(m[2]!)) break;
    }
    let i = 0;
    while (i < words.length && (LINK.has(words[i]!) || STOP.has(words[i]!) || FILLER.has(words[i]!))) i++;
    const head = words.slice(i, i + 3);
    if (!this.names(head[0], s, true)) return false;
    // A word-only value is told by a word for a code or password among the label's words, not its title alone.
    return s.whole || head.some((w) => CREDENTIAL.has(w));
  }

  /**
   * Whether a label's colon earlier in the value's clause names it: "code: none, use 4471". Within
   * a few words, no sentence end between.
   */
  private labelledInClause(before: string, s: Short): boolean {
    const line = before.slice(before.lastIndexOf('\n') + 1);
    let from = -1;
    for (const m of line.matchAll(LABEL_COLON)) if (this.names(m[1]!.toLowerCase(), s, s.whole)) from = m.index + m[0].length;
    if (from < 0) return false;
    const between = line.slice(from);
    return !SENTENCE_END.test(between) && wordsOf(between).length <= CLAUSE_WORDS;
  }

  /**
   * Whether the value stands alone on its line under a line that is only its label (a form or a card
   * with the label over the value: "Locker\n4471", "PIN:\n4471"). A blank line may come between.
   */
  private labelledAbove(text: string, at: number, end: number, s: Short): boolean {
    const lineStart = text.lastIndexOf('\n', at - 1) + 1;
    const nl = text.indexOf('\n', end);
    const lineEnd = nl < 0 ? text.length : nl;
    if (text.slice(lineStart, at).trim() || text.slice(end, lineEnd).replace(/[\s.,;]+$/, '')) return false;
    const above = text.slice(0, Math.max(0, lineStart - 1)).split('\n');
    let label = above.pop();
    if (label !== undefined && !label.trim() && above.length) label = above.pop();
    if (label === undefined) return false;
    const words = wordsOf(label.replace(/[\s:=]+$/, ''));
    return words.length > 0 && words.length <= LABEL_LINE_WORDS && !/[.!?]\s*$/.test(label) && this.names(words[words.length - 1], s, true);
  }

  /**
   * Whether the value is a cell of a line laid out in columns, under a line of label cells whose
   * cell in its column names it (a form's row of labels over its row of values). The column is the
   * label cell the value's characters stand under; with as many cells on both lines, the label of
   * the same rank. At least one of the two lines has two cells or more (one alone is labelledAbove's).
   */
  private labelledInColumns(text: string, at: number, end: number, s: Short): boolean {
    const lineStart = text.lastIndexOf('\n', at - 1) + 1;
    const nl = text.indexOf('\n', end);
    const line = text.slice(lineStart, nl < 0 ? text.length : nl);
    const cells = columnCells(line);
    const rank = cells.findIndex((c) => c.from === at - lineStart && c.to === end - lineStart);
    if (rank < 0) return false;
    const above = text.slice(0, Math.max(0, lineStart - 1)).split('\n');
    let labelLine = above.pop();
    if (labelLine !== undefined && !labelLine.trim() && above.length) labelLine = above.pop();
    if (labelLine === undefined) return false;
    const labels = columnCells(labelLine);
    if (labels.length < 2 && cells.length < 2) return false;
    const col = { from: at - lineStart, to: end - lineStart };
    const label = labels.length === cells.length ? labels[rank] : labels.find((c) => c.from < col.to && c.to > col.from);
    if (!label || /[.!?]$/.test(label.text)) return false;
    const words = wordsOf(label.text.replace(/[\s:=]+$/, ''));
    return words.length > 0 && words.length <= LABEL_LINE_WORDS && this.names(words[words.length - 1], s, true);
  }

  /**
   * The values a screen's word boxes give as one: a value in the cell right of its label, or under
   * it in its column, judged as the text rules judge a label line over a value ("Locker" over
   * "4471"). For text read by OCR, whose columns the text alone no longer shows.
   */
  givenByLayout(words: readonly PlacedWord[]): string[] {
    return [...new Set(this.placedByLayout(words).map((p) => p.value))];
  }

  /**
   * Each copy a screen's word boxes give as a value (givenByLayout), with the words that hold it
   * (indexes into `words`): the copy under or beside its label, never another copy of the same value
   * elsewhere on the screen ("Room 4471" beside a form's "Locker" over "4471").
   */
  placedByLayout(words: readonly PlacedWord[]): { value: string; words: number[] }[] {
    if (!this.byValue.size || !words.length) return [];
    const out: { value: string; words: number[] }[] = [];
    for (const cell of labelledCells(words)) {
      if (!this.mentions(cell.value)) continue;
      for (const v of this.given(`${cell.label}\n${cell.value}`)) {
        // The cell's words as one line, and which of them the value spans.
        let line = '';
        const spans = cell.words.map((i) => {
          if (line) line += ' ';
          const from = line.length;
          line += words[i]!.text;
          return { i, from, to: line.length };
        });
        const m = new RegExp(`(?<![\\p{L}\\p{N}])${escape(v)}(?![\\p{L}\\p{N}])`, 'iu').exec(line);
        const held = m ? spans.filter((sp) => sp.from < m.index + m[0].length && sp.to > m.index).map((sp) => sp.i) : cell.words;
        if (held.length && !out.some((p) => p.words.join() === held.join())) out.push({ value: v, words: held });
      }
    }
    return out;
  }

  /** Whether the text holds any of the values at all (a cheap look before a closer one). */
  mentions(text: string): boolean {
    if (!this.byValue.size || !text) return false;
    const lower = text.toLowerCase();
    for (const v of this.byValue.keys()) if (lower.includes(v)) return true;
    return false;
  }

  /** Where these values (given elsewhere: a screen's layout) stand whole in the text, outside markers: [start, end), in text order, none overlapping. */
  placesOf(text: string, values: readonly string[]): [number, number][] {
    const spans: [number, number][] = [];
    for (const v of values) {
      const find = new RegExp(`(?<![\\p{L}\\p{N}])${escape(v)}(?![\\p{L}\\p{N}])`, 'giu');
      for (const m of text.matchAll(find)) {
        if (text.lastIndexOf('[redacted', m.index) > text.lastIndexOf(']', m.index)) continue;
        spans.push([m.index, m.index + m[0].length]);
      }
    }
    spans.sort((a, b) => a[0] - b[0]);
    return spans.filter((sp, i) => i === 0 || sp[0] >= spans[i - 1]![1]);
  }

  /** Where the text gives each value as one: [start, end) of the value, in text order, none overlapping. */
  places(text: string): [number, number][] {
    if (!this.byValue.size || !text) return [];
    const spans: [number, number][] = [];
    const lower = text.toLowerCase();
    const trimmed = lower.trim();
    for (const s of this.byValue.values()) {
      if (!lower.includes(s.value)) continue;
      for (const m of text.matchAll(s.find)) {
        const at = m.index;
        const end = at + m[0].length;
        if (text.lastIndexOf('[redacted', at) > text.lastIndexOf(']', at)) continue;
        const before = text.slice(0, at);
        if (
          (s.whole && trimmed === s.value) ||
          this.labelled(before, s) ||
          this.labelledAfter(text.slice(end), s) ||
          this.labelledInClause(before, s) ||
          this.labelledAbove(text, at, end, s) ||
          this.labelledInColumns(text, at, end, s)
        ) {
          spans.push([at, end]);
        }
      }
    }
    spans.sort((a, b) => a[0] - b[0]);
    return spans.filter((sp, i) => i === 0 || sp[0] >= spans[i - 1]![1]);
  }

  /**
   * The values the text gives as one, as the text writes them (each once): for a caller that masks
   * more than the text, a screenshot's word boxes for a captioning model (VaultCut.find).
   */
  given(text: string): string[] {
    return [...new Set(this.places(text).map(([from, to]) => text.slice(from, to)))];
  }

  /** The text with each value it gives as one masked; the same string when it gives none. */
  cut(text: string): string {
    const spans = this.places(text);
    if (!spans.length) return text;
    let out = '';
    let at = 0;
    for (const [from, to] of spans) {
      out += text.slice(at, from) + redactionMarker('password');
      at = to;
    }
    return out + text.slice(at);
  }
}

import { createHash } from 'node:crypto';
import { LEXICON } from '../../shared/text/index.js';

/**
 * Screen text cut into passages a question can be answered from: a paragraph, a table row with
 * its header, a code block, a group of short lines (a form, a list, a message with its sender).
 *
 * Works on OCR text as the perception room writes it: lines, blank lines between blocks, and runs
 * of two or more spaces between the columns of a table. No rules for any one kind of page.
 */
export type PassageKind = 'paragraph' | 'row' | 'code' | 'lines';

export interface SplitPassage {
  kind: PassageKind;
  text: string;
  /** Position among the passages of its screen (reading order). */
  position: number;
}

/** A passage longer than this is cut at sentence ends (never mid-sentence unless one sentence is longer). */
export const MAX_PASSAGE_CHARS = 700;
/** Shorter passages carry too little to answer from (a lone button label). */
const MIN_PASSAGE_CHARS = 12;
/** A line this short and not ending a sentence reads as a heading or a label: it joins what follows. */
const SHORT_LINE = 48;

const CELL_GAP = /\s{2,}|\t|\s\|\s/;

function cellsOf(line: string): string[] {
  return line
    .trim()
    .split(CELL_GAP)
    .map((c) => c.replace(/^[|~\s]+|[|~\s]+$/g, '').trim())
    .filter((c) => c.length > 0);
}

/** A line of three or more columns. */
function isTabular(line: string): boolean {
  return cellsOf(line).length >= 3;
}

/** A header row: cells are words, not figures. */
function isHeaderRow(cells: string[]): boolean {
  const digits = cells.filter((c) => /\d/.test(c)).length;
  return digits <= Math.floor(cells.length / 4) && cells.every((c) => c.length <= 32);
}

const CODE_LINE =
  /^\s*(?:\$|#|>>>|PS>|❯|➜)\s+\S|[;{}]\s*$|^\s*(?:const|let|var|function|def|class|import|export|return|if|for|while|SELECT|INSERT|UPDATE|npm|npx|git|docker|kubectl|pip|cd|sudo|curl|make|node|python3?)\b.*[=(./-]|=>|\(\)\s*[{;]?$/;

/** An error or a stack frame: it belongs with the command before it, and reads as its outcome. */
const ERROR_LINE = /^\s*(?:(?:[A-Z][A-Za-z]*)?(?:Error|Exception)\b[:\s]|Traceback \(|fatal:|FATAL\b|panic:|npm ERR!|E\d{3,}\b|at\s+\S+.*\(.*:\d+:\d+\)\s*$)/;

function isCodeLine(line: string): boolean {
  return CODE_LINE.test(line) || ERROR_LINE.test(line);
}

function endsSentence(line: string): boolean {
  return /[.!?:;)"”]$/.test(line.trim());
}

/** The month names of the everyday-words table's other languages ("Januar", "maart"), as a word at a sentence piece's start. */
const MONTH_START = new RegExp(
  `^(?:${LEXICON.filter((c) => /^(?:january|february|march|april|may|june|july|august|september|october|november|december)$/.test(c.en[0]!))
    .flatMap((c) => [c.de, c.fr, c.es, c.it, c.pt, c.nl].flat())
    .filter((f) => !/\s/.test(f))
    .join('|')})(?![\p{L}])`,
  'iu',
);

/** Sentences of a paragraph, whole: split after . ! ? followed by a space and a capital or a digit. */
export function sentencesOf(text: string): string[] {
  const out: string[] = [];
  const re = /(?<=[.!?])\s+(?=["“(]?[A-Z0-9])/g;
  let last = 0;
  for (const m of text.matchAll(re)) {
    const s = text.slice(last, m.index).trim();
    // "e.g. Foo", "No. 5", initials: a short piece joins the next sentence.
    if (s.length > 0) out.push(s);
    last = (m.index ?? 0) + m[0].length;
  }
  const tail = text.slice(last).trim();
  if (tail) out.push(tail);
  const merged: string[] = [];
  for (const s of out) {
    const prev = merged[merged.length - 1];
    // And a German or Dutch day of the month ("am Donnerstag, 14. Januar 2027") is no sentence's end.
    const ordinalDate = prev !== undefined && /(?<![\d.,])\d{1,2}\.$/.test(prev) && MONTH_START.test(s);
    if (prev !== undefined && (/\b(?:[A-Z][a-z]?|e\.g|i\.e|vs|No|Mr|Ms|Dr|St)\.$/.test(prev) || prev.length < 4 || ordinalDate)) merged[merged.length - 1] = `${prev} ${s}`;
    else merged.push(s);
  }
  return merged;
}

/** Cuts a long text at sentence ends into pieces of at most max characters (a longer sentence stays whole). */
function bySentences(text: string, max: number): string[] {
  if (text.length <= max) return [text];
  const out: string[] = [];
  let cur = '';
  for (const s of sentencesOf(text)) {
    if (cur && cur.length + 1 + s.length > max) {
      out.push(cur);
      cur = s;
    } else cur = cur ? `${cur} ${s}` : s;
  }
  if (cur) out.push(cur);
  return out;
}

function clean(line: string): string {
  // OCR reads rules and borders as runs of ~ _ | — they carry nothing.
  return line.replace(/\s*(?:~{2,}|_{3,}|—{3,}|\|{2,})\s*/g, '  ').replace(/\s+$/, '');
}

/** A row labelled by its header: "Flight: NW 482 · Gate: B14". Unequal cell counts keep the header as a line above. */
function labelledRow(header: string[], row: string[]): string {
  if (header.length === row.length) return row.map((c, i) => `${header[i]}: ${c}`).join(' · ');
  return `${header.join(' · ')}\n${row.join(' · ')}`;
}

export function splitPassages(text: string): SplitPassage[] {
  const lines = text.split(/\r?\n/).map(clean);
  const out: { kind: PassageKind; text: string }[] = [];
  let buf: string[] = [];
  let bufKind: PassageKind = 'lines';
  let header: string[] | null = null;
  /** A heading (short line) waiting to lead the next block. */
  let heading: string | null = null;
  /** A blank line inside a code block: the block goes on only if code follows. */
  let codeGap = false;

  const emit = (kind: PassageKind, body: string) => {
    const t = body.trim();
    if (t.length === 0) return;
    out.push({ kind, text: t });
  };
  const keepHeading = () => {
    if (heading !== null) emit('lines', heading);
    heading = null;
  };
  const flush = () => {
    if (!buf.length) return;
    if (bufKind === 'code') {
      emit('code', buf.join('\n'));
    } else {
      const long = buf.some((l) => l.length > SHORT_LINE);
      const kind: PassageKind = long ? 'paragraph' : 'lines';
      // Prose wrapped over lines is one paragraph; short lines (a form, a list) keep their breaks.
      const joined = long ? buf.map((l) => l.trim()).join(' ').replace(/\s+/g, ' ') : buf.map((l) => l.trim()).join('\n');
      if (joined.length > MAX_PASSAGE_CHARS) {
        if (long) for (const piece of bySentences(joined, MAX_PASSAGE_CHARS)) emit(kind, piece);
        else {
          let cur: string[] = [];
          for (const l of buf) {
            if (cur.join('\n').length + l.length > MAX_PASSAGE_CHARS) {
              emit(kind, cur.join('\n'));
              cur = [];
            }
            cur.push(l.trim());
          }
          emit(kind, cur.join('\n'));
        }
      } else emit(kind, joined);
    }
    buf = [];
    bufKind = 'lines';
  };

  for (const raw of lines) {
    const line = raw.trim();
    if (line === '' && bufKind === 'code') {
      codeGap = true;
      continue;
    }
    if (codeGap) {
      codeGap = false;
      if (!isCodeLine(line)) flush();
    }
    if (line === '') {
      // A block ends, but a heading alone waits for its block, and a table outlives blank lines (OCR puts them between rows).
      if (buf.length === 1 && buf[0]!.length <= SHORT_LINE && !endsSentence(buf[0]!) && bufKind !== 'code') {
        heading = buf[0]!;
        buf = [];
      } else flush();
      continue;
    }
    if (isTabular(raw) && !isCodeLine(line)) {
      const cells = cellsOf(raw);
      if (header && Math.abs(cells.length - header.length) <= 1 && !isHeaderRow(cells)) {
        flush();
        emit('row', labelledRow(header, cells));
        continue;
      }
      if (isHeaderRow(cells)) {
        flush();
        // A short line waiting above a table ("Booking reference: QX7P2M") is a passage of its own, not lost.
        keepHeading();
        header = cells;
        continue;
      }
      flush();
      keepHeading();
      header = null;
      emit('row', cells.join(' · '));
      continue;
    }
    header = null;
    if (isCodeLine(line)) {
      if (bufKind !== 'code') flush();
      bufKind = 'code';
      if (heading !== null) {
        buf.push(heading);
        heading = null;
      }
      buf.push(raw.replace(/^\s+/, (s) => s.slice(0, 8)));
      continue;
    }
    if (bufKind === 'code') {
      // Output right under a command (an error, a result) belongs to it.
      if (buf.length < 24 && !(line.length > SHORT_LINE * 2 && endsSentence(line))) {
        buf.push(line);
        continue;
      }
      flush();
    }
    const last = buf[buf.length - 1];
    // Prose that ended, then a short line: a new block (a heading, a form) even without a blank line.
    if (last !== undefined && last.length > SHORT_LINE && endsSentence(last) && line.length <= SHORT_LINE) flush();
    if (heading !== null) {
      buf.push(heading);
      heading = null;
    }
    buf.push(line);
  }
  flush();
  if (heading !== null) emit('lines', heading);

  // Tiny pieces (a lone label) join their neighbour in reading order rather than stand alone.
  const merged: { kind: PassageKind; text: string }[] = [];
  for (const p of out) {
    const prev = merged[merged.length - 1];
    if (prev && p.text.length < MIN_PASSAGE_CHARS && prev.kind !== 'row' && prev.text.length + p.text.length < MAX_PASSAGE_CHARS) {
      prev.text = `${prev.text}\n${p.text}`;
    } else if (prev && prev.text.length < MIN_PASSAGE_CHARS && prev.kind !== 'row' && p.kind !== 'row') {
      prev.text = `${prev.text}\n${p.text}`;
      prev.kind = p.kind;
    } else merged.push({ ...p });
  }
  return merged.map((p, position) => ({ ...p, position }));
}

/** What makes two passages the same: their words, whatever the OCR spacing and case. */
export function passageHash(text: string): string {
  const norm = text.toLowerCase().replace(/[^\p{L}\p{N}@.:/$€£%-]+/gu, ' ').trim();
  return createHash('sha256').update(norm).digest('base64url').slice(0, 32);
}

import { REDACTION_CATEGORIES, type RedactionSwitches } from './detectors.js';
import { findSecretsIn, type LaidOutSecret } from './redactor.js';
import { readLines, type LayoutCell as Cell, type LineReading, type PlacedWord } from '../layout/index.js';

export type { PlacedWord };

/** Every category: what layout finds is claimed whatever the switches, which the caller applies. */
const ALL_ON = Object.fromEntries(REDACTION_CATEGORIES.map((c) => [c, true])) as RedactionSwitches;

/** Settings panes and forms as redaction has always cut them: rows by their first word, a cell ends at a gap of 1.2 word heights. */
const READING: LineReading = { rows: 'first', gap: { factor: 1.2, by: 'pair' }, rules: false };
/** A value sits at most this many label heights to the right of its label (a settings pane's value column). */
const MAX_RIGHT = 30;
/** A value under its label starts within this many label heights below it (a form's box). */
const MAX_BELOW = 2.5;
/** A label is short: a field's name, not a sentence. */
const MAX_LABEL_WORDS = 6;

const height = (b: { y0: number; y1: number }) => Math.max(1, b.y1 - b.y0);
const centre = (b: { y0: number; y1: number }) => (b.y0 + b.y1) / 2;

/** The screen's cells, row by row (shared/layout), one list. */
export function layoutCells(words: readonly PlacedWord[]): Cell[] {
  return readLines(words, READING).flat();
}

/**
 * A value found only by where it stands must look like one on its own: letters or digits (not a
 * row of dots: "Password ••••••••"), and a digit, a mark between its letters, or capitals after
 * the first letter. "Hidden", "Never", "On" beside a password label are settings, not passwords.
 */
export function valueShaped(token: string): boolean {
  if (token.length < 4 || !/[\p{L}\d]/u.test(token)) return false;
  return /\d/.test(token) || /\p{L}[^\p{L}\d\s]+\p{L}/u.test(token) || /^.\P{Lu}*\p{Lu}/u.test(token);
}

/** The cell right of a label on its row (the nearest), and the one under it in its column (the nearest). */
function neighbours(label: Cell, cells: readonly Cell[]): Cell[] {
  const h = height(label);
  let right: Cell | null = null;
  let below: Cell | null = null;
  for (const c of cells) {
    if (c === label) continue;
    const sameRow = centre(c) >= label.y0 && centre(c) <= label.y1 && centre(label) >= c.y0 && centre(label) <= c.y1;
    if (sameRow && c.x0 >= label.x1 - h * 0.2 && c.x0 - label.x1 <= MAX_RIGHT * h && (!right || c.x0 < right.x0)) right = c;
    const under = c.y0 >= centre(label) + h * 0.3 && c.y0 - label.y1 <= MAX_BELOW * h;
    const column = c.x0 < label.x1 && c.x1 > label.x0;
    if (under && column && (!below || c.y0 < below.y0)) below = c;
  }
  return [right, below].filter((c): c is Cell => c !== null);
}

/**
 * Whether a cell stands right of another on its row. A setting's name (`DEPLOY_TOKEN`, `db_password`)
 * labels the cell beside it where it starts its row (a table of variables, a form); after a prompt
 * or a command it is an argument (`$ wpa_passphrase Attic-Mesh-5G …`: a network's name follows).
 */
function hasLeft(cell: Cell, cells: readonly Cell[]): boolean {
  return cells.some((c) => c !== cell && c.x1 <= cell.x0 && centre(c) >= cell.y0 && centre(c) <= cell.y1 && centre(cell) >= c.y0 && centre(cell) <= c.y1);
}

/** A label cell and a cell laid out as its value, with the value cell's words (indexes into the words read, left to right). */
export interface LabelledCell {
  label: string;
  value: string;
  words: number[];
}

/** The words whose centres fall inside a cell's box: the words the line reader made it of, left to right. */
function wordsOf(cell: Cell, words: readonly PlacedWord[]): number[] {
  const out: number[] = [];
  words.forEach((w, i) => {
    const cx = (w.x0 + w.x1) / 2;
    const cy = centre(w);
    if (cx >= cell.x0 && cx <= cell.x1 && cy >= cell.y0 && cy <= cell.y1) out.push(i);
  });
  return out.sort((a, b) => words[a]!.x0 - words[b]!.x0);
}

/**
 * Every short cell of a screen with the cells laid out as its value: the one right of it on its row
 * and the one under it in its column (a form's "Locker | Floor" over "4471 | 3": "Locker" with
 * "4471", never with "3"), and which words make the value cell, so a caller masks that copy and not
 * another copy of the same value elsewhere on the screen ("Room 4471"). For a caller that judges the
 * pairs by its own words (the vault's short values, agents/store vault-short-values.ts): no
 * detector is run, nothing is claimed here.
 */
export function labelledCells(words: readonly PlacedWord[]): LabelledCell[] {
  const cells = layoutCells(words);
  const out: LabelledCell[] = [];
  for (const label of cells) {
    const name = label.text.trim();
    if (!name || name.split(/\s+/).length > MAX_LABEL_WORDS || !/\p{L}/u.test(name)) continue;
    for (const value of neighbours(label, cells)) out.push({ label: name, value: value.text.trim(), words: wordsOf(value, words) });
  }
  return out;
}

/**
 * Secrets found by layout: a label cell ("Password", "API key", "Passport no.") with its value in
 * the cell to its right on the same row, or in the cell under it in the same column, judged by the
 * same label-keyed detectors as text ("Password: value"). Only values of a label the detectors
 * name, that start their cell and look like a value (valueShaped): a label beside another
 * label, a toggle or a row of dots gives nothing. Every category is returned; the switches of the
 * caller choose (findSecretsIn's `laidOut`).
 */
export function secretsByLayout(words: readonly PlacedWord[]): LaidOutSecret[] {
  const cells = layoutCells(words);
  // All pairs in one text, one pair a paragraph, so the detectors run once per screen.
  let text = '';
  const pairs: { start: number; label: string }[] = [];
  for (const label of cells) {
    const name = label.text.replace(/\s*[:：]$/, '');
    if (!name || name.split(/\s+/).length > MAX_LABEL_WORDS || !/\p{L}/u.test(name)) continue;
    if (/\w_\w/.test(name) && hasLeft(label, cells)) continue;
    for (const value of neighbours(label, cells)) {
      if (!valueShaped(value.text.split(/\s+/)[0]!)) continue;
      const line = `${name}: `;
      pairs.push({ start: text.length + line.length, label: name.toLowerCase() });
      text += line + value.text + '\n\n';
    }
  }
  if (!pairs.length) return [];
  const out = new Map<string, LaidOutSecret>();
  for (const s of findSecretsIn(text, ALL_ON)) {
    // The value must start its cell, and be named by this pair's own label.
    const pair = pairs.find((p) => p.start === s.start);
    if (!pair || !s.label || !pair.label.includes(s.label.toLowerCase().replace(/\s+/g, ' '))) continue;
    // Beside a label, a password holds a letter: "Day pass  €12.50" is a price. Only a PIN or a code is all digits.
    if (s.kind === 'password' && !/\p{L}/u.test(s.value) && !/pin|c[o0]de/i.test(s.label)) continue;
    const found = { kind: s.kind, category: s.category, label: s.label };
    out.set(s.value, { ...found, value: s.value });
    // A value read with a mark beside it ("Kestrel-Harbour-58 EID": an eye icon) is also masked where
    // the text has its parts apart; only parts shaped like a value.
    for (const part of s.value.split(/\s+/)) if (part !== s.value && valueShaped(part) && !out.has(part)) out.set(part, { ...found, value: part });
  }
  // Longest first: a whole value is masked as one before its parts are looked for.
  return [...out.values()].sort((a, b) => b.value.length - a.value.length);
}

/** shared/layout's line reader: words put back in rows and cut into cells, as redaction and answers read them. */
import { describe, expect, it } from 'vitest';
import { placedCell } from '../helpers/screen-words.js';
import { readLines, type LineReading, type PlacedWord } from '../../shared/layout/index.js';

const cell = placedCell;
const texts = (words: PlacedWord[], how: LineReading) => readLines(words, how).map((l) => l.map((c) => c.text));
const PAIRS: LineReading = { rows: 'first', gap: { factor: 1.2, by: 'pair' }, rules: false };
const TABLES: LineReading = { rows: 'span', gap: { factor: 1.1, by: 'median' }, rules: true };

describe('shared/layout lines', () => {
  it('puts a label and its far value on one line as two cells, rows top to bottom', () => {
    // Given in reading order of OCR's blocks: the label column first, then the value column.
    const words = [...cell('Stock level', 40, 130), ...cell('Warehouse', 40, 100), ...cell('Brno 2', 400, 101), ...cell('1 240 units', 400, 131)];
    for (const how of [PAIRS, TABLES]) expect(texts(words, how)).toEqual([['Warehouse', 'Brno 2'], ['Stock level', '1 240 units']]);
  });

  it('ends a cell at a drawn column line when reading tables, and leaves the bar in for redaction', () => {
    const words = [...cell('Oslo |', 40, 100), ...cell('12 kg', 92, 100)];
    expect(texts(words, TABLES)).toEqual([['Oslo', '12 kg']]);
    expect(texts(words, PAIRS)).toEqual([['Oslo | 12 kg']]);
  });

  it('drops empty and boxless words', () => {
    expect(readLines([{ text: ' ', x0: 0, y0: 0, x1: 9, y1: 9 }, { text: 'x', x0: 5, y0: 5, x1: 5, y1: 9 }], TABLES)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { ShortVaultValues } from '../../agents/store/index.js';
import type { PlacedWord } from '../../shared/redaction/index.js';

/**
 * Short vault values in forms laid out in columns (trust53): a row of labels over a row of values,
 * several columns. The value under its own label's column is cut; one under another column's label
 * is not. By the text's columns (a tab, two spaces or more) and, where OCR read the screen, by its
 * word boxes. Made-up forms, written apart from the rule.
 */
const M = '[redacted:password]';
const short = new ShortVaultValues();
short.add('note', 'Gym locker', '4471');
short.add('pin', 'Bike lock', '2580');
short.add('note', 'Allotment shed', 'otter');

describe('short vault values in columns of text', () => {
  const cut: [string, string][] = [
    ['Locker    Floor\n4471      3', `Locker    Floor\n${M}      3`],
    ['Member\tLocker\tFloor\nSam Reed\t4471\t3', `Member\tLocker\tFloor\nSam Reed\t${M}\t3`],
    // The label cell is a few words; the value stands under it, not at its rank.
    ['Gym locker code        Towel\n4471                   yes', `Gym locker code        Towel\n${M}                   yes`],
    ['Bike    PIN      Colour\nBrompton  2580   green', `Bike    PIN      Colour\nBrompton  ${M}   green`],
    ['Shed    Gate\n\notter   blue', `Shed    Gate\n\n${M}   blue`],
  ];
  it.each(cut)('%j', (text, want) => expect(short.cut(text)).toBe(want));

  const kept = [
    // Under another column's label.
    'Room    Floor\n3       4471',
    'Locker    Floor\n12        4471',
    'Gate    Colour\nnone    otter',
    // The line above is a sentence, not labels.
    'I left my bag in the locker.    Later\n4471    3',
    // One space apart: no columns the text alone can show.
    'Score Locker\n4471 3',
    // A table of numbers with no label that names the value.
    'Year    Visitors\n2019    4471',
  ];
  it.each(kept)('%j is kept', (text) => expect(short.cut(text)).toBe(text));
});

/** Words on a row at y, each at the x given. */
const row = (y: number, ...cells: [string, number][]): PlacedWord[] => cells.map(([text, x]) => ({ text, x0: x, y0: y, x1: x + text.length * 9, y1: y + 14 }));

describe('short vault values in columns OCR read apart (word boxes)', () => {
  it('the value under its label, not the one under the next label', () => {
    const form = [...row(40, ['Locker', 20], ['Floor', 300]), ...row(62, ['4471', 20], ['3', 300])];
    expect(short.givenByLayout(form)).toEqual(['4471']);
    const swapped = [...row(40, ['Room', 20], ['Floor', 300]), ...row(62, ['3', 20], ['4471', 300])];
    expect(short.givenByLayout(swapped)).toEqual([]);
  });

  it('three columns, a value beside its label on the same row too; digits in a table with no such label are left', () => {
    const sheet = [...row(40, ['Bike', 20], ['PIN', 200], ['Colour', 400]), ...row(62, ['Brompton', 20], ['2580', 200], ['green', 400])];
    expect(short.givenByLayout(sheet)).toEqual(['2580']);
    expect(short.givenByLayout(row(40, ['Locker', 20], ['4471', 120]))).toEqual(['4471']);
    const visitors = [...row(40, ['Year', 20], ['Visitors', 200]), ...row(62, ['2019', 20], ['4471', 200])];
    expect(short.givenByLayout(visitors)).toEqual([]);
  });
});

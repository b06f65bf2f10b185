import { describe, expect, it } from 'vitest';
import type { NumberedMemory } from '../../agents/chat/retrieval-types.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { meets, stem, stemsOf } from '../../agents/chat/asked-value.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { browsedScreen, screenPassage } from '../helpers/screen-memory.js';

// Screens that shorten words the question says in full, apart from the benchmark days.
const fmt = new TimeFormatter('UTC');
const at = '2026-10-02T07:45:00.000Z';
const screen = (title: string, text: string): NumberedMemory[] => browsedScreen(title, at, [screenPassage(text, title, 5, at, { kind: 'lines' })]);
const first = (q: string, s: NumberedMemory[]) => factSentence(q, s, fmt)!.text.split('\n')[0]!;

describe('words a screen shortens', () => {
  it('meets a full word in its shorthand and a month in its three letters', () => {
    for (const [word, text] of [['database', 'pg db-dump'], ['production', 'prod-us cluster'], ['appointment', 'Next appt: Tue'], ['repository', 'repo: shop-api'], ['october', 'due 14 Oct'], ['september', 'Sept 3']] as const) expect(meets(stem(word), stemsOf(text)), `${word} / ${text}`).toBe(true);
    expect(meets(stem('dentist'), stemsOf('dept: sales'))).toBe(false);
  });

  it('answers about the production database from a dashboard that says prod and db', () => {
    const s = screen('Storage — Opsboard', 'prod-db   disk used 412 GB of 500 GB\nstaging-db   disk used 37 GB of 100 GB');
    expect(first('How big is the production database?', s)).toContain('412 GB');
  });

  it('meets the everyday word a label stands for: collect / pick-up, depart / departure', () => {
    expect(meets(stem('collect'), stemsOf('Pick-up: Bristol Temple Meads'))).toBe(true);
    expect(meets(stem('depart'), stemsOf('Departure 06:40'))).toBe(true);
    expect(meets(stem('collect'), stemsOf('Return: same desk'))).toBe(false);
    const s = screen('Van hire — Rentwise', 'Return: same desk, Mon 30 Nov 09:00\nPick-up: Bristol Temple Meads, desk 2');
    expect(first('Where do I collect the van?', s)).toContain('Bristol Temple Meads');
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { UseEmbedder, type FrameWords } from '../../agents/store/index.js';
import { cell } from '../helpers/screen-words.js';
import { screenMemory } from '../helpers/screen-memory.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence, meaningPairs } from '../../agents/chat/fact-sentence.js';
import { meantLabel, measureMeaning, MEANING_FLOOR } from '../../agents/chat/label-meaning.js';

// The shipped encoder (offline, in a worker) judges whether a screen label means what a question
// asks in other words. The screen and questions are made up here, apart from the benchmark days.
const rows: [string, string][] = [
  ['Employee', 'Mara Lindqvist'],
  ['Supervisor', 'Ola Nordmann'],
  ['Employment start', '7 January 2019'],
  ['Team', 'Freight operations'],
  ['Date of birth', '2 May 1990'],
  ['Contract review', '3 March 2027'],
];
const fw: FrameWords = { width: 1280, height: 800, words: rows.flatMap(([l, v], i) => [...cell(l, 40, 100 + 40 * i), ...cell(v, 600, 100 + 40 * i)]) };
// OCR read the labels as one block and the values as another.
const text = `${rows.map(([l]) => l).join('\n')}\n\n${rows.map(([, v]) => v).join('\n')}`;
const at = '2026-11-05T08:00:00.000Z';
const numbered = screenMemory('lines', text, 'Staff record — Brightline', at, { frameId: 'frm_s', memory: { title: 'Browsed "Staff record — Brightline"', text: 'Browsed the staff record' }, fullSnippet: true });
const fmt = new TimeFormatter('UTC');
const layout = (id: string) => (id === 'frm_s' ? fw : null);
const embedder = new UseEmbedder(5_000);
afterAll(() => embedder.close());

async function lead(q: string): Promise<string> {
  const pairs = meaningPairs(q, numbered, layout);
  const meaning = pairs.length ? await measureMeaning(embedder, pairs) : undefined;
  return factSentence(q, numbered, fmt, layout, meaning ? { meaning } : {})!.text.split('\n')[0]!;
}

describe('a screen label matched to the question by meaning', () => {
  it('takes the closest label only above the floor and clearly ahead of the next', () => {
    const table = new Map([['a', MEANING_FLOOR + 0.1], ['b', MEANING_FLOOR - 0.1], ['c', MEANING_FLOOR + 0.08]]);
    const meaning = (_: string, l: string) => table.get(l);
    expect(meantLabel('x', ['a', 'b'], meaning)).toBe('a');
    // Two labels alike close: neither.
    expect(meantLabel('x', ['a', 'c'], meaning)).toBeNull();
    // Below the floor: none.
    expect(meantLabel('x', ['b'], meaning)).toBeNull();
  });

  it('states the value of the label that says the question in other words', { timeout: 60_000 }, async () => {
    // "first day at the company" is said nowhere on the screen; "Employment start" means it.
    const first = await lead('When was my first day at the company?');
    expect(first).toContain('Employment start: 7 January 2019');
    // The screen says none of the question's nouns: offered as the closest found, not as certain.
    expect(first).toMatch(/^Not sure it is what you asked/);
  });

  it('states nothing for questions the screen does not answer, dates on it notwithstanding', { timeout: 60_000 }, async () => {
    for (const q of ['When is my passport expiring?', 'What is my blood type?']) {
      const l = await lead(q);
      expect(l, q).toMatch(/^I don't know/);
      expect(l, q).not.toMatch(/2019|1990|2027/);
    }
  });
});

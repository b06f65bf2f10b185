import { describe, expect, it } from 'vitest';
import type { PassageMatch } from '../../shared/index.js';
import type { NumberedMemory } from '../../agents/chat/retrieval-types.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { browsedScreen, screenPassage } from '../helpers/screen-memory.js';

// Screens made up for this test, apart from the benchmark days: what the lead sentence takes as the
// value asked for (a name, a number under its label, the sum, the error that says why).
const fmt = new TimeFormatter('UTC');
const at = '2026-11-06T10:00:00.000Z';
const pass = (text: string, title: string, score: number, kind: PassageMatch['kind'] = 'lines'): PassageMatch => screenPassage(text, title, score, at, { kind, frameId: `frm_${score}` });
const screen = (title: string, ...passages: PassageMatch[]): NumberedMemory[] => browsedScreen(title, at, passages);
const first = (q: string, numbered: NumberedMemory[]) => factSentence(q, numbered, fmt)!.text.split('\n')[0]!;

describe('what the lead takes as the value asked for', () => {
  it('takes a name, not a capitalised word opening a listing line', () => {
    const t = 'Allotment plots — Hortas da Graça';
    const s = screen(t, pass('Allotment plot 14. Rent: 40 EUR a year. Available from 1 March Viewing on Sunday.', t, 5), pass('Questions: Jonas Weber', t, 4));
    expect(first('Who should I ask about the allotment plot?', s)).toContain('Jonas Weber');
  });

  it('takes a short number under the label the question asks the number of', () => {
    const t = 'My swim pass — Municipal pool';
    const s = screen(t, pass('Locker: 112 · Wristband: Blue · Valid until: 31 Dec', t, 5, 'row'));
    expect(first('Which locker number did I get at the pool?', s)).toContain('Locker: 112');
    // A number the question does not ask the number of is no answer to it.
    expect(first('What is my membership number at the pool?', s)).not.toContain('112');
  });

  it('sums a basket with its subtotal when the question asks what it adds up to', () => {
    const t = 'Basket — Papelaria Online';
    const s = screen(t, pass('Item · Qty · Price\nFountain pen · 1 · 42.00 EUR\nInk, blue · 2 · 19.50 EUR', t, 5), pass('Subtotal: 61.50 EUR · Shipping: free', t, 4));
    expect(first('What did the things in my basket add up to?', s)).toContain('61.50');
  });

  it('answers why with the error, not the status that says it failed', () => {
    const t = 'Pipeline #5521 — deploy-web';
    const s = screen(t, pass('Job: deploy · Status: failed · Duration: 41s', t, 5, 'row'), pass("deploy failed: Error: EACCES: permission denied, open '/srv/app/.env'", t, 4));
    expect(first('Why did the deploy job fail?', s)).toContain('EACCES');
  });
});

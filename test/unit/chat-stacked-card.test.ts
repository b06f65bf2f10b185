import { describe, expect, it } from 'vitest';
import { labelledValues } from '../../agents/chat/screen-layout.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { cell, screenOf } from '../helpers/screen-words.js';
import { screenMemory } from '../helpers/screen-memory.js';

// A made-up repair tracker, apart from the benchmark days: a card of captions stacked over their
// values in the left column, an event log beside it that OCR reads into the same lines.
const fw = screenOf(
  cell('EXPECTED BACK', 40, 100, 12), cell('Repair log', 640, 100),
  cell('Friday 14 November', 40, 118), cell('12 Nov, 09:10 Parts ordered', 640, 118),
  cell('DEVICE', 40, 160, 12), cell('11 Nov, 16:45 Diagnosed', 640, 160),
  cell('ThinkPad X1 Carbon laptop', 40, 178), cell('10 Nov, 11:02 Received at Leeds', 640, 178),
  cell('REPAIR', 40, 220, 12),
  cell('Keyboard replacement', 40, 238),
  cell('COLLECT FROM', 40, 280, 12),
  cell('Front desk, 2nd floor', 40, 298),
);
const text = 'EXPECTED BACK Repair log\nFriday 14 November 12 Nov, 09:10 Parts ordered\nDEVICE 11 Nov, 16:45 Diagnosed\nThinkPad X1 Carbon laptop 10 Nov, 11:02 Received at Leeds\nREPAIR\nKeyboard replacement\nCOLLECT FROM\nFront desk, 2nd floor';
const at = '2026-11-12T12:00:00.000Z';

describe('a card of labels stacked over their values', () => {
  it('reads each value with the card it is in', () => {
    const back = labelledValues(fw).find((v) => v.label === 'EXPECTED BACK');
    expect(back?.value).toBe('Friday 14 November');
    expect(back?.row).toContain('DEVICE: ThinkPad X1 Carbon laptop');
    // The log beside the card is no part of it.
    expect(back?.row ?? '').not.toContain('Parts ordered');
  });

  it('answers for the thing the card is about, named in another of its pairs', () => {
    // OCR split the screen so that no passage holds both the date and the laptop.
    const half = text.split('\n');
    const numbered = screenMemory('lines', half.slice(0, 2).join('\n'), 'Repair RX-2207 — Fixit', at, { frameId: 'frm_r', fullSnippet: true });
    numbered[0]!.passages!.push({ ...numbered[0]!.passages![0]!, text: half.slice(2).join('\n'), marked: half.slice(2).join('\n'), snippet: half.slice(2).join('\n'), score: 4 });
    const layout = (id: string) => (id === 'frm_r' ? fw : null);
    const lead = factSentence('When is my laptop coming back?', numbered, new TimeFormatter('UTC'), layout)!.text;
    expect(lead).toMatch(/^EXPECTED BACK: Friday 14 November/);
  });
});

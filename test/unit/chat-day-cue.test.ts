import { describe, expect, it } from 'vitest';
import type { FrameWords } from '../../agents/store/index.js';
import { cell } from '../helpers/screen-words.js';
import { screenMemory } from '../helpers/screen-memory.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { dayCue, dayFit } from '../../agents/chat/day-cue.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';

// A studio's booking grid made up for this test, apart from the benchmark days: day headers over
// columns, a time column at the left, bookings in the cells.
describe('the day a question names, against a calendar column header', () => {
  it('reads weekdays and ordinal dates from the question, and days from headers', () => {
    const cue = dayCue('what is booked on Thursday the 12th')!;
    expect([...cue.weekdays]).toEqual([4]);
    expect([...cue.dates]).toEqual([12]);
    expect(dayFit(cue, 'Thu 12 Mar')).toBe(1);
    expect(dayFit(cue, 'Thursday')).toBe(1);
    expect(dayFit(cue, 'Wed 11 Mar')).toBe(-1);
    // Same weekday, another date: another week's Thursday.
    expect(dayFit(cue, 'Thu 5 Mar')).toBe(-1);
    expect(dayFit(cue, 'Room')).toBe(0);
    expect(dayCue('how many rooms are free')).toBeNull();
    // A date alone says nothing about a header without one.
    expect(dayFit(dayCue('on the 3rd')!, 'Monday')).toBe(0);
  });

  describe('the lead reads the cell under the asked day', () => {
    const fmt = new TimeFormatter('UTC');
    const at = '2026-11-05T08:00:00.000Z';
    const text = 'Studio bookings · March\nMon 9 Mar Tue 10 Mar Wed 11 Mar Thu 12 Mar\n10:00 Pottery club Life drawing\n14:00 Glaze workshop Kiln maintenance';
    const numbered = screenMemory('lines', text, 'Studio bookings — Clayhouse', at, { frameId: 'frm_c', memory: { title: 'Browsed "Studio bookings — Clayhouse"', text: 'Browsed the studio bookings' }, fullSnippet: true });
    const grid: FrameWords = {
      width: 1280,
      height: 800,
      words: [
        cell('Studio bookings · March', 40, 40),
        cell('Mon 9 Mar', 200, 100), cell('Tue 10 Mar', 420, 100), cell('Wed 11 Mar', 640, 100), cell('Thu 12 Mar', 860, 100),
        cell('10:00', 40, 140), cell('Pottery club', 200, 140), cell('Life drawing', 860, 140),
        cell('14:00', 40, 180), cell('Glaze workshop', 420, 180), cell('Kiln maintenance', 640, 180),
      ].flat(),
    };
    const layout = (id: string) => (id === 'frm_c' ? grid : null);

    it('states the Thursday cell for "Thursday the 12th" (the weekday was taken out as the time)', () => {
      const f = factSentence('What is on the 12th in the studio bookings?', numbered, fmt, layout, { when: 'on Thursday' })!;
      expect(f.text.split('\n')[0]).toContain('Life drawing');
      expect(f.known).toBe(true);
    });

    it('states the Wednesday cell for Wednesday, never a cell of another day', () => {
      const f = factSentence('What is on in the studio bookings on Wednesday afternoon?', numbered, fmt, layout, { when: 'on Wednesday' })!;
      expect(f.text.split('\n')[0]).toContain('Kiln maintenance');
      expect(f.text.split('\n')[0]).not.toMatch(/Pottery|Glaze|Life drawing/);
    });
  });
});

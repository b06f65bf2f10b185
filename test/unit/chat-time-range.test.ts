import { describe, expect, it } from 'vitest';
import { searchQueryOf } from '../../agents/chat/index.js';
import { parseQuestionTime, ZonedCalendar } from '../../shared/time/index.js';

// Thursday 12 June 2025, 15:00 in Paris (UTC+2).
const NOW = new Date('2025-06-12T13:00:00Z');
const TZ = 'Europe/Paris';
const paris = (day: number, hour = 0, minute = 0, month = 6, year = 2025) => Date.UTC(year, month - 1, day, hour - 2, minute);
const H = 3_600_000;
const D = 24 * H;

function range(q: string, tz = TZ) {
  return parseQuestionTime(q, NOW, tz);
}

describe('time expressions become a window; the rest is the query', () => {
  it.each([
    ['What did we discuss about the MirixDB migration in the last 4 days?', NOW.getTime() - 4 * D, NOW.getTime(), 'What did we discuss about the MirixDB migration?'],
    ['what did I do yesterday afternoon', paris(11, 12), paris(11, 18), 'what did I do'],
    ['what did I read in March', Date.UTC(2025, 2, 1) - H, Date.UTC(2025, 3, 1) - 2 * H, 'what did I read'],
    ['what changed since Monday', paris(9), NOW.getTime(), 'what changed'],
    ['where was that flight confirmation I saw yesterday?', paris(11), paris(12), 'where was that flight confirmation I saw?'],
    ['last week', paris(2), paris(9), ''],
    ['the past week', NOW.getTime() - 7 * D, NOW.getTime(), ''],
    ['this morning', paris(12, 6), paris(12, 12), ''],
    ['today', paris(12), NOW.getTime(), ''],
    ['last night', paris(11, 18), paris(12, 6), ''],
    ['between June 3 and June 5', paris(3), paris(6), ''],
    // A year written once, at the end, is both dates' year (not this year's, nor an inverted window).
    ['what did Ana plan between August 11 and August 15 2023?', paris(11, 0, 0, 8, 2023), paris(16, 0, 0, 8, 2023), 'what did Ana plan?'],
    ['between December 20 and January 5 2024', Date.UTC(2023, 11, 20) - H, Date.UTC(2024, 0, 6) - H, ''],
    ['from Monday to Wednesday', paris(9), paris(12), ''],
    ['in December', Date.UTC(2024, 11, 1) - H, Date.UTC(2025, 0, 1) - H, ''],
    ['in 2024', Date.UTC(2024, 0, 1) - H, Date.UTC(2025, 0, 1) - H, ''],
    ['last month', paris(1, 0, 0, 5), paris(1), ''],
    ['this week', paris(9), NOW.getTime(), ''],
    ['in the last 15 minutes', NOW.getTime() - 15 * 60_000, NOW.getTime(), ''],
    ['before Tuesday', 0, paris(10), ''],
  ])('%s', (q, from, to, rest) => {
    const r = range(q);
    expect(r.range).not.toBeNull();
    expect({ from: r.range!.from, to: r.range!.to }).toEqual({ from, to });
    expect(r.rest).toBe(rest);
  });

  it('a moment ("yesterday at 3pm") is a window of an hour either side with a focus', () => {
    const r = range('what was I doing yesterday at 3pm');
    expect(r.range).toMatchObject({ from: paris(11, 14), to: paris(11, 16), focus: paris(11, 15), label: 'yesterday at 3pm' });
    expect(r.rest).toBe('what was I doing');
    expect(range('2 hours ago').range).toMatchObject({ focus: NOW.getTime() - 2 * H });
  });

  it('a clock time alone is never in the future, a weekday alone is the last one', () => {
    expect(range('what happened at 10:30').range!.focus).toBe(paris(12, 10, 30));
    expect(range('what happened at 18:00').range!.focus).toBe(paris(11, 18));
    expect(range('what did I do on Friday').range).toMatchObject({ from: paris(6), to: paris(7) });
  });

  it('cuts days in the user zone, not the process zone', () => {
    // 15:00 Paris is 09:00 in New York: "yesterday" there is 11 June, New York time (UTC-4).
    const r = range('what did I do yesterday', 'America/New_York');
    expect(r.range).toMatchObject({ from: Date.UTC(2025, 5, 11, 4), to: Date.UTC(2025, 5, 12, 4) });
  });

  it('handles a day of 23 hours (DST starts in Paris on 30 March 2025)', () => {
    const cal = new ZonedCalendar('Europe/Paris');
    const start = cal.at(2025, 3, 30);
    expect(cal.addDays(start, 1) - start).toBe(23 * H);
    expect(cal.startOfDay(Date.UTC(2025, 2, 30, 12))).toBe(Date.UTC(2025, 2, 29, 23));
  });

  it('leaves questions without a time alone', () => {
    expect(range('Who is Ana?')).toEqual({ rest: 'Who is Ana?', range: null });
    expect(range('what is the 1st step to deploy')).toEqual({ rest: 'what is the 1st step to deploy', range: null });
    // "now" is not a window.
    expect(range('what am I doing now').range).toBeNull();
  });
});

describe('search query', () => {
  it('keeps the words that carry the topic', () => {
    expect(searchQueryOf('What did we discuss about the MirixDB migration?')).toBe('MirixDB migration');
    expect(searchQueryOf('what was I doing')).toBe('');
    expect(searchQueryOf("Where's Ana's budget.xlsx file on ~/Documents?")).toBe("Ana's budget.xlsx file Documents");
    expect(searchQueryOf('x'.repeat(10_000)).length).toBe(2000);
  });
});

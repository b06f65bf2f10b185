import { describe, expect, it } from 'vitest';
import { parseQuestionTime } from '../../shared/time/index.js';

// Thursday 12 June 2025, 15:00 in Paris (UTC+2 in summer, UTC+1 in winter).
const NOW = new Date('2025-06-12T13:00:00Z');
const TZ = 'Europe/Paris';
const H = 3_600_000;
const summer = (year: number, month: number, day: number) => Date.UTC(year, month - 1, day) - 2 * H;
const winter = (year: number, month: number, day: number) => Date.UTC(year, month - 1, day) - H;

function window(q: string) {
  const r = parseQuestionTime(q, NOW, TZ);
  return r.range ? { from: r.range.from, to: r.range.to, rest: r.rest } : null;
}

describe('times relative to a date, to "last", and weekends', () => {
  it.each([
    // A weekday before or after a date is that weekday's nearest day on that side of it.
    ['What did Ana do the Sunday before October 25, 2022?', summer(2022, 10, 23), summer(2022, 10, 24), 'What did Ana do?'],
    ['where were we on the Friday after 3 March 2024', winter(2024, 3, 8), winter(2024, 3, 9), 'where were we'],
    ['what happened two days after 3 March 2024', winter(2024, 3, 5), winter(2024, 3, 6), 'what happened'],
    ['what did Ben bake the weekend after May 20, 2023', summer(2023, 5, 27), summer(2023, 5, 29), 'what did Ben bake'],
    ['what did I read the week before 10 June', summer(2025, 6, 3), summer(2025, 6, 10), 'what did I read'],
    ['notes written the month before March 2024', winter(2024, 2, 1), winter(2024, 3, 1), 'notes written'],
    // One step back from "last".
    ['what happened the week before last', summer(2025, 5, 26), summer(2025, 6, 2), 'what happened'],
    ['who called the Sunday before last?', summer(2025, 6, 1), summer(2025, 6, 2), 'who called?'],
    ['invoices sent the month before last', summer(2025, 4, 1), summer(2025, 5, 1), 'invoices sent'],
    // Weekends are Saturday and Sunday; the last one is the one before this week.
    ['where did we go two weekends ago', summer(2025, 5, 31), summer(2025, 6, 2), 'where did we go'],
    ['where did we go a couple of weekends ago', summer(2025, 5, 31), summer(2025, 6, 2), 'where did we go'],
    ['what did she cook three weekends ago', summer(2025, 5, 24), summer(2025, 5, 26), 'what did she cook'],
    ['what did she cook last weekend', summer(2025, 6, 7), summer(2025, 6, 9), 'what did she cook'],
    ['the weekend before last', summer(2025, 5, 31), summer(2025, 6, 2), ''],
    // A window open at the start that includes the time named.
    ['what had Ben finished as of December 2023?', 0, winter(2024, 1, 1), 'what had Ben finished?'],
    ['what had Ben finished by the end of December 2023?', 0, winter(2024, 1, 1), 'what had Ben finished?'],
    ['what changed up to and including March 3', 0, winter(2025, 3, 4), 'what changed'],
    // The nth weekday, week or weekend of a month.
    ['Where did Andrew go during the first weekend of August 2023?', summer(2023, 8, 5), summer(2023, 8, 7), 'Where did Andrew go?'],
    ['what did we book for the second Monday in March 2024', winter(2024, 3, 11), winter(2024, 3, 12), 'what did we book'],
    ['what did I read in the last week of May', summer(2025, 5, 25), summer(2025, 6, 1), 'what did I read'],
    // The glue words still apply to the shifted time.
    ['what changed since the Sunday before May 20, 2023', summer(2023, 5, 14), NOW.getTime(), 'what changed'],
  ])('%s', (q, from, to, rest) => {
    expect(window(q)).toEqual({ from, to, rest });
  });

  it('leaves alone what is not a time before or after a date', () => {
    // Before an event, not a date: no window (chrono alone reads "the day before" as yesterday).
    expect(window('what did Ana do the day before the concert?')).toBeNull();
    expect(window('what did we do the week before?')).toBeNull();
    // The first week of something that is not a month is no time.
    expect(window('what did Ana cook in the first week of the trip?')).toBeNull();
    // A habit stays a habit.
    expect(window('who runs once a week before work?')).toBeNull();
    // "up to" is not "up to and including": what someone was up to last week is last week.
    expect(window('what was Ana up to last week')).toEqual({ from: summer(2025, 6, 2), to: summer(2025, 6, 9), rest: 'what was Ana up to' });
    // "before" a date alone still ends before it; "by" a day ends at its start.
    expect(window('what did Ana plan before October 25, 2022?')).toEqual({ from: 0, to: summer(2022, 10, 25), rest: 'what did Ana plan?' });
    expect(window('the day before yesterday')).toEqual({ from: summer(2025, 6, 10), to: summer(2025, 6, 11), rest: '' });
  });
});

import { describe, expect, it } from 'vitest';
import { ZonedCalendar } from '../../shared/time/index.js';
import { zonedCalendar } from '../../electron/api/zoned-calendar.js';

describe('ZonedCalendar day boundaries (timeline days, activity chart, chat)', () => {
  it('finds local midnights, including across DST changes', () => {
    const paris = new ZonedCalendar('Europe/Paris');
    // 30 March 2025: clocks go 02:00 -> 03:00 in Paris; the day is 23 hours long.
    const start = paris.at(2025, 3, 30);
    expect(new Date(start).toISOString()).toBe('2025-03-29T23:00:00.000Z');
    expect(paris.startOfDay(start, 1) - start).toBe(23 * 3600_000);
    expect(new Date(paris.startOfDay(Date.parse('2025-03-30T21:30:00Z'))).toISOString()).toBe('2025-03-29T23:00:00.000Z');
    expect(paris.dayKey(Date.parse('2025-03-30T22:30:00Z'))).toBe('2025-03-31');
    const ny = new ZonedCalendar('America/New_York');
    expect(new Date(ny.at(2025, 11, 2)).toISOString()).toBe('2025-11-02T04:00:00.000Z');
    expect(ny.startOfDay(ny.at(2025, 11, 2), 1) - ny.at(2025, 11, 2)).toBe(25 * 3600_000);
    expect(new ZonedCalendar('UTC').dayKey(Date.parse('2025-12-31T23:59:59Z'))).toBe('2025-12-31');
  });

  it('the handler map refuses unknown zones with a typed error', () => {
    expect(() => zonedCalendar('Mars/Olympus')).toThrow(/unknown time zone/);
    expect(zonedCalendar('Europe/Paris')).toBe(ZonedCalendar.for('Europe/Paris'));
  });
});

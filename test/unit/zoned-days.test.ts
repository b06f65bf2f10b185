import { describe, expect, it } from 'vitest';
import { ZonedDays } from '../../electron/api/zoned-days.js';

describe('ZonedDays', () => {
  it('finds local midnights, including across DST changes', () => {
    const paris = new ZonedDays('Europe/Paris');
    // 30 March 2025: clocks go 02:00 -> 03:00 in Paris; the day is 23 hours long.
    const start = paris.midnight(2025, 3, 30);
    expect(new Date(start).toISOString()).toBe('2025-03-29T23:00:00.000Z');
    expect(paris.addDays(start, 1) - start).toBe(23 * 3600_000);
    expect(new Date(paris.startOfDay(Date.parse('2025-03-30T21:30:00Z'))).toISOString()).toBe('2025-03-29T23:00:00.000Z');
    expect(paris.dayKey(Date.parse('2025-03-30T22:30:00Z'))).toBe('2025-03-31');
    const ny = new ZonedDays('America/New_York');
    expect(new Date(ny.midnight(2025, 11, 2)).toISOString()).toBe('2025-11-02T04:00:00.000Z');
    expect(ny.addDays(ny.midnight(2025, 11, 2), 1) - ny.midnight(2025, 11, 2)).toBe(25 * 3600_000);
    expect(new ZonedDays('UTC').dayKey(Date.parse('2025-12-31T23:59:59Z'))).toBe('2025-12-31');
  });

  it('refuses unknown zones with a typed error', () => {
    expect(() => new ZonedDays('Mars/Olympus')).toThrow(/unknown time zone/);
  });
});

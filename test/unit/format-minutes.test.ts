/**
 * One rule for writing a span of minutes, for memory text and the window alike. The window's copy
 * rounded the hours and the minutes apart, so 119.7 minutes read "1 h 60 min".
 */
import { describe, expect, it } from 'vitest';
import { formatMinutes } from '../../shared/calendar/index.js';
import { formatDuration } from '../../shared/time/index.js';
import { fmtMinutes } from '../../renderer/src/lib/format.js';

describe('a span of minutes', () => {
  it('rounds once, then splits into hours', () => {
    expect(formatMinutes(119.7)).toBe('2 h');
    expect(formatMinutes(59.6)).toBe('1 h');
    expect(formatMinutes(65.2)).toBe('1 h 5 min');
    expect(formatMinutes(38.4)).toBe('38 min');
  });

  it('says under a minute in prose and <1 min where space is short', () => {
    expect(formatMinutes(0.3)).toBe('under a minute');
    expect(formatMinutes(0.3, 'compact')).toBe('<1 min');
    expect(formatMinutes(0.7, 'compact')).toBe('1 min');
  });

  it('is the rule behind memory text and the window', () => {
    expect(formatDuration(119.7 * 60_000)).toBe(formatMinutes(119.7));
    expect(fmtMinutes(119.7)).toBe('2 h');
    expect(fmtMinutes(0.2)).toBe('<1 min');
  });
});

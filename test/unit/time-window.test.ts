import { describe, expect, it } from 'vitest';
import { parseTimePoint, parseTimeWindow, TimeArgError } from '../../shared/time/index.js';

// Words are read in the process's time zone; pin "now" and compare spans, not wall-clock strings.
const now = new Date('2026-11-26T15:30:00Z');
const H = 3_600_000;
const span = (w: { from: number | null; to: number | null } | null) => (w ? (w.to! - w.from!) / H : null);

describe('time windows (MCP time_range/since/until, CLI --since/--until)', () => {
  it('reads spans in words the way chat does', () => {
    expect(span(parseTimeWindow({ time_range: 'yesterday' }, now))).toBeCloseTo(24, 0);
    expect(span(parseTimeWindow({ time_range: 'last 3 days' }, now))).toBe(72);
    expect(span(parseTimeWindow({ time_range: 'last 2 hours' }, now))).toBe(2);
    expect(parseTimeWindow({ time_range: 'last 2 hours' }, now)!.to).toBe(now.getTime());
    const week = parseTimeWindow({ time_range: 'last week' }, now)!;
    expect(week.to!).toBeLessThanOrEqual(now.getTime());
    expect(span(week)).toBeGreaterThanOrEqual(7 * 24 - 1);
  });

  it('takes ISO points, ISO intervals and since/until words, and narrows a span with them', () => {
    expect(parseTimeWindow({ time_range: '2026-11-01T00:00:00Z/2026-11-02T00:00:00Z' }, now)).toEqual({
      from: Date.parse('2026-11-01T00:00:00Z'),
      to: Date.parse('2026-11-02T00:00:00Z'),
    });
    expect(parseTimeWindow({ since: '2026-11-20T10:00:00Z' }, now)).toEqual({ from: Date.parse('2026-11-20T10:00:00Z'), to: null });
    expect(parseTimeWindow({ since: '3 days ago' }, now)!.from).toBe(now.getTime() - 72 * H);
    const narrowed = parseTimeWindow({ time_range: 'last 3 days', since: '1 day ago' }, now)!;
    expect(narrowed).toEqual({ from: now.getTime() - 24 * H, to: now.getTime() });
    expect(parseTimeWindow({}, now)).toBeNull();
  });

  it('refuses what it cannot read, in one line', () => {
    expect(() => parseTimeWindow({ since: 'when pigs fly' }, now)).toThrow(/cannot understand the time "when pigs fly"/);
    expect(() => parseTimeWindow({ since: '2026-02-31T99:00' }, now)).toThrow(/not a valid ISO date/);
    expect(() => parseTimeWindow({ since: '2026-01-02', until: '2026-01-01' }, now)).toThrow(/ends before it starts/);
  });

  it('reads one point the same way for every host, never in the future, with a typed one-line error', () => {
    expect(parseTimePoint('2026-11-20T10:00:00Z', '--since', now)).toBe(Date.parse('2026-11-20T10:00:00Z'));
    expect(parseTimePoint('15 minutes ago', '--since', now)).toBe(now.getTime() - 15 * 60_000);
    // 26 Nov 2026 is a Thursday: "Monday" is the Monday before, not the next one.
    expect(parseTimePoint('Monday', 'since', now)).toBeLessThan(now.getTime());
    expect(() => parseTimePoint('when pigs fly', '--since', now)).toThrow(TimeArgError);
    expect(() => parseTimePoint('when pigs fly', '--since', now)).toThrow(/^--since: cannot understand the time "when pigs fly"/);
  });
});

import { describe, expect, it } from 'vitest';
import { compareHlc, HybridClock, MAX_DRIFT_MS, type Hlc } from '../../agents/sync/index.js';

const A = 'a'.repeat(32);
const B = 'b'.repeat(32);

describe('hybrid logical clock', () => {
  it('orders changes made in the same millisecond, and after a wall clock stepped back', () => {
    let wall = 1_000;
    const clock = new HybridClock(A, () => wall);
    const first = clock.now();
    const second = clock.now();
    wall = 500; // NTP stepped the clock back
    const third = clock.now();
    expect(compareHlc(first, second)).toBe(-1);
    expect(compareHlc(second, third)).toBe(-1);
    expect(third.t).toBe(1_000);
  });

  it('a change made after seeing another device orders after it, even with a slower clock here', () => {
    const clock = new HybridClock(A, () => 1_000);
    const remote: Hlc = { t: 5_000, c: 7, d: B };
    clock.receive(remote);
    expect(compareHlc(clock.now(), remote)).toBe(1);
  });

  it('two devices stamping the same instant are told apart the same way everywhere (device id)', () => {
    const a: Hlc = { t: 1, c: 0, d: A };
    const b: Hlc = { t: 1, c: 0, d: B };
    expect(compareHlc(a, b)).toBe(-1);
    expect(compareHlc(b, a)).toBe(1);
    expect(compareHlc(a, { ...a })).toBe(0);
  });

  it('does not follow a stamp from a clock a day or more ahead', () => {
    const clock = new HybridClock(A, () => 1_000);
    clock.receive({ t: 1_000 + MAX_DRIFT_MS + 1, c: 0, d: B });
    expect(clock.now().t).toBe(1_000);
  });

  it('refuses a device id that is not 32 hex digits', () => {
    expect(() => new HybridClock('laptop')).toThrow(/32 hex/);
  });
});

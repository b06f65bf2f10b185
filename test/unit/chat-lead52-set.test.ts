import { describe, expect, it } from 'vitest';
import { CASES, firstLine, mark } from '../helpers/lead52-screens.js';

describe('lead52 scoring set: state what a screen says, and only that', () => {
  it('counts', () => {
    const marks = CASES.map((c) => ({ c, m: mark(c), first: firstLine(c.q).first }));
    for (const { c, m, first } of marks) console.log(`${m.padEnd(5)} ${c.q}\n      ${first.slice(0, 200)}`);
    const pos = marks.filter((x) => x.c.says);
    const neg = marks.filter((x) => x.c.not);
    console.log(`stated ${pos.filter((x) => x.m === 'S').length}/${pos.length} (A ${pos.filter((x) => x.m === 'A').length}); near misses: I-don't-know ${neg.filter((x) => x.m === 'ok').length}, hedged ${neg.filter((x) => x.m === 'hedge').length}, wrongly stated ${neg.filter((x) => x.m === 'WRONG').length} of ${neg.length}`);
    // Before lead52 (main e6a4be9): stated 15/27, near misses wrongly stated 2 and hedged 1 of 13.
    expect(neg.filter((x) => x.m !== 'ok').map((x) => x.c.q)).toEqual([]);
    expect(pos.filter((x) => x.m === 'S').length).toBeGreaterThanOrEqual(17);
  });
});

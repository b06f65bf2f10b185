import { describe, expect, it } from 'vitest';
import { costOrder, filesInTwoProjects, keepTogether, seededShuffle } from '../runner/file-order.js';
import { idleMs } from '../runner/timing-reporter.js';

describe('the order npm test starts files in', () => {
  const costs = { 'long.test.ts': 60_000, 'mid.test.ts': 20_000, 'a.test.ts': 300, 'b.test.ts': 310, 'c.test.ts': 290, 'd.test.ts': 305 };
  const files = Object.keys(costs);

  it('starts the long files first and keeps the seed deciding among files of about the same cost', () => {
    const orders = [1, 2, 3, 4, 5, 6, 7, 8].map((seed) => costOrder(files, costs, seed));
    for (const o of orders) {
      expect(o.slice(0, 2)).toEqual(['long.test.ts', 'mid.test.ts']);
      expect(new Set(o.slice(2))).toEqual(new Set(['a.test.ts', 'b.test.ts', 'c.test.ts', 'd.test.ts']));
    }
    // One seed, one order; other seeds, other orders of the short files.
    expect(costOrder(files, costs, 3)).toEqual(orders[2]);
    expect(new Set(orders.map((o) => o.join())).size).toBeGreaterThan(1);
    // Without a seed, path order among equals.
    expect(costOrder(files, costs, null)).toEqual(['long.test.ts', 'mid.test.ts', 'a.test.ts', 'b.test.ts', 'c.test.ts', 'd.test.ts']);
  });

  it('puts a file missing from the list among the average ones', () => {
    const order = costOrder([...files, 'new.test.ts'], costs, 9);
    // The average of the list is about 13.5 s: after the 60-s and the 20-s file, before the short ones.
    expect(order.indexOf('new.test.ts')).toBe(2);
  });

  it("starts a worker-sharing project's files one after another, from where the first of them was", () => {
    const order = ['fuzz', 'e2e/screens', 'cli', 'e2e/flows', 'store', 'e2e/pages', 'unit/a'];
    const groupOf = (f: string) => (f.startsWith('e2e/') ? 'browser' : f.startsWith('unit/') ? 'threads' : null);
    expect(keepTogether(order, groupOf)).toEqual(['fuzz', 'e2e/screens', 'e2e/flows', 'e2e/pages', 'cli', 'store', 'unit/a']);
    // Every file exactly once, and an order with no such project unchanged.
    expect(keepTogether(['b', 'a', 'c'], () => null)).toEqual(['b', 'a', 'c']);
    expect(keepTogether(['x', 'y'], () => 'one')).toEqual(['x', 'y']);
  });

  it('shuffles every item exactly once', () => {
    const items = Array.from({ length: 50 }, (_, i) => i);
    const s = seededShuffle(items, 42);
    expect([...s].sort((a, b) => a - b)).toEqual(items);
    expect(s).not.toEqual(items);
  });

  it('counts idle worker time, in all and after a moment', () => {
    // Two workers over 0..10: one file 0..10, one 0..4, one 5..6: idle 4..5 and 6..10 on one worker.
    const spans = [
      { file: 'x', start: 0, end: 10 },
      { file: 'y', start: 0, end: 4 },
      { file: 'z', start: 5, end: 6 },
    ];
    expect(idleMs(spans, 2, 0, 10)).toBe(5);
    expect(idleMs(spans, 2, 5, 10)).toBe(4);
    expect(idleMs([], 2, 0, 10)).toBe(20);
  });

  it('names a file that two projects would both run, and nothing when each file has one project', () => {
    const one = [{ file: 'test/unit/a.test.ts', project: 'unit' }, { file: 'test/e2e/b.test.ts', project: 'forks' }];
    expect(filesInTwoProjects(one)).toEqual([]);
    expect(filesInTwoProjects([...one, { file: 'test/unit/a.test.ts', project: 'forks' }])).toEqual(['test/unit/a.test.ts in unit and forks']);
  });
});

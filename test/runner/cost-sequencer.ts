import { relative, sep } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { costOrder, readCosts, seededShuffle } from './file-order.js';

/**
 * vitest's sequencer for `npm test`: files start longest first, ties in seeded-shuffle order
 * (file-order.ts); TEST_ORDER=shuffle gives the plain seeded shuffle of files instead.
 */
export default class CostSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { root, sequence } = this.ctx.config;
    const seed = sequence.shuffle ? (sequence.seed ?? 0) : null;
    const key = (s: TestSpecification) => relative(root, s.moduleId).split(sep).join('/');
    // Every spec is kept: a file two projects include runs in both, as vitest would run it.
    const byKey = new Map<string, TestSpecification[]>();
    for (const s of files) byKey.set(key(s), [...(byKey.get(key(s)) ?? []), s]);
    const order = process.env.TEST_ORDER === 'shuffle'
      ? (seed === null ? [...byKey.keys()].sort() : seededShuffle([...byKey.keys()], seed))
      : costOrder([...byKey.keys()], readCosts(), seed);
    return order.flatMap((k) => byKey.get(k)!);
  }
}

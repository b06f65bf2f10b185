import { relative, sep } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { costOrder, filesInTwoProjects, keepTogether, readCosts, seededShuffle } from './file-order.js';

/**
 * vitest's sequencer for `npm test`: files start longest first, ties in seeded-shuffle order
 * (file-order.ts); TEST_ORDER=shuffle gives the plain seeded shuffle of files instead. Either way
 * the files of a project that is not isolated (the browser files) start one after another, from
 * where the first of them would, so a worker runs one after the other with its imports and browser.
 */
export default class CostSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { root, sequence } = this.ctx.config;
    const seed = sequence.shuffle ? (sequence.seed ?? 0) : null;
    const key = (s: TestSpecification) => relative(root, s.moduleId).split(sep).join('/');
    const twice = filesInTwoProjects(files.map((s) => ({ file: key(s), project: s.project.name })));
    if (twice.length) throw new Error(`each test file must belong to one project (vitest.config.ts): ${twice.slice(0, 3).join('; ')}${twice.length > 3 ? ` and ${twice.length - 3} more` : ''}`);
    const byKey = new Map<string, TestSpecification[]>();
    for (const s of files) byKey.set(key(s), [...(byKey.get(key(s)) ?? []), s]);
    const order = process.env.TEST_ORDER === 'shuffle'
      ? (seed === null ? [...byKey.keys()].sort() : seededShuffle([...byKey.keys()], seed))
      : costOrder([...byKey.keys()], readCosts(), seed);
    const shared = (k: string) => {
      const project = byKey.get(k)![0]!.project;
      return project.config.isolate === false ? project.name : null;
    };
    return keepTogether(order, shared).flatMap((k) => byKey.get(k)!);
  }
}

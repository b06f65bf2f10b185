import { describe, expect, it } from 'vitest';
import { knownByWords, type BrainStore } from '../../agents/subagent-kit/index.js';

type Search = BrainStore['search'];

describe('knownByWords (what a sub-agent shows the model as already known)', () => {
  it('asks the store for one kind by words only, no passages, and returns the memories', async () => {
    const asked: Parameters<Search>[0][] = [];
    const store = {
      search: (async (q) => {
        asked.push(q);
        return [{ memory: { id: 'mem_1' } }];
      }) as Search,
    };
    const found = await knownByWords(store, 'semantic', 'Ana manager', 8);
    expect(asked).toEqual([{ query: 'Ana manager', kinds: ['semantic'], limit: 8, mode: 'bm25', passages: false }]);
    expect(found.map((m) => m.id)).toEqual(['mem_1']);
  });

  it('asks nothing for an empty query', async () => {
    const store = { search: (() => Promise.reject(new Error('must not search'))) as Search };
    expect(await knownByWords(store, 'resource', '   ', 6)).toEqual([]);
  });
});

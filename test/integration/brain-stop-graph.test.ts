import { describe, expect, it } from 'vitest';
import { OfflineProvider } from '../../agents/llm/index.js';
import { createBrain } from '../../agents/meta/index.js';
import type { EngramStore } from '../../agents/store/index.js';
import { freshStores } from '../helpers/temp-store.js';

const fresh = freshStores('engram-brain-stop-');

async function storeWithUnreadMemory(): Promise<EngramStore> {
  const store = await fresh();
  // Written straight to the store, as an older session might have left it: the graph has not read it.
  store.memories.insert({ kind: 'semantic', title: 'Priya Raman', text: 'Priya Raman leads the Orion project at Northwind.', fields: { name: 'Priya Raman' } });
  return store;
}

describe('a brain that did nothing writes nothing when it stops', () => {
  // Found by the CLI fuzz (FUZZ_SEED=323291000): a refused `engram dream --model X` said "nothing was
  // changed" while its brain's stop had read unread memories into the graph.
  it('never started and no memory written: the graph stays as it was', async () => {
    const store = await storeWithUnreadMemory();
    const before = store.graph.counts();
    const brain = createBrain({ store, llm: new OfflineProvider(), timeZone: 'UTC', subscribe: false });
    await brain.stop();
    expect(store.graph.counts()).toEqual(before);
  });

  it('a memory written through it: stop still reads it into the graph, as before', async () => {
    const store = await storeWithUnreadMemory();
    const brain = createBrain({ store, llm: new OfflineProvider(), timeZone: 'UTC', subscribe: false });
    store.memories.insert({ kind: 'semantic', title: 'Northwind', text: 'Northwind is the client of the Orion project.', fields: { name: 'Northwind' } });
    await brain.stop();
    expect(store.graph.counts().entities).toBeGreaterThan(0);
  });
});

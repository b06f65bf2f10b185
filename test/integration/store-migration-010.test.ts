import { describe, expect, it } from 'vitest';
import { buildGraph } from '../../agents/graph/index.js';
import { type EngramStore } from '../../agents/store/index.js';
import { storeFolderPerTest } from '../helpers/temp-store.js';

/** Migration 010: the pairs the user split apart, remembered so consolidation never merges them back. */
describe('migration 010: entity pairs kept apart', () => {
  const { open } = storeFolderPerTest('engram-mig10-');
  const say = (store: EngramStore, text: string) => {
    const m = store.memories.insert({ kind: 'episodic', title: '', text, fields: { event_type: 'message', actor: 'Ben Okafor' }, occurred_at: 1_000 });
    buildGraph(store, [{ id: m.id, kind: m.kind, title: m.title, text: m.text, fields: m.fields, at: 1_000 }]);
    return m.id;
  };

  it('upgrades a version-9 database with a graph, keeping it; a split is then remembered and goes with its entities', async () => {
    const old = await open(9);
    expect(old.db.pragma('user_version', { simple: true })).toBe(9);
    expect(old.db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'entity_apart'").get()).toBeUndefined();
    const anaMemory = say(old, 'Ana will review the checklist.');
    const souzaMemory = say(old, 'Ana Souza signed off the budget.');
    const counts = old.graph.counts();
    await old.close();

    const store = await open(10);
    try {
      expect(store.db.pragma('user_version', { simple: true })).toBe(10);
      expect(store.graph.counts()).toEqual(counts);
      const souza = store.graph.list({ query: 'souza' })[0]!;
      expect(souza.aliases).toContain('Ana');
      const ana = store.graph.splitAlias(souza.id, 'Ana');
      expect(store.db.prepare('SELECT entity_a, entity_b, reason FROM entity_apart').all()).toEqual([
        { entity_a: [souza.id, ana.id].sort()[0], entity_b: [souza.id, ana.id].sort()[1], reason: 'split off "Ana"' },
      ]);
      // Only ordered pairs: the same pair cannot be stored twice the other way round.
      expect(() => store.db.prepare("INSERT INTO entity_apart VALUES (?, ?, 0, 'x')").run([souza.id, ana.id].sort()[1], [souza.id, ana.id].sort()[0])).toThrow(/CHECK/);
      // Forgetting the memories that named Ana Souza (the split keeps its mentions where they were) takes her entity, and the decision with it (no name outlives its sources).
      store.memories.delete([anaMemory, souzaMemory]);
      expect(store.graph.get(souza.id)).toBeNull();
      expect(store.db.prepare('SELECT count(*) FROM entity_apart').pluck().get()).toBe(0);
    } finally {
      await store.close();
    }
  });
});

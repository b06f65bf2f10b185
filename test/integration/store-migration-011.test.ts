import { describe, expect, it } from 'vitest';
import { buildGraph } from '../../agents/graph/index.js';
import { DEFAULT_WALK, GraphWalk, LATEST_SCHEMA_VERSION, type EngramStore } from '../../agents/store/index.js';
import { storeFolderPerTest } from '../helpers/temp-store.js';

/** Migration 011: a memory's seq and whether it is current, by its id, from one index (the graph walk's lookups read no memory row). */
describe('migration 011: memories by id and superseded_by', () => {
  const { open } = storeFolderPerTest('engram-mig11-');
  let i = 0;
  const say = (store: EngramStore, actor: string, text: string) => {
    const at = Date.UTC(2026, 5, 1) + i++ * 60_000;
    const m = store.memories.insert({ kind: 'episodic', title: '', text, fields: { event_type: 'message', actor }, occurred_at: at, segment: `s${i}` });
    buildGraph(store, [{ id: m.id, kind: m.kind, title: m.title, text: m.text, fields: m.fields, at }]);
    return m.id;
  };
  /** How SQLite reads the walk's lookup: a list of memory ids (mentions) joined to the current memories, for their seqs. */
  const plan = (store: EngramStore) =>
    (
      store.db
        .prepare('EXPLAIN QUERY PLAN SELECT s.key, m.seq FROM json_each(?) s JOIN memories m ON m.id = s.value WHERE m.superseded_by IS NULL')
        .all('[]') as { detail: string }[]
    )
      .map((r) => r.detail)
      .join('; ');

  it('upgrades a version-10 database with memories and a graph, keeping both; the walk then reads ids from the index alone and still skips superseded memories', async () => {
    const old = await open(10);
    expect(old.db.pragma('user_version', { simple: true })).toBe(10);
    expect(plan(old)).not.toMatch(/COVERING INDEX/);
    for (let k = 0; k < 3; k++) say(old, 'Ana Souza', `Ana Souza reviewed the Atlas launch plan (${k}).`);
    const ben = say(old, 'Ben Okafor', 'Ben Okafor moved the Atlas launch press day to Friday.');
    const benAgain = say(old, 'Ben Okafor', 'Ben Okafor moved the Atlas launch press day to Monday.');
    // The first of Ben's two messages is superseded by the second: the walk must not reach it.
    old.memories.update(ben, { superseded_by: benAgain }, 'corrected');
    const ana = old.graph.entitiesIn('What did Ana Souza do?')[0]!;
    const limits = { ...DEFAULT_WALK, hubShare: 1, hubMin: 1000 };
    const before = new GraphWalk(old.db).walk([ana.id], limits);
    expect(before.map((l) => l.memory_id)).toContain(benAgain);
    expect(before.map((l) => l.memory_id)).not.toContain(ben);
    const rows = old.db.prepare('SELECT * FROM memories ORDER BY seq').all();
    const counts = old.graph.counts();
    await old.close();

    const store = await open();
    try {
      expect(store.db.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION);
      // Later migrations may add columns (014's archived_at): every version-10 value is kept as it was.
      expect(store.db.prepare('SELECT * FROM memories ORDER BY seq').all()).toEqual(rows.map((r) => expect.objectContaining(r)));
      expect(store.graph.counts()).toEqual(counts);
      expect(plan(store)).toMatch(/COVERING INDEX memories_id_current/);
      expect(new GraphWalk(store.db).walk([ana.id], limits)).toEqual(before);
      // The index follows writes: a memory superseded after the upgrade drops out of the walk too.
      store.memories.update(benAgain, { superseded_by: say(store, 'Ben Okafor', 'Ben Okafor moved the Atlas launch press day to Tuesday.') }, 'corrected');
      expect(new GraphWalk(store.db).walk([ana.id], limits).map((l) => l.memory_id)).not.toContain(benAgain);
      expect(store.db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      await store.close();
    }
  });
});

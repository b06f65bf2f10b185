import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { openStore, StaticKeyProvider, type EngramStore } from '../../agents/store/index.js';

/**
 * The FTS row of a unit carries the text of the unit before it in its segment (the `context`
 * column). These tests read the index back through column queries and compare it with what the
 * segment says now, after inserts in the middle, deletes, edits and moves in time; and check that
 * BM25 statistics do not drift with rewrites (they did with a contentless_delete table).
 */
describe('FTS context column', () => {
  let dir: string;
  let key: Buffer;
  let store: EngramStore;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'engram-ftsctx-'));
    key = randomBytes(32);
    store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder: null });
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Which memories have `word` in their context column. */
  const withContext = (word: string): string[] =>
    (store.db.prepare(`SELECT m.id FROM memory_fts f JOIN memories m ON m.seq = f.rowid WHERE memory_fts MATCH ? ORDER BY m.seq`).pluck().all(`context : "${word}"`) as string[]).sort();

  /** The expected context owners: for each unit, the unit after it in its segment holds its words. */
  function expectConsistent(): void {
    const rows = store.db
      .prepare('SELECT id, text, segment FROM memories WHERE segment IS NOT NULL ORDER BY segment, COALESCE(occurred_at, created_at), seq')
      .all() as { id: string; text: string; segment: string }[];
    for (let i = 0; i < rows.length; i++) {
      const word = rows[i]!.text.split(' ')[0]!;
      const next = rows[i + 1]?.segment === rows[i]!.segment ? [rows[i + 1]!.id] : [];
      expect(withContext(word), `context holding "${word}"`).toEqual(next.sort());
    }
  }

  it('holds the previous unit of the segment through inserts, middle inserts, edits, moves and deletes', () => {
    const t = Date.UTC(2026, 0, 1);
    const a = store.memories.insert({ kind: 'episodic', text: 'alpha asked about the ferry', segment: 's1', occurred_at: t });
    const c = store.memories.insert({ kind: 'episodic', text: 'charlie answered nine sharp', segment: 's1', occurred_at: t + 2000 });
    store.memories.insert({ kind: 'episodic', text: 'xray in another thread', segment: 's2', occurred_at: t + 1000 });
    store.memories.insert({ kind: 'semantic', text: 'zulu has no segment' });
    expectConsistent();
    expect(withContext('alpha')).toEqual([c.id]);

    // Inserted between a and c: c's context becomes b.
    const b = store.memories.insert({ kind: 'episodic', text: 'bravo wondered which pier', segment: 's1', occurred_at: t + 1000 });
    expectConsistent();
    expect(withContext('alpha')).toEqual([b.id]);
    expect(withContext('bravo')).toEqual([c.id]);

    // Edited text: the unit after it sees the new words.
    store.memories.update(b.id, { text: 'bravo2 wondered which dock' }, 'edit');
    expectConsistent();
    expect(withContext('pier')).toEqual([]);
    expect(withContext('dock')).toEqual([c.id]);

    // Moved in time to the end: a is now followed by c, and b follows c.
    store.memories.update(b.id, { occurred_at: t + 5000 }, 'time fix');
    expectConsistent();
    expect(withContext('alpha')).toEqual([c.id]);
    expect(withContext('charlie')).toEqual([b.id]);

    // Deleted: its follower loses its words and borders what came before.
    store.memories.delete([c.id]);
    expectConsistent();
    expect(withContext('charlie')).toEqual([]);
    expect(withContext('alpha')).toEqual([b.id]);
    store.memories.delete([a.id, b.id]);
    expectConsistent();
    expect(store.db.prepare('SELECT count(*) FROM memory_fts').pluck().get()).toBe(store.memories.count());
  });

  it('keeps BM25 statistics exact under rewrites (same scores as a freshly built index)', async () => {
    const words = ['apple', 'pear', 'plum', 'fig', 'kiwi', 'lime'];
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) {
      ids.push(store.memories.insert({ kind: 'episodic', text: `${words[i % 6]} ${words[(i * 5) % 6]} note${i}`, segment: `s${i % 4}`, occurred_at: 1000 * i }).id);
    }
    for (let round = 0; round < 3; round++) for (const id of ids.slice(0, 20)) store.memories.update(id, { details: `round ${round}` }, 'churn');
    store.memories.delete(ids.slice(30));
    const scores = () =>
      store.db
        .prepare(`SELECT rowid, round(bm25(memory_fts, 2.0, 1.0, 0.3), 9) AS s FROM memory_fts WHERE memory_fts MATCH '"plum" OR "kiwi"' ORDER BY rowid`)
        .all();
    const live = scores();
    // Rebuild the same rows from scratch the way migration 003 does.
    store.db.exec(`DELETE FROM memory_fts;
      INSERT INTO memory_fts(rowid, title, body, context)
        SELECT seq, title, CASE WHEN details != '' THEN text || char(10) || details ELSE text END,
          CASE WHEN segment IS NULL THEN '' ELSE COALESCE(substr(LAG(title || ' ' || text) OVER w, 1, 2000), '') END
        FROM memories WINDOW w AS (PARTITION BY segment ORDER BY COALESCE(occurred_at, created_at), seq);`);
    expect(scores()).toEqual(live);
  });

  it('migration 003 fills the context of a database written before it', async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
    dir = mkdtempSync(join(tmpdir(), 'engram-ftsctx-'));
    store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder: null, targetVersion: 2 });
    const first = store.memories.insert({ kind: 'episodic', text: 'golf asked where the keys are', segment: 'chat', occurred_at: 1000 });
    const second = store.memories.insert({ kind: 'episodic', text: 'hotel said under the mat', segment: 'chat', occurred_at: 2000 });
    // A version-2 database had an empty context column: make it so.
    store.db.exec(`DELETE FROM memory_fts; INSERT INTO memory_fts(rowid, title, body, context) SELECT seq, title, text, '' FROM memories`);
    expect(withContext('golf')).toEqual([]);
    await store.close();
    store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder: null });
    expect(store.db.pragma('user_version', { simple: true })).toBeGreaterThanOrEqual(3);
    expect(withContext('golf')).toEqual([second.id]);
    expectConsistent();
    const hits = await store.search({ query: 'where are the keys', mode: 'bm25' });
    expect(hits.map((h) => h.memory.id)).toEqual(expect.arrayContaining([first.id, second.id]));
    // Deleting from the rebuilt (content-storing) table works and leaves nothing behind.
    store.memories.delete([first.id]);
    expect(withContext('golf')).toEqual([]);
  });
});

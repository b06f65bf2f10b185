import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { HashEmbedder, openStore, StoreError, StaticKeyProvider, type EngramStore, type NewMemory } from '../../agents/store/index.js';
import type { Provenance } from '../../shared/index.js';

/**
 * Inserts inside a caller's transaction (an import, dream, a benchmark's batches) write without a
 * savepoint of their own. A memory the store refuses there must leave nothing behind, even when the
 * caller catches the error and commits the rest; and a batch must index exactly what the same
 * memories inserted one by one do.
 */
describe('memory inserts inside a caller transaction', () => {
  let dir: string;
  let store: EngramStore;
  const embedder = new HashEmbedder(64);

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'engram-insbatch-'));
    store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(randomBytes(32)), embedder });
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const counts = () => ({
    memories: store.db.prepare('SELECT count(*) FROM memories').pluck().get(),
    fts: store.db.prepare('SELECT count(*) FROM memory_fts').pluck().get(),
    vectors: store.db.prepare('SELECT count(*) FROM memory_vec').pluck().get(),
    codes: store.db.prepare('SELECT count(*) FROM memory_vec_codes').pluck().get(),
    provenance: store.db.prepare('SELECT count(*) FROM provenance').pluck().get(),
  });

  it('a refused memory leaves no row, FTS row, vector or provenance when the caller commits the rest', async () => {
    const [v] = await embedder.embed(['the kayak trailer']);
    const good = (text: string, segment = 's1'): NewMemory => ({
      kind: 'episodic',
      text,
      segment,
      created_at: Date.UTC(2026, 0, 1),
      embedding: { embedder: embedder.id, vector: v! },
      provenance: [{ source_type: 'message', source_id: 'msg-1' }],
    });
    const refused: NewMemory[] = [
      // Valid row, vector and a first provenance entry; the second entry is not a source type.
      { ...good('zanzibarquartz one'), provenance: [{ source_type: 'message', source_id: 'msg-2' }, { source_type: 'email', source_id: 'x' } as unknown as Provenance] },
      { ...good('zanzibarquartz two'), provenance: [{ source_type: 'frame', source_id: '' }] },
      { ...good('zanzibarquartz three'), kind: 'semantic', fields: { name: 42 } as unknown as Record<string, unknown> },
    ];
    let caught = 0;
    const kept = store.transaction(() => {
      const a = store.memories.insert(good('trailer hitch before'));
      for (const m of refused) {
        try {
          store.memories.insert(m);
        } catch (e) {
          expect(e).toBeInstanceOf(StoreError);
          caught++;
        }
      }
      // A caller's own id that already exists is refused too, and the original stays as it was.
      try {
        store.memories.insert({ ...good('zanzibarquartz four'), id: a.id });
      } catch (e) {
        expect((e as StoreError).code).toBe('INVALID_INPUT');
        caught++;
      }
      const b = store.memories.insert(good('trailer hitch after'));
      return [a.id, b.id];
    });
    expect(caught).toBe(4);
    expect(counts()).toEqual({ memories: 2, fts: 2, vectors: 2, codes: 2, provenance: 2 });
    expect(await store.search({ query: 'zanzibarquartz', mode: 'bm25' })).toEqual([]);
    const hits = await store.search({ query: 'trailer hitch', mode: 'bm25' });
    expect(hits.map((h) => h.memory.id).sort()).toEqual([...kept].sort());
    // The second unit's context column holds the first one's text (the FTS row was written in step).
    const ctx = store.db.prepare(`SELECT rowid FROM memory_fts WHERE memory_fts MATCH 'context : before'`).pluck().all();
    expect(ctx).toHaveLength(1);
    expect(store.checkIntegrity().ok).toBe(true);
  });

  it('a batch in one transaction indexes and ranks exactly as the same inserts one by one', async () => {
    const words = 'ana ben kayak trailer lisbon budget deck review design flight hotel invoice'.split(' ');
    const memories: NewMemory[] = Array.from({ length: 60 }, (_, i) => ({
      kind: i % 3 ? 'episodic' : 'semantic',
      text: `${words[i % words.length]} ${words[(i * 5) % words.length]} ${words[(i * 7 + 3) % words.length]} item${i}`,
      segment: `seg-${i % 4}`,
      created_at: Date.UTC(2026, 0, 1) + ((i * 37) % 60) * 60_000,
      occurred_at: i % 3 ? Date.UTC(2026, 0, 1) + ((i * 37) % 60) * 60_000 : null,
    }));
    const other = await openStore({ dataDir: mkdtempSync(join(tmpdir(), 'engram-insbatch-b-')), keyProvider: new StaticKeyProvider(randomBytes(32)), embedder: null });
    try {
      store.transaction(() => {
        for (const m of memories) store.memories.insert(m);
      });
      for (const m of memories) other.memories.insert(m);
      const index = (s: EngramStore) =>
        s.db.prepare('SELECT m.text, f.title, f.body, f.context FROM memory_fts f JOIN memories m ON m.seq = f.rowid ORDER BY m.text').all();
      expect(index(store)).toEqual(index(other));
      for (const q of ['kayak trailer', 'lisbon flight', 'budget', 'ana review deck']) {
        const rank = async (s: EngramStore) => (await s.search({ query: q, mode: 'bm25', now: Date.UTC(2026, 0, 2) })).map((h) => [h.memory.text, h.score.toFixed(9)]);
        expect(await rank(store)).toEqual(await rank(other));
      }
    } finally {
      const otherDir = other.dataDir;
      await other.close();
      rmSync(otherDir, { recursive: true, force: true });
    }
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LATEST_SCHEMA_VERSION } from '../../agents/store/index.js';
import { storeFolderPerTest } from '../helpers/temp-store.js';

/**
 * Migration 022: a kept consolidation dry run that a forget drops leaves a tombstone of its id and the
 * reason, no text and no memory id, so its apply can answer STALE rather than NOT_FOUND.
 */
describe('migration 022: tombstones of kept dry runs dropped by a forget', () => {
  const { open } = storeFolderPerTest('engram-mig22-');
  const Body = z.object({ says: z.string() });

  it('a dry run kept on a version-21 database leaves only its id and why when a memory it quotes is forgotten', async () => {
    const old = await open(21);
    const kept = old.memories.insert({ kind: 'semantic', title: 'Ana Lima', text: 'Ana Lima leads finance at Acme', provenance: [] });
    const other = old.memories.insert({ kind: 'semantic', title: 'Atlas launch', text: 'The Atlas launch is on 3 March', provenance: [] });
    // As version 21's code kept it (today's keep() also clears tombstones, a table 21 has not).
    old.db.prepare('INSERT INTO consolidation_reviews (id, created_at, body) VALUES (?, ?, ?)').run('dry_a', 1_000, JSON.stringify({ says: 'merge Ana Lima leads finance at Acme' }));
    old.db.prepare('INSERT INTO consolidation_review_memories (review_id, memory_id) VALUES (?, ?)').run('dry_a', kept.id);
    await old.close();

    const store = await open();
    try {
      expect(store.db.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION);
      expect(store.consolidationReviews.latest(Body)?.id).toBe('dry_a');
      // A memory it does not quote: nothing happens to it.
      store.memories.delete([other.id]);
      expect(store.consolidationReviews.latest(Body)?.id).toBe('dry_a');
      expect(store.consolidationReviews.droppedBecause('dry_a')).toBeNull();

      store.memories.delete([kept.id]);
      expect(store.consolidationReviews.latest(Body)).toBeNull();
      expect(store.consolidationReviews.droppedBecause('dry_a')).toBe('forgotten');
      // The tombstone is the id and the reason: the forgotten words are nowhere in the table.
      expect(store.db.prepare('SELECT * FROM consolidation_review_tombstones').all()).toEqual([{ id: 'dry_a', reason: 'forgotten' }]);
      expect(store.db.prepare('SELECT count(*) FROM consolidation_review_memories').pluck().get()).toBe(0);

      // An entity a dry run quotes, forgotten: the same.
      const e = store.graph.upsertEntity({ kind: 'person', name: 'Ana Lima', at: 1_500 });
      store.consolidationReviews.keep({ id: 'dry_b', created_at: 2_000, body: { says: 'merge the people' }, quotes: [e] });
      // Keeping a new dry run clears the old tombstones: only the latest can be applied.
      expect(store.consolidationReviews.droppedBecause('dry_a')).toBeNull();
      expect(store.graph.delete(e)).toBe(true);
      expect(store.consolidationReviews.droppedBecause('dry_b')).toBe('forgotten');

      // Dropping it (discarded) takes the tombstone too; a wipe leaves none.
      expect(store.consolidationReviews.drop('dry_b')).toBe(false);
      expect(store.consolidationReviews.droppedBecause('dry_b')).toBeNull();
      const m = store.memories.insert({ kind: 'semantic', title: 'x', text: 'y', provenance: [] });
      store.consolidationReviews.keep({ id: 'dry_c', created_at: 3_000, body: { says: 'z' }, quotes: [m.id] });
      store.wipe();
      expect(store.db.prepare('SELECT count(*) FROM consolidation_review_tombstones').pluck().get()).toBe(0);
    } finally {
      await store.close();
    }
  });
});

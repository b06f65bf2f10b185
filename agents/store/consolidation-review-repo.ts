import type { Database as Db } from 'better-sqlite3-multiple-ciphers';
import type { ZodType } from 'zod';

/** A consolidation dry run as kept for review: its id, when it ran, and what it proposed (the caller's shape). */
export interface KeptReview<T> {
  id: string;
  created_at: number;
  body: T;
}

/**
 * The latest consolidation dry run, kept until it is applied or discarded (migration 020), so that a
 * restart does not lose a review half done. One at a time: a new dry run replaces the one before.
 * `quotes` are the memory and entity ids its proposals show: forgetting any of them drops it and
 * leaves a tombstone of its id and why (migration 022), so its apply can say why it is gone.
 */
export class ConsolidationReviewRepo {
  constructor(private readonly db: Db) {}

  keep(review: { id: string; created_at: number; body: unknown; quotes: readonly string[] }): void {
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM consolidation_reviews').run();
      // Only the latest dry run can be applied: older tombstones say nothing anyone will ask.
      this.db.prepare('DELETE FROM consolidation_review_tombstones').run();
      this.db.prepare('INSERT INTO consolidation_reviews (id, created_at, body) VALUES (?, ?, ?)').run(review.id, review.created_at, JSON.stringify(review.body));
      const quote = this.db.prepare('INSERT OR IGNORE INTO consolidation_review_memories (review_id, memory_id) VALUES (?, ?)');
      for (const id of review.quotes) quote.run(review.id, id);
    })();
  }

  /** The kept dry run, or null (none, or one whose body no longer reads as `schema`: a review is worth nothing broken). */
  latest<T>(schema: ZodType<T>): KeptReview<T> | null {
    const row = this.db.prepare('SELECT id, created_at, body FROM consolidation_reviews ORDER BY created_at DESC LIMIT 1').get() as { id: string; created_at: number; body: string } | undefined;
    if (!row) return null;
    try {
      const body = schema.safeParse(JSON.parse(row.body));
      return body.success ? { id: row.id, created_at: row.created_at, body: body.data } : null;
    } catch {
      return null;
    }
  }

  /** Drops a kept dry run (applied or discarded), and its tombstone; false when there was no dry run by that id. */
  drop(id: string): boolean {
    return this.db.transaction(() => {
      this.db.prepare('DELETE FROM consolidation_review_tombstones WHERE id = ?').run(id);
      return this.db.prepare('DELETE FROM consolidation_reviews WHERE id = ?').run(id).changes > 0;
    })();
  }

  /** Why the dry run of this id was dropped by the store itself ('forgotten': a memory it quotes was), or null. */
  droppedBecause(id: string): 'forgotten' | null {
    const reason = this.db.prepare('SELECT reason FROM consolidation_review_tombstones WHERE id = ?').pluck().get(id);
    return reason === 'forgotten' ? reason : null;
  }
}

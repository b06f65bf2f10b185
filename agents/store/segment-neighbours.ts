import type { Database as Db, Statement } from 'better-sqlite3-multiple-ciphers';

/**
 * Units that belong together (a capture segment, a chat thread, a session) share a `segment`; inside
 * it they are ordered by time, then by insertion. A unit's neighbours are the units just before and
 * after it in that order: what was said or seen around it, which retrieval uses as its context.
 */
export interface Neighbour {
  seq: number;
  /** 1 = adjacent, 2 = one unit in between, ... */
  distance: number;
}

export interface SegmentPosition {
  seq: number;
  segment: string | null;
  occurred_at: number | null;
  created_at: number;
}

export class SegmentNeighbours {
  private readonly before: Statement;
  private readonly after: Statement;

  constructor(db: Db) {
    // Written as a range on the memories_segment index (segment, time) plus a tie-break on seq, not as
    // a row-value comparison: SQLite cannot seek with the latter and walks the whole segment
    // (2 ms instead of 5 µs in a 20k-unit thread).
    this.before = db
      .prepare(
        `SELECT seq FROM memories WHERE segment = ? AND COALESCE(occurred_at, created_at) <= ?
           AND (COALESCE(occurred_at, created_at) < ? OR seq < ?)
         ORDER BY COALESCE(occurred_at, created_at) DESC, seq DESC LIMIT ?`,
      )
      .pluck();
    this.after = db
      .prepare(
        `SELECT seq FROM memories WHERE segment = ? AND COALESCE(occurred_at, created_at) >= ?
           AND (COALESCE(occurred_at, created_at) > ? OR seq > ?)
         ORDER BY COALESCE(occurred_at, created_at) ASC, seq ASC LIMIT ?`,
      )
      .pluck();
  }

  /** Up to `n` units before this one, nearest first. */
  prev(u: SegmentPosition, n: number): number[] {
    if (!u.segment || n <= 0) return [];
    const t = u.occurred_at ?? u.created_at;
    return this.before.all(u.segment, t, t, u.seq, n) as number[];
  }

  /** Up to `n` units after this one, nearest first. */
  next(u: SegmentPosition, n: number): number[] {
    if (!u.segment || n <= 0) return [];
    const t = u.occurred_at ?? u.created_at;
    return this.after.all(u.segment, t, t, u.seq, n) as number[];
  }

  /** Up to `radius` units each side, nearest first on each side. */
  of(u: SegmentPosition, radius: number): { before: number[]; after: number[] } {
    return { before: this.prev(u, radius), after: this.next(u, radius) };
  }

  /** Neighbours of a unit with their distance. */
  list(u: SegmentPosition, radius: number): Neighbour[] {
    const { before, after } = this.of(u, radius);
    return [...before.map((seq, i) => ({ seq, distance: i + 1 })), ...after.map((seq, i) => ({ seq, distance: i + 1 }))];
  }
}

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
  private readonly many: Statement;

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
    // Many units' neighbours in one statement: one statement per unit and side cost ~15 times as
    // much as the index seeks themselves (80 statements, 3.6 ms, against 0.25 ms at 20k memories).
    // The same seeks as above, with the unit's position read from its row instead of bound.
    const t = 'COALESCE(occurred_at, created_at)';
    this.many = db
      .prepare(
        `WITH u AS (SELECT seq, segment, ${t} AS t FROM memories WHERE seq IN (SELECT value FROM json_each(?)) AND segment IS NOT NULL)
         SELECT u.seq, 0, m.seq, COALESCE(m.occurred_at, m.created_at) FROM u JOIN memories m ON m.seq IN (
           SELECT b.seq FROM memories b WHERE b.segment = u.segment AND COALESCE(b.occurred_at, b.created_at) <= u.t
             AND (COALESCE(b.occurred_at, b.created_at) < u.t OR b.seq < u.seq)
           ORDER BY COALESCE(b.occurred_at, b.created_at) DESC, b.seq DESC LIMIT ?)
         UNION ALL
         SELECT u.seq, 1, m.seq, COALESCE(m.occurred_at, m.created_at) FROM u JOIN memories m ON m.seq IN (
           SELECT a.seq FROM memories a WHERE a.segment = u.segment AND COALESCE(a.occurred_at, a.created_at) >= u.t
             AND (COALESCE(a.occurred_at, a.created_at) > u.t OR a.seq > u.seq)
           ORDER BY COALESCE(a.occurred_at, a.created_at) ASC, a.seq ASC LIMIT ?)`,
      )
      .raw();
  }

  /**
   * Neighbours of many units at once (as list() gives them for each: before then after, nearest
   * first on each side), by seq. Units without a segment (or gone) have none.
   */
  listMany(seqs: readonly number[], radius: number): Map<number, Neighbour[]> {
    const out = new Map<number, Neighbour[]>();
    if (!seqs.length || radius <= 0) return out;
    const sides = new Map<number, [[number, number][], [number, number][]]>();
    for (const [unit, side, seq, t] of this.many.all(JSON.stringify(seqs), radius, radius) as [number, 0 | 1, number, number][]) {
      let s = sides.get(unit);
      if (!s) sides.set(unit, (s = [[], []]));
      s[side].push([seq, t]);
    }
    for (const [unit, [before, after]] of sides) {
      // Nearest first: before, by time then seq descending; after, ascending.
      before.sort((a, b) => b[1] - a[1] || b[0] - a[0]);
      after.sort((a, b) => a[1] - b[1] || a[0] - b[0]);
      out.set(unit, [...before.map(([seq], i) => ({ seq, distance: i + 1 })), ...after.map(([seq], i) => ({ seq, distance: i + 1 }))]);
    }
    return out;
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

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
    // The same seeks as above, with the unit's position read from its row instead of bound; each
    // side comes back as one list, nearest first (a join per neighbour to read its time, and sorting
    // by it here, cost 2-3 times as much: 40 units 0.76 -> 0.28 ms CPU at 100k memories).
    const t = 'COALESCE(occurred_at, created_at)';
    const side = (x: string, cmp: '<' | '>', dir: 'DESC' | 'ASC') => {
      const tx = `COALESCE(${x}.occurred_at, ${x}.created_at)`;
      return `(SELECT group_concat(seq, ',' ORDER BY t ${dir}, seq ${dir}) FROM (
          SELECT ${x}.seq, ${tx} AS t FROM memories ${x} WHERE ${x}.segment = u.segment AND ${tx} ${cmp}= u.t AND (${tx} ${cmp} u.t OR ${x}.seq ${cmp} u.seq)
          ORDER BY ${tx} ${dir}, ${x}.seq ${dir} LIMIT ?))`;
    };
    this.many = db
      .prepare(
        `WITH u AS (SELECT seq, segment, ${t} AS t FROM memories WHERE seq IN (SELECT value FROM json_each(?)) AND segment IS NOT NULL)
         SELECT u.seq, ${side('b', '<', 'DESC')}, ${side('a', '>', 'ASC')} FROM u`,
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
    for (const [unit, before, after] of this.many.all(JSON.stringify(seqs), radius, radius) as [number, string | null, string | null][]) {
      const list: Neighbour[] = [];
      if (before) before.split(',').forEach((s, i) => list.push({ seq: Number(s), distance: i + 1 }));
      if (after) after.split(',').forEach((s, i) => list.push({ seq: Number(s), distance: i + 1 }));
      if (list.length) out.set(unit, list);
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

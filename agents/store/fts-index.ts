import type { Database as Db, Statement } from 'better-sqlite3-multiple-ciphers';
import type { MemoryRow } from './memory-codec.js';
import { SegmentNeighbours } from './segment-neighbours.js';

/** How much of each neighbour's text goes into a unit's context column. */
export const CONTEXT_CHARS = 2000;

type IndexedRow = Pick<MemoryRow, 'seq' | 'title' | 'text' | 'details' | 'segment' | 'occurred_at' | 'created_at'>;

/** What BM25 matches a unit's own text on: its text, plus details (a vault caption; never its secret, which lives in fields). */
export function ftsBody(row: Pick<MemoryRow, 'text' | 'details'>): string {
  return row.details ? `${row.text}\n${row.details}` : row.text;
}

/** A neighbour's share of the context column: its title and main text, bounded. */
export function contextPart(row: Pick<MemoryRow, 'title' | 'text'>): string {
  return `${row.title} ${row.text}`.slice(0, CONTEXT_CHARS);
}

/**
 * The FTS5 rows of memories. Besides its own title and body, each row's `context` column holds the
 * text of the unit just before it in its segment, so BM25 can find a reply by the words of what it
 * replies to. Only the previous unit: appending (what capture and chat do) then never rewrites an
 * existing row, and on LoCoMo dev it does as well as both sides (recall@10 0.758 vs 0.760).
 * A unit's row changes when the unit before it changes: an insert in the middle, a delete, an edit
 * or a move in time rewrites the row of the unit after it.
 *
 * The index is left to FTS5's own merging (automerge 4), which keeps segments in levels of up to
 * three: the store bench's 100k and 1M stores have 10 each. Every MATCH seeks each query term in
 * every segment, and the hybrid search runs one per result for its snippet (10), one per new term
 * to count it (common-terms.ts) and one or two for BM25: at 100k a snippet's MATCH costs ~80 µs
 * with 10 segments and ~30 µs with one. Merged to one ('optimize': 0.6 s of CPU at 100k, 6.6 s at
 * 1M, rewriting the whole index), the same searches in one process (300 and 200 probe queries,
 * order of every top 10 unchanged, load ~15-25) took hydrate 1.54 -> 0.85 ms and BM25 4.09 -> 3.67
 * at the median at 100k (search CPU mean 15.7 -> 14.3), hydrate 3.68 -> 1.32 and BM25 17.2 -> 16.0
 * at 1M (mean 60.7 -> 58.0). Small writes (the app's) make more segments than the bench's batches
 * of 1,000, so the brain merges in idle time (keyword-merge.ts), not at write: automerge 2 left 6 segments at
 * 100k for 8% more insert CPU and no measurable search gain.
 */
export class FtsIndex {
  private readonly insert: Statement;
  private readonly remove: Statement;
  private readonly bySeq: Statement;
  private readonly adjacent: Statement;
  private readonly neighbours: SegmentNeighbours;

  constructor(db: Db) {
    this.insert = db.prepare('INSERT INTO memory_fts(rowid, title, body, context) VALUES (?, ?, ?, ?)');
    this.remove = db.prepare('DELETE FROM memory_fts WHERE rowid = ?');
    this.bySeq = db.prepare('SELECT seq, title, text, details, segment, occurred_at, created_at FROM memories WHERE seq = ?');
    this.neighbours = new SegmentNeighbours(db);
    // The unit before (with its text) and the seq of the unit after, in one statement: an insert
    // needs both, and statement round-trips are most of its cost.
    const t = 'COALESCE(occurred_at, created_at)';
    this.adjacent = db.prepare(`
      SELECT * FROM (SELECT 0 AS side, seq, title, text FROM memories WHERE segment = @segment AND ${t} <= @t AND (${t} < @t OR seq < @seq)
        ORDER BY ${t} DESC, seq DESC LIMIT 1)
      UNION ALL
      SELECT * FROM (SELECT 1 AS side, seq, NULL, NULL FROM memories WHERE segment = @segment AND ${t} >= @t AND (${t} > @t OR seq > @seq)
        ORDER BY ${t} ASC, seq ASC LIMIT 1)`);
  }

  private contextOf(row: IndexedRow): string {
    const [prev] = this.neighbours.prev(row, 1);
    const n = prev != null ? (this.bySeq.get(prev) as IndexedRow | undefined) : undefined;
    return n ? contextPart(n) : '';
  }

  private write(row: IndexedRow): void {
    this.insert.run(row.seq, row.title, ftsBody(row), this.contextOf(row));
  }

  private rewrite(seqs: Iterable<number>): void {
    for (const seq of new Set(seqs)) {
      const row = this.bySeq.get(seq) as IndexedRow | undefined;
      if (!row) continue;
      this.remove.run(seq);
      this.write(row);
    }
  }

  /** The unit whose context is this one's text (call before the row moves or goes away). */
  around(row: IndexedRow): number[] {
    return this.neighbours.next(row, 1);
  }

  /** A new row: index it, and give the unit after it (if it was not appended) its new context. */
  added(row: IndexedRow): void {
    if (!row.segment) {
      this.insert.run(row.seq, row.title, ftsBody(row), '');
      return;
    }
    const adj = this.adjacent.all({ segment: row.segment, t: row.occurred_at ?? row.created_at, seq: row.seq }) as {
      side: number;
      seq: number;
      title: string;
      text: string;
    }[];
    const prev = adj.find((a) => a.side === 0);
    this.insert.run(row.seq, row.title, ftsBody(row), prev ? contextPart(prev) : '');
    const next = adj.find((a) => a.side === 1);
    if (next) this.rewrite([next.seq]);
  }

  /** An edited row (text or time): `before` is what around() said before the edit. */
  changed(row: IndexedRow, before: number[]): void {
    this.remove.run(row.seq);
    this.write(row);
    this.rewrite([...before, ...this.around(row)].filter((s) => s !== row.seq));
  }

  /** Before deleting a row: drops its FTS row and returns its neighbours, to pass to deleted() once the row is gone. */
  removing(row: IndexedRow): number[] {
    const before = this.around(row);
    this.remove.run(row.seq);
    return before;
  }

  /** After the memory rows are gone: the former neighbours now border each other. */
  deleted(formerNeighbours: number[]): void {
    this.rewrite(formerNeighbours);
  }
}

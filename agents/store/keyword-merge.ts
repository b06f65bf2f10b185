import type { Database } from 'better-sqlite3-multiple-ciphers';

/** The keyword indexes a search reads: memories, screen passages, and the passages' forgiving (trigram) index. */
const TABLES = ['memory_fts', 'passage_fts', 'passage_trigram'] as const;

/**
 * One slice of merging the keyword indexes' segments into one, in idle time. FTS5's own merging
 * keeps segments in levels (the store bench's 100k and 1M stores hold 10), and every MATCH seeks
 * each query word in each segment: merged to one, the same searches cost ~9% less CPU at 100k and
 * snippets half (fts-index.ts has the figures). FTS5's 'optimize' does it in one statement, which
 * at 1M holds the thread for ~6.6 s of CPU; 'merge' with a negative page count does the same work
 * in slices (all segments to one level, then up to `pages` pages written per call), so the caller
 * yields between them: at 100k, 64 pages a slice is ~64 slices of 7 ms (p50, 47 at most).
 * Returns whether any index did work: false once every index is one segment.
 */
export function mergeKeywordSlice(db: Database, pages: number): boolean {
  const changes = db.prepare('SELECT total_changes()').pluck();
  let worked = false;
  for (const t of TABLES) {
    const before = changes.get() as number;
    db.prepare(`INSERT INTO ${t}(${t}, rank) VALUES('merge', ?)`).run(-Math.max(1, Math.floor(pages)));
    // FTS5's documented signal: a merge that did nothing changes fewer than two rows.
    if ((changes.get() as number) - before >= 2) worked = true;
  }
  return worked;
}

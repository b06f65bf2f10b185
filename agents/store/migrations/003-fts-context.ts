import type { Migration } from './migration.js';

/**
 * Version 3: the FTS index keeps its own copy of what it indexes, and its `context` column is filled.
 *
 * - Each unit's row carries the title and text of the unit just before it in its segment (by time,
 *   then insertion), so BM25 finds a reply by the words of what it answers
 *   (agents/store/fts-index.ts keeps it so on every write).
 * - A contentless_delete FTS5 table never takes deleted rows out of its corpus statistics (row count
 *   and column lengths only grow; measured: BM25 of a table rewritten twice differs from a fresh
 *   one), so every update skewed BM25. A regular FTS5 table (content stored, inside the encrypted
 *   database) subtracts what it deletes. The price is a second copy of the indexed text.
 */
export const m003FtsContext: Migration = {
  version: 3,
  name: 'fts with stored content and a context column of segment neighbours',
  up(db) {
    db.exec(`
      DROP TABLE memory_fts;
      CREATE VIRTUAL TABLE memory_fts USING fts5(
        title, body, context,
        tokenize='porter unicode61 remove_diacritics 2'
      );
      INSERT INTO memory_fts(memory_fts, rank) VALUES('secure-delete', 1);
      INSERT INTO memory_fts(rowid, title, body, context)
        SELECT seq, title,
          CASE WHEN details != '' THEN text || char(10) || details ELSE text END,
          CASE WHEN segment IS NULL THEN '' ELSE COALESCE(substr(LAG(title || ' ' || text) OVER w, 1, 2000), '') END
        FROM memories
        WINDOW w AS (PARTITION BY segment ORDER BY COALESCE(occurred_at, created_at), seq);
    `);
  },
};

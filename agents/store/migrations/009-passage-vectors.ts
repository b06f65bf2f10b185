import type { Migration } from './migration.js';

/**
 * Version 9: screen text passages get vectors, as memories have (issue 15): a passage is found by
 * what it means as well as by its words ("how much was the accommodation?" → "Total for two nights
 * … EUR 238").
 *
 * - Vectors live in `passage_vec` (int8) and `passage_vec_codes` (one bit per dimension), the same
 *   format as `memory_vec` (see vector-index.ts). A passage without a vector row waits for one: the
 *   store's passage queue embeds it in the background (never inside a write), so every passage
 *   captured before the upgrade is embedded at the first start with an embedder. A change of
 *   embedder re-creates both tables and embeds again.
 * - A passage goes with its last sighting (migration 004) and takes its vector and code with it
 *   (triggers), whichever process deletes it, with or without an embedder loaded.
 * - IF NOT EXISTS: a store opened with an embedder before this migration existed made the same
 *   tables itself.
 */
export const m009PassageVectors: Migration = {
  version: 9,
  name: 'vectors for screen text passages',
  up(db) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS passage_vec (seq INTEGER PRIMARY KEY, vector BLOB NOT NULL);
      CREATE TABLE IF NOT EXISTS passage_vec_codes (seq INTEGER PRIMARY KEY, code BLOB NOT NULL);

      CREATE TRIGGER IF NOT EXISTS passage_vec_follows_passages AFTER DELETE ON passages
        BEGIN DELETE FROM passage_vec WHERE seq = old.seq; END;
      CREATE TRIGGER IF NOT EXISTS passage_vec_codes_follow_vec AFTER DELETE ON passage_vec
        BEGIN DELETE FROM passage_vec_codes WHERE seq = old.seq; END;
    `);
  },
};

import type { Database as Db } from 'better-sqlite3-multiple-ciphers';
import { statSync } from 'node:fs';
import type { BlobStore } from './blob-store.js';

export interface IntegrityReport {
  ok: boolean;
  sqlite: string;
  memories: number;
  fts_rows: number;
  /** Memories marked embedded whose vector row is missing, and vector rows with no memory. */
  vectors_missing: number;
  vectors_orphan: number;
  /** Screen passages with a vector, vector rows whose passage is gone, and vector rows and bit codes that do not pair up. */
  passage_vectors: number;
  passage_vectors_orphan: number;
  passage_codes_mismatch: number;
  provenance_orphans: number;
  frames_without_file: string[];
  orphan_frame_files: string[];
  problems: string[];
}

/**
 * Checks that everything the store keeps in step agrees: SQLite's own integrity check, one FTS row
 * per memory, vectors for embedded memories only, passage vectors only for existing passages (each
 * with its bit code), provenance only for existing memories, and one
 * encrypted file per frame row, or every band it names (and each band counted by the frames that show it). Used after crashes (tests) and by `engram doctor`.
 */
export function checkIntegrity(db: Db, frameBlobs: BlobStore, hasVectors: boolean): IntegrityReport {
  const one = (sql: string) => (db.prepare(sql).pluck().get() as number) ?? 0;
  const sqlite = (db.pragma('integrity_check', { simple: true }) as string) ?? 'unknown';
  const memories = one('SELECT count(*) FROM memories');
  const ftsRows = one('SELECT count(*) FROM memory_fts');
  let missing = 0;
  let orphan = 0;
  if (hasVectors && db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'memory_vec'").get()) {
    missing = one('SELECT count(*) FROM memories m WHERE m.embedded = 1 AND NOT EXISTS (SELECT 1 FROM memory_vec v WHERE v.rowid = m.seq)');
    orphan = one('SELECT count(*) FROM memory_vec v WHERE NOT EXISTS (SELECT 1 FROM memories m WHERE m.seq = v.rowid)');
  }
  // Passage vectors are checked whatever the embedder: their tables exist from migration 009 on, and
  // a process opened without an embedder still deletes passages (the triggers take their vectors).
  let passageVectors = 0;
  let passageOrphans = 0;
  let passageCodes = 0;
  if (db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'passage_vec_codes'").get()) {
    passageVectors = one('SELECT count(*) FROM passage_vec');
    passageOrphans = one('SELECT count(*) FROM passage_vec v WHERE NOT EXISTS (SELECT 1 FROM passages p WHERE p.seq = v.seq)');
    passageCodes =
      one('SELECT count(*) FROM passage_vec v WHERE NOT EXISTS (SELECT 1 FROM passage_vec_codes c WHERE c.seq = v.seq)') +
      one('SELECT count(*) FROM passage_vec_codes c WHERE NOT EXISTS (SELECT 1 FROM passage_vec v WHERE v.seq = c.seq)');
  }
  const provOrphans = one('SELECT count(*) FROM provenance p WHERE NOT EXISTS (SELECT 1 FROM memories m WHERE m.id = p.memory_id)');
  const frameIds = new Set(db.prepare('SELECT id FROM frames').pluck().all() as string[]);
  const files = new Set(frameBlobs.listIds());
  // A frame kept as bands (migration 021) has no file: its pixels are whole when every band it names is there.
  const banded = db.prepare("SELECT 1 FROM pragma_table_info('frames') WHERE name = 'bands'").get() !== undefined;
  const inBands = new Set(banded ? (db.prepare('SELECT id FROM frames WHERE bands IS NOT NULL').pluck().all() as string[]) : []);
  const withoutFile = [...frameIds].filter((id) => !files.has(id) && !inBands.has(id));
  const bandsMissing = banded
    ? one(`SELECT count(DISTINCT f.id) FROM frames f, json_each(f.bands) j WHERE f.bands IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM frame_band_pixels p WHERE p.id = j.value)`)
    : 0;
  const bandRefs = banded
    ? one(`SELECT count(*) FROM frame_bands b LEFT JOIN (SELECT j.value AS band, count(DISTINCT f.id) AS n
        FROM frames f, json_each(f.bands) j WHERE f.bands IS NOT NULL GROUP BY j.value) c ON c.band = b.id WHERE b.refs != COALESCE(c.n, 0)`) + one('SELECT count(*) FROM frame_band_pixels p WHERE NOT EXISTS (SELECT 1 FROM frame_bands b WHERE b.id = p.id)')
    : 0;
  const orphanFiles = [...files].filter((id) => !frameIds.has(id));
  const problems: string[] = [];
  if (sqlite !== 'ok') problems.push(`sqlite integrity: ${sqlite}`);
  if (ftsRows !== memories) problems.push(`${memories} memories but ${ftsRows} full-text rows`);
  if (missing) problems.push(`${missing} embedded memories without a vector`);
  if (orphan) problems.push(`${orphan} vectors without a memory`);
  if (passageOrphans) problems.push(`${passageOrphans} passage vectors without a passage`);
  if (passageCodes) problems.push(`${passageCodes} passage vectors and codes that do not pair up`);
  if (provOrphans) problems.push(`${provOrphans} provenance rows without a memory`);
  if (withoutFile.length) problems.push(`${withoutFile.length} frames without their file`);
  if (orphanFiles.length) problems.push(`${orphanFiles.length} frame files without a frame`);
  if (bandsMissing) problems.push(`${bandsMissing} frames missing some of their bands`);
  if (bandRefs) problems.push(`${bandRefs} frame bands whose count of frames is wrong`);
  return {
    ok: problems.length === 0,
    sqlite,
    memories,
    fts_rows: ftsRows,
    vectors_missing: missing,
    vectors_orphan: orphan,
    passage_vectors: passageVectors,
    passage_vectors_orphan: passageOrphans,
    passage_codes_mismatch: passageCodes,
    provenance_orphans: provOrphans,
    frames_without_file: withoutFile,
    orphan_frame_files: orphanFiles,
    problems,
  };
}

/**
 * Repairs what a crash can leave between a frame file and its row: the file is written (and
 * fsynced) before the row, and removed after a delete commits, so a crash in between leaves a file
 * without a row, which is removed. `minAgeMs` spares files younger than that: another process on
 * the data dir may be between writing a file and committing its row right now.
 */
export function removeOrphanFrameFiles(db: Db, frameBlobs: BlobStore, minAgeMs = 0, now = Date.now()): number {
  const frameIds = new Set(db.prepare('SELECT id FROM frames').pluck().all() as string[]);
  let n = 0;
  for (const id of frameBlobs.listIds()) {
    if (frameIds.has(id)) continue;
    if (minAgeMs > 0) {
      let mtime: number;
      try {
        mtime = statSync(frameBlobs.pathFor(id)).mtimeMs;
      } catch {
        continue;
      }
      if (now - mtime < minAgeMs) continue;
    }
    frameBlobs.remove(id);
    n++;
  }
  return n;
}

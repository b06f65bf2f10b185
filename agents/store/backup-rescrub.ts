import type { Database as Db } from 'better-sqlite3-multiple-ciphers';
import { chmodSync, closeSync, copyFileSync, existsSync, fsyncSync, openSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { RedactionSwitches } from '../../shared/redaction/index.js';
import { verifyDatabaseFile } from './database-backup.js';
import { openDatabaseFile } from './database.js';
import { syncDir } from './durable-file.js';
import { toStoreError } from './errors.js';
import { FtsIndex } from './fts-index.js';
import { rescrubDue, rescrubFromStart, rescrubSlice, type VaultValue } from './rescrub.js';

/** What a run over the backups did: each backup read, how many were rewritten, secrets masked, which could not be read (with why, no values). */
export interface BackupRescrubReport {
  checked: number;
  rewritten: number;
  masked: number;
  failed: { file: string; reason: string }[];
}

const yieldTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** meta: the detectors and vault (store.ts backupsStamp) the backups were last re-scrubbed with. */
export const BACKUPS_RESCRUBBED_KEY = 'backups_rescrubbed';

/** After a vault change, the backups wait this long since their last re-scrub (a day): a new value reaches them within it. */
export const BACKUPS_VAULT_WAIT_MS = 86_400_000;

/** Rows a slice reads in a backup: nothing else waits on a backup's lock, so larger than the live pass's. */
const BATCH = 500;

/** The vault's values as the carry takes them (superseded entries too: a value is a value). */
export function vaultValues(db: Db): VaultValue[] {
  const rows = db
    .prepare("SELECT title, json_extract(fields, '$.entry_type') AS kind, json_extract(fields, '$.secret') AS value FROM memories WHERE kind = 'knowledge_vault'")
    .all() as { title: unknown; kind: unknown; value: unknown }[];
  return rows.flatMap((r) => (typeof r.kind === 'string' && typeof r.value === 'string' ? [{ kind: r.kind, value: r.value, title: typeof r.title === 'string' ? r.title : '' }] : []));
}

function removeDb(path: string): void {
  for (const p of [path, `${path}-wal`, `${path}-shm`]) rmSync(p, { force: true });
}

function fsyncFile(path: string): void {
  const fd = openSync(path, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * The backups in DATA_DIR/backups re-scrubbed as the live store is (issue 28): a backup made before
 * the detectors learned a shape, or before a value entered the knowledge vault, still holds that
 * secret in clear text. Each backup is copied, the copy runs the whole re-scrub (rescrub.ts) with the
 * live vault's values carried besides its own, and only when it masked something is it written out
 * afresh (VACUUM INTO: no page of the old text is left in the file), fsynced, verified, and renamed
 * over the backup: the old backup is replaced only once its re-scrubbed copy is durable, so a crash
 * at any step leaves the old backup or the new one, never neither. A backup with nothing to mask is
 * left byte for byte as it was. Each keeps its point in time: nothing of the live store is copied in.
 * An older backup's copy is migrated to the current schema first (the app migrates on restore anyway).
 */
export async function rescrubBackups(dataDir: string, key: Buffer, switches: RedactionSwitches, live: readonly VaultValue[], pause: () => Promise<void> = yieldTurn): Promise<BackupRescrubReport> {
  const dir = join(dataDir, 'backups');
  const report: BackupRescrubReport = { checked: 0, rewritten: 0, masked: 0, failed: [] };
  if (!existsSync(dir)) return report;
  // Only finished backups: a `.partial-PID` of a backup being written, or this function's own leftovers, are not backups.
  const files = readdirSync(dir).filter((f) => f.endsWith('.db'));
  for (const file of files) {
    const path = join(dir, file);
    const work = `${path}.rescrub-work`;
    const out = `${path}.rescrub-partial`;
    removeDb(work);
    rmSync(out, { force: true });
    try {
      copyFileSync(path, work);
      let masked = 0;
      const db = openDatabaseFile(work, key);
      try {
        rescrubFromStart(db);
        const d = { db, fts: new FtsIndex(db), memoryVectors: null, alsoCarry: live };
        for (;;) {
          const r = rescrubSlice(d, switches, BATCH);
          masked += r.masked;
          if (r.done) break;
          // The event loop free between slices, as the live pass leaves it: a backup may be large.
          await pause();
        }
        if (masked) db.prepare('VACUUM INTO ?').run(out);
      } finally {
        db.close();
        removeDb(work);
      }
      report.checked++;
      if (!masked) continue;
      chmodSync(out, 0o600);
      fsyncFile(out);
      verifyDatabaseFile(out, key);
      renameSync(out, path);
      syncDir(dir);
      report.rewritten++;
      report.masked += masked;
    } catch (err) {
      rmSync(out, { force: true });
      removeDb(work);
      report.failed.push({ file, reason: toStoreError(err, `re-scrubbing the backup ${file}`).message.split('\n')[0]! });
    }
  }
  return report;
}

/**
 * A backup being written (its temporary file) brought to what the live store holds after its own
 * re-scrub (issue 28): when the live pass is due (the detectors learned a shape since the text was
 * kept), the copy runs the rest of that pass, from the live cursor, with the live vault's values, so
 * a backup written elsewhere (`engram backup --out`), which no later pass reaches, holds no secret
 * the live store is about to mask. Run to its end at once: a backup is a rare, deliberate step, and
 * the pass is due only until the live store finishes its own. When it masked something the copy is
 * written afresh (VACUUM INTO: no page of the old text left) over the file. Returns the secrets masked.
 */
export function rescrubNewBackup(path: string, key: Buffer, switches: RedactionSwitches, live: readonly VaultValue[]): number {
  const fresh = `${path}.rescrub-partial`;
  rmSync(fresh, { force: true });
  let masked = 0;
  const db = openDatabaseFile(path, key);
  try {
    const d = { db, fts: new FtsIndex(db), memoryVectors: null, alsoCarry: live };
    for (let done = !rescrubDue(db); !done; ) {
      const r = rescrubSlice(d, switches, BATCH);
      masked += r.masked;
      done = r.done;
    }
    if (masked) db.prepare('VACUUM INTO ?').run(fresh);
    // Opened as a store is (WAL); a backup is one file, as VACUUM INTO wrote it, that a read-only open leaves alone.
    else db.pragma('journal_mode = DELETE');
  } catch (err) {
    rmSync(fresh, { force: true });
    throw err;
  } finally {
    db.close();
    // The open wrote a WAL beside the copy: nothing of it is part of the backup.
    for (const p of [`${path}-wal`, `${path}-shm`]) rmSync(p, { force: true });
  }
  if (masked) {
    chmodSync(fresh, 0o600);
    renameSync(fresh, path);
  }
  return masked;
}

import { join } from 'node:path';
import { backupDatabase, type BackupReport, type EngramStore } from '../store/index.js';
import { CAPTURE_SETTINGS_KEY, CaptureSettingsSchema, defaultCaptureSettings } from '../../shared/settings/index.js';

export interface BackupOptions {
  /** Target file; default: DATA_DIR/backups/engram-YYYYMMDD-HHMMSS.db. */
  out?: string;
  now?: Date;
}

export function defaultBackupPath(dataDir: string, now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return join(dataDir, 'backups', `engram-${stamp}.db`);
}

/**
 * A consistent, still-encrypted copy of the database, taken while the app may be running (see
 * backupDatabase in agents/store for why VACUUM INTO and not the backup API). The copy opens with
 * the same master key; frame and audio files are not part of it. Taken while the live re-scrub is
 * due, the copy is re-scrubbed first with the user's redaction switches, as the live store will be.
 */
export function backupStore(store: EngramStore, opts: BackupOptions = {}): BackupReport {
  const switches = store.settings.get(CAPTURE_SETTINGS_KEY, CaptureSettingsSchema, defaultCaptureSettings()).redaction;
  return backupDatabase(store, opts.out ?? defaultBackupPath(store.dataDir, opts.now ?? new Date()), switches);
}

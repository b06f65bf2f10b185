import Database from 'better-sqlite3-multiple-ciphers';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { applyKey, DB_FILE_NAME, probeExisting, refuseNewer } from './database.js';
import { StoreError, toStoreError } from './errors.js';
import type { KeyProvider } from './key-provider.js';

/**
 * One stored setting's raw value, read before the store opens (issue 34: `engram mcp` must refuse
 * at once when switched off, and answer its client before the whole engine has loaded). Read-only:
 * no migration, no extension, nothing written; a folder without a database has no settings yet
 * (undefined, and no key file is made). A wrong key, a foreign file or a newer schema fail as
 * opening the store would.
 */
export async function peekSetting(at: { dataDir: string; keyProvider: KeyProvider }, name: string): Promise<unknown> {
  const path = join(at.dataDir, DB_FILE_NAME);
  if (!existsSync(path)) return undefined;
  const key = await at.keyProvider.getKey();
  refuseNewer(probeExisting(path, key));
  let db: Database.Database | undefined;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    applyKey(db, key);
    const hasTable = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'settings'").get();
    const row = hasTable ? (db.prepare('SELECT value FROM settings WHERE key = ?').get(name) as { value: string } | undefined) : undefined;
    if (!row) return undefined;
    try {
      return JSON.parse(row.value) as unknown;
    } catch {
      return undefined;
    }
  } catch (err) {
    if (err instanceof StoreError) throw err;
    throw toStoreError(err, 'reading a setting');
  } finally {
    db?.close();
  }
}

import Database from 'better-sqlite3-multiple-ciphers';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore, StaticKeyProvider } from '../../agents/store/index.js';
import { decryptedWalScan } from './data-scan.js';

/**
 * Forget empties the WAL of the forgotten rows itself, and when it cannot at once (a reader in
 * another process holds an old snapshot), it keeps trying until it can instead of leaving them there.
 */
const root = mkdtempSync(join(tmpdir(), 'engram-forget-wal-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('forget and the write-ahead log', { timeout: 60_000 }, () => {
  it('a forget leaves none of the forgotten text in the WAL, also when a reader held it at first', async () => {
    const key = randomBytes(32);
    const dataDir = join(root, 'data');
    const store = await openStore({ dataDir, keyProvider: new StaticKeyProvider(key), embedder: null });
    const dbPath = join(dataDir, 'engram.db');
    try {
      const mark = (i: number) => `walmark${randomBytes(4).toString('hex')}n${i}`;
      const insert = (text: string) =>
        store.observations.insert({ kind: 'screen', frame_id: null, audio_id: null, display: '0', observed_at: Date.now() - 1000, app: 'Notes', title: 'notes', url: null, text, caption: null });

      // 1. Nobody else reads: the forget's own checkpoint empties the WAL.
      const first = mark(1);
      insert(first);
      expect(decryptedWalScan(dbPath, key, [first]).found).toEqual([first]);
      store.forget({ from: Date.now() - 60_000, to: Date.now() });
      const clean = decryptedWalScan(dbPath, key, [first]);
      expect(clean.found).toEqual([]);

      // 2. Another connection holds a read snapshot that includes the row's WAL frames.
      const second = mark(2);
      insert(second);
      const reader = new Database(dbPath, { readonly: true, fileMustExist: true });
      reader.pragma(`cipher='sqlcipher'`);
      reader.pragma(`key="x'${key.toString('hex')}'"`);
      reader.exec('BEGIN');
      expect(reader.prepare('SELECT count(*) FROM observations').pluck().get()).toBe(1);
      store.db.pragma('busy_timeout = 200');
      store.forget({ from: Date.now() - 60_000, to: Date.now() });
      // The checkpoint could not complete: the text is still in the WAL (this is what used to be left there).
      expect(decryptedWalScan(dbPath, key, [second]).found).toEqual([second]);
      reader.exec('COMMIT');
      reader.close();
      // No later write or checkpoint by anyone else: the forget's own retry empties the WAL.
      const end = Date.now() + 10_000;
      while (decryptedWalScan(dbPath, key, [second]).found.length > 0 && Date.now() < end) await wait(100);
      const after = decryptedWalScan(dbPath, key, [second]);
      expect(after.found).toEqual([]);
      expect(store.observations.count()).toBe(0);
    } finally {
      await store.close();
    }
  });
});

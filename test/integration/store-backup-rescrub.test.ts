/**
 * A backup made before a secret entered the vault does not keep it in clear text (issue 28). The
 * live store's re-scrub masks it; the backups in DATA_DIR/backups are re-scrubbed with the live
 * vault's values too, each keeping its own point in time, and replaced only once the re-scrubbed
 * copy is durable and verified. A backup with nothing to mask is left byte for byte; one that cannot
 * be read is left as it is and named.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { redactionRescrub } from '../../agents/meta/redaction-rescrub.js';
import { backupDatabase, type EngramStore } from '../../agents/store/index.js';
import { DEFAULT_REDACTION } from '../../shared/redaction/index.js';
import { tempStoreEachTest } from '../helpers/temp-store.js';
import { backupStrings } from '../helpers/backup-strings.js';

const WIFI = 'Tern-Lagoon-5582';
const T = Date.parse('2026-11-02T09:00:00Z');

const sha = (p: string) => createHash('sha256').update(readFileSync(p)).digest('hex');

describe('backups are re-scrubbed with the live vault', () => {
  let store: EngramStore;
  let dir: string;
  let key: Buffer;
  tempStoreEachTest('engram-backup-rescrub-', (t) => {
    store = t.store;
    dir = t.dir;
    key = t.key;
  });

  it('a backup quoting a value the vault gained later is rewritten without it; the others are left as they were', async () => {
    const before = join(dir, 'backups', 'engram-before.db');
    const plain = join(dir, 'backups', 'engram-plain.db');
    const broken = join(dir, 'backups', 'engram-broken.db');
    backupDatabase(store, plain);
    store.memories.insert({ kind: 'episodic', title: 'Guest wifi', text: `Gave the guests the wifi key ${WIFI} at the door`, app: 'Notes', occurred_at: T });
    store.observations.insert({ kind: 'screen', frame_id: null, audio_id: null, display: 'main', observed_at: T, app: 'Notes', title: 'guests', url: null, caption: null, text: `Guest network key: ${WIFI}\nCheckout at 11` });
    const t = store.threads.create('Guests', T);
    store.messages.insert({ thread_id: t.id, role: 'user', text: `The guests use ${WIFI}`, raw: {}, created_at: T });
    backupDatabase(store, before);
    writeFileSync(broken, 'not a database');
    expect(backupStrings(before, key)).toContain(WIFI);
    const plainHash = sha(plain);
    const brokenHash = sha(broken);

    // Later the user keeps the key in the vault.
    store.memories.insert({ kind: 'knowledge_vault', title: 'Guest wifi', text: 'Guest wifi key', fields: { entry_type: 'password', sensitivity: 'medium', secret: WIFI, source: 'user' }, created_at: T + 86_400_000 });
    const r = await store.rescrubBackups(DEFAULT_REDACTION);

    expect(r).toMatchObject({ checked: 2, rewritten: 1 });
    expect(r.masked).toBeGreaterThanOrEqual(3);
    expect(r.failed.map((f) => f.file)).toEqual(['engram-broken.db']);
    const after = backupStrings(before, key);
    expect(after).not.toContain(WIFI);
    expect(after).toContain('Gave the guests the wifi key [redacted:password] at the door');
    expect(after).toContain('Checkout at 11');
    expect(after).toContain('The guests use [redacted:password]');
    expect(sha(plain)).toBe(plainHash);
    expect(sha(broken)).toBe(brokenHash);
    // Nothing left beside the backups.
    expect(readdirSync(join(dir, 'backups')).sort()).toEqual(['engram-before.db', 'engram-broken.db', 'engram-plain.db']);
    // Its own point in time: what the live store holds but the backup did not is not copied in.
    expect(after).not.toContain('Guest wifi key');
  });

  it('the brain re-scrubs the backups once the vault gained a value since they were last re-scrubbed (at most daily), and says so', async () => {
    // Quoted without a label: only the vault can tell it (since detectors 5, "wifi key" labels a password).
    store.memories.insert({ kind: 'episodic', title: 'Guest wifi', text: `Gave the guests ${WIFI} at the door`, app: 'Notes', occurred_at: T });
    const path = join(dir, 'backups', 'engram-before.db');
    backupDatabase(store, path);
    const lines: string[] = [];
    const loop = redactionRescrub({ store, meta: { exclusive: (job) => job() }, log: (l) => lines.push(l) });
    await store.rescrubBackups(DEFAULT_REDACTION);
    // Nothing changed since: not due, and the backup is as it was.
    expect(store.backupsRescrubDue).toBe(false);
    const hash = sha(path);
    store.memories.insert({ kind: 'knowledge_vault', title: 'Guest wifi', text: 'Guest wifi key', fields: { entry_type: 'password', sensitivity: 'medium', secret: WIFI, source: 'user' }, created_at: T + 86_400_000 });
    // Within a day of the last run it waits (capture adds to the vault often; each run reads every backup whole)…
    expect(store.backupsRescrubDue).toBe(false);
    // …and is due once that run is a day old.
    const last = store.db.prepare("SELECT value FROM meta WHERE key = 'backups_rescrubbed'").pluck().get() as string;
    store.db.prepare("UPDATE meta SET value = ? WHERE key = 'backups_rescrubbed'").run(`${last.split('|')[0]}|${Date.now() - 86_400_001}`);
    expect(store.backupsRescrubDue).toBe(true);
    loop.start();
    await vi.waitFor(() => expect(lines.join('\n')).toMatch(/re-scrubbed the backups: \d+ secrets masked in 1 of 1 backups/), { timeout: 20_000 });
    loop.stop();
    expect(sha(path)).not.toBe(hash);
    expect(backupStrings(path, key)).not.toContain(WIFI);
    expect(store.backupsRescrubDue).toBe(false);
  });
});

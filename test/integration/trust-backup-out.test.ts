/**
 * A backup written now holds what the live store holds after its re-scrub, no more (issue 28).
 * After an update teaches the detectors a new shape, the live store's text waits for the brain's
 * re-scrub; the backups in DATA_DIR/backups follow it later, but `engram backup --out PATH` writes
 * a file Engram never looks at again. So a backup taken while the live pass is due runs the rest of
 * that pass on its own copy (with the live vault's values) before it gets its name. Real encrypted
 * store; the key is made up.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backupStore } from '../../agents/portability/index.js';
import { REDACTION_VERSION_KEY, type EngramStore } from '../../agents/store/index.js';
import { tempStoreEachTest } from '../helpers/temp-store.js';
import { backupStrings } from '../helpers/backup-strings.js';

// A Stripe key OCR read with spaces ("sk live …"): a shape an older Engram's detectors missed.
const KEY = 'Wq7Rt2Yp9Ls4Kd8Hf3Gj6Nv1Bx5Cc';
const WIFI = 'Petrel-Quarry-8816';
const T = Date.parse('2026-11-02T09:00:00Z');

describe('engram backup --out and the re-scrub', () => {
  let store: EngramStore;
  let dir: string;
  let key: Buffer;
  tempStoreEachTest('engram-backup-out-', (t) => {
    ({ store, dir, key } = t);
  });

  const keep = () => {
    store.observations.insert({ kind: 'screen', frame_id: null, audio_id: null, display: 'main', observed_at: T, app: 'Slack', title: 'oncall', url: null, caption: null, text: `replay with sk live ${KEY} from the vault` });
    store.memories.insert({ kind: 'episodic', title: 'Refund replay', text: `The old key was sk live ${KEY} until rotation`, app: 'Slack', occurred_at: T });
    // A router password the vault holds, quoted alone in a note: the live pass masks it too.
    store.memories.insert({ kind: 'knowledge_vault', title: 'Router', text: 'Router admin password', fields: { entry_type: 'password', sensitivity: 'medium', secret: WIFI, source: 'user' }, created_at: T });
    store.memories.insert({ kind: 'episodic', title: 'Router', text: `Logged in to the router with ${WIFI} and changed the channel`, app: 'Firefox', occurred_at: T });
  };

  it('taken while the live pass is due, the backup is re-scrubbed before it is named; the live store is left to its own pass', () => {
    keep();
    // As an Engram before the detectors' update kept it.
    store.db.prepare('INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(REDACTION_VERSION_KEY, '0');
    const out = join(dir, 'elsewhere.db');
    const r = backupStore(store, { out });
    expect(r.path).toBe(out);
    expect(r.memories).toBe(3);
    // One file, nothing of the work beside it.
    expect(readdirSync(dir).filter((f) => f.startsWith('elsewhere'))).toEqual(['elsewhere.db']);
    const text = backupStrings(out, key);
    expect(text).not.toContain(KEY);
    expect(text).toContain('until rotation');
    // Only the vault's own entry keeps the router password; the note quoting it alone does not.
    const notes = backupStrings(out, key, "SELECT title, text, details FROM memories WHERE kind <> 'knowledge_vault'");
    expect(notes).toContain('and changed the channel');
    expect(notes).not.toContain(WIFI.slice(0, 12));
    // The backup's own vault entry keeps the value (the vault is where it belongs), the live store is untouched.
    expect(store.memories.get(store.memories.list({ kinds: ['episodic'], limit: 10 }).find((m) => m.title === 'Refund replay')!.id)!.text).toContain(KEY);
  });

  it('taken when nothing is due, the backup is the live store as it is', () => {
    store.memories.insert({ kind: 'episodic', title: 'Lunch', text: 'Lunch with Ana at the harbour', occurred_at: T });
    const out = join(dir, 'plain.db');
    backupStore(store, { out });
    expect(backupStrings(out, key)).toContain('Lunch with Ana at the harbour');
  });
});

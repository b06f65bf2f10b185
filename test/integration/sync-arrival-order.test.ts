import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type EngramStore } from '../../agents/store/index.js';
import { emptyLedger, writeSegments, type ChangeRecord, type FolderSync, type SyncedMemory } from '../../agents/sync/index.js';
import { CAPTURE_SETTINGS_KEY, CaptureSettingsSchema, defaultCaptureSettings } from '../../shared/settings/index.js';
import { syncPairEachTest } from '../helpers/sync-pair.js';

// A memory masked on arrival is masked with what the import pass knows when it reads it; a secret the
// same pass learns later (a vault entry, a labelled line the arrival scrub takes out) reaches it too.
describe('sync arrival: a secret learned later in a pass reaches the memories before it', () => {
  let folder: string;
  let b: EngramStore;
  let syncA: FolderSync;
  let syncB: FolderSync;
  const key = randomBytes(32);
  const folderId = randomBytes(16).toString('hex');

  syncPairEachTest('engram-sync-order-', async (pair) => {
    ({ folder, b, syncA, syncB } = pair);
    await syncA.now();
    await syncB.now();
  }, { key, folderId });

  /** A third device on an Engram from before segment trailers: what it sends is redacted on arrival. */
  let seq = 0;
  const older = { key, folderId, device: randomBytes(16).toString('hex') };
  const fromOlder = (records: ChangeRecord[], detectors: number | null = null, byHand: string[] = []) => {
    const ledger = { ...emptyLedger(), lastSeq: seq };
    writeSegments(folder, older, ledger, records, detectors === null ? null : { detectors, byHand: (id) => byHand.includes(id) });
    seq = ledger.lastSeq;
  };
  let clock = Date.now();
  const memory = (m: Partial<SyncedMemory>): SyncedMemory => ({ kind: 'semantic', title: '', text: '', details: '', fields: {}, app: null, occurred_at: null, ended_at: null, segment: null, ...m });
  const put = (id: string, m: Partial<SyncedMemory>): ChangeRecord => ({ op: 'memory.put', id, at: { t: ++clock, c: 0, d: older.device }, reason: 'created', memory: memory(m) });
  const note = (id: string, text: string) => put(id, { title: 'Office notes', text, details: `From the standup: ${text}`, fields: { said: [text] }, app: 'Notes' });
  const vaultEntry = (id: string, secret: string) =>
    put(id, { kind: 'knowledge_vault', title: 'Saved password', text: 'A password kept from a settings pane', fields: { entry_type: 'password', source: 'screen', sensitivity: 'high', secret } });
  const memId = (n: number) => `mem_01jq${String(n).padStart(22, '0')}`;
  const vaultHolding = (value: string) =>
    b.memories.list({ kinds: ['knowledge_vault'], limit: 1000 }).filter((m) => b.memories.get(m.id, { reveal: true })?.fields['secret'] === value);
  const loggedPutsOf = (id: string) => b.changes.pending().filter((r) => (r.record as { op: string; id?: string }).op === 'memory.put' && (r.record as { id?: string }).id === id);

  it('a note quoting a password alone is masked when the vault entry for it comes later in the same segment', async () => {
    const PASSWORD = 'Marram-Lantern-6620';
    const early = memId(1);
    const late = memId(3);
    fromOlder([note(early, `the printer room door opens with ${PASSWORD} since Monday`), vaultEntry(memId(2), PASSWORD), note(late, `reminder: ${PASSWORD}`)]);
    await syncB.now();
    const got = b.memories.get(early)!;
    expect(got.text).toBe('the printer room door opens with [redacted:password] since Monday');
    expect(got.details).toBe('From the standup: the printer room door opens with [redacted:password] since Monday');
    expect(JSON.stringify(got)).not.toContain(PASSWORD);
    expect(b.memories.get(late)!.text).toBe('reminder: [redacted:password]');
    expect(vaultHolding(PASSWORD)).toHaveLength(1);
    // The mask is this device's reading of what arrived, not an edit that goes back to the sender.
    expect(loggedPutsOf(early)).toHaveLength(0);
  });

  it('a note quoting a password alone is masked when a later segment of the pass names it with its label', async () => {
    const PASSWORD = 'Gannet-Reed-3318';
    const early = memId(4);
    const labelled = memId(5);
    fromOlder([note(early, `guests keep asking, it is ${PASSWORD}`)]);
    fromOlder([note(labelled, `The new wifi password is ${PASSWORD} for everyone`)]);
    await syncB.now();
    expect(b.memories.get(labelled)!.text).toBe('The new wifi password is [redacted:password] for everyone');
    expect(b.memories.get(early)!.text).toBe('guests keep asking, it is [redacted:password]');
    expect(JSON.stringify(b.memories.get(early))).not.toContain(PASSWORD);
    // Kept once, though two memories gave it up.
    expect(vaultHolding(PASSWORD)).toHaveLength(1);
    expect(loggedPutsOf(early)).toHaveLength(0);
  });

  it('what arrival masking leaves alone stays as it came: a value below the carry floor, the user’s hand edits, a switch turned off', async () => {
    const SHORT = 'pebble7';
    const short = memId(6);
    fromOlder([note(short, `the gate takes ${SHORT} after six`), vaultEntry(memId(7), SHORT)]);
    // Written by hand on the sending device (its trailer says so): kept as the user wrote it.
    const PASSWORD = 'Heron-Quill-4471';
    const typed = memId(8);
    fromOlder([note(memId(9), `The router password is ${PASSWORD} now`), note(typed, `my own reminder: ${PASSWORD}`)], 0, [typed]);
    await syncB.now();
    expect(b.memories.get(short)!.text).toBe(`the gate takes ${SHORT} after six`);
    expect(b.memories.get(typed)!.text).toBe(`my own reminder: ${PASSWORD}`);
    expect(b.memories.get(memId(9))!.text).toBe('The router password is [redacted:password] now');

    // Passwords switched off: nothing of them is masked, before or after.
    const settings = b.settings.get(CAPTURE_SETTINGS_KEY, CaptureSettingsSchema, defaultCaptureSettings());
    b.settings.set(CAPTURE_SETTINGS_KEY, { ...settings, redaction: { ...settings.redaction, passwords: false } });
    const OFF = 'Bittern-Flax-7305';
    const off = memId(10);
    fromOlder([note(off, `spare key code ${OFF}`), vaultEntry(memId(11), OFF)]);
    await syncB.now();
    expect(b.memories.get(off)!.text).toBe(`spare key code ${OFF}`);
  });
});

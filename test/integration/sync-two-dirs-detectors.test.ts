import { createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { EDITED_BY_USER, openStore, REDACTION_VERSION_KEY, StaticKeyProvider, type EngramStore } from '../../agents/store/index.js';
import { ChangeRecordSchema, DeviceNames, emptyLedger, FolderSync, openSegment, writeSegments, type ChangeRecord, type SyncIdentity } from '../../agents/sync/index.js';
import { KnowledgeVaultAgent } from '../../agents/knowledge-vault/index.js';
import { MemoryWriter } from '../../agents/subagent-kit/index.js';
import { DEFAULT_REDACTION, DETECTORS_VERSION } from '../../shared/redaction/index.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { memoriesHash } from '../helpers/store-compare.js';
import { syncPairEachTest } from '../helpers/sync-pair.js';

// A device still on an older Engram sends what its detectors missed; this one masks it on arrival,
// and only that. Segments stay readable both ways between an updated device and one not yet updated.
const KEY_BODY = '51QxTm8Ab29dKp4LmN7qRsT3uV';
/** A Stripe key as OCR splits it: the older detectors let it through. */
const SPACED_KEY = `sk live ${KEY_BODY}`;

/**
 * How an Engram from before segment trailers opens a segment: agents/sync/segment-seal.ts's
 * openSegment as it was at 6caa89d, frozen here (its strict payload schema, its header check).
 */
function openAsOlderEngram(id: SyncIdentity, bytes: Buffer): ChangeRecord[] {
  if (bytes.readUInt8(4) !== 1) throw new Error('a newer segment format');
  const key = Buffer.from(hkdfSync('sha256', id.key, Buffer.from(id.folderId, 'hex'), 'engram-sync-segment-v1', 32));
  const d = createDecipheriv('aes-256-gcm', key, bytes.subarray(29, 41));
  d.setAAD(bytes.subarray(0, 29));
  d.setAuthTag(bytes.subarray(bytes.length - 16));
  const plain = Buffer.concat([d.update(bytes.subarray(41, bytes.length - 16)), d.final()]);
  const length = plain.readUInt32BE(0);
  const OldPayload = z.object({ v: z.literal(1), records: z.array(ChangeRecordSchema) }).strict();
  return OldPayload.parse(JSON.parse(plain.subarray(4, 4 + length).toString('utf8'))).records;
}

describe('sync and the sender’s detectors', () => {
  let root: string;
  let folder: string;
  let a: EngramStore;
  let b: EngramStore;
  let syncA: FolderSync;
  let syncB: FolderSync;
  const key = randomBytes(32);
  const folderId = randomBytes(16).toString('hex');

  syncPairEachTest('engram-sync-det-', async (pair) => {
    ({ root, folder, a, b, syncA, syncB } = pair);
    await syncA.now();
    await syncB.now();
  }, { key, folderId });

  /** A third device's segment, written as the Engram it runs writes one: without a trailer (before it), or with its detectors. */
  let oldSeq = 0;
  const other = { key, folderId, device: randomBytes(16).toString('hex') };
  const fromOther = (records: ChangeRecord[], detectors: number | null, byHand: string[] = []) => {
    const ledger = { ...emptyLedger(), lastSeq: oldSeq };
    writeSegments(folder, other, ledger, records, detectors === null ? null : { detectors, byHand: (id) => byHand.includes(id) });
    oldSeq = ledger.lastSeq;
  };
  let clock = Date.now();
  const put = (id: string, text: string, reason: 'created' | 'edited' = 'created'): ChangeRecord => ({
    op: 'memory.put',
    id,
    at: { t: ++clock, c: 0, d: other.device },
    reason,
    memory: { kind: 'semantic', title: 'Shop payments', text, details: `Pasted in #payments: ${text}`, fields: { name: 'shop key', value: text }, app: 'Slack', occurred_at: null, ended_at: null, segment: null },
  });
  const memId = (n: number) => `mem_01jz${String(n).padStart(22, '0')}`;
  const vaultWith = (s: EngramStore, value: string) =>
    s.memories.list({ kinds: ['knowledge_vault'], limit: 1000 }).filter((m) => String(s.memories.get(m.id, { reveal: true })?.fields['secret'] ?? '').includes(value));
  const loggedPutsOf = (s: EngramStore, id: string) => s.changes.pending().filter((r) => (r.record as { op: string; id?: string }).op === 'memory.put' && (r.record as { id?: string }).id === id);

  it('a memory from a device on older detectors arrives masked everywhere, its secret in the vault once', async () => {
    const id = memId(1);
    fromOther([put(id, `Restricted key for the shop: ${SPACED_KEY}`)], null);
    await syncB.now();
    const got = b.memories.get(id)!;
    expect(got.text).toBe('Restricted key for the shop: sk live [redacted:stripe_key]');
    expect(JSON.stringify(got)).not.toContain(KEY_BODY);
    expect(b.counters.all()['redaction.sync_import.masked']).toBe(1);
    expect(vaultWith(b, KEY_BODY)).toHaveLength(1);
    // Masking is not an edit of B's: nothing of the memory goes back (the sender's own re-scrub mends its copy).
    expect(loggedPutsOf(b, id)).toHaveLength(0);
    // A masks it too, on its own, before B's vault entry is in the folder.
    await syncA.now();
    expect(a.memories.get(id)!.text).not.toContain(KEY_BODY);
    expect(vaultWith(a, KEY_BODY)).toHaveLength(1);
    // The sender sends it again (another edit as created, the same key); the devices' vault entries meet: one entry, one id.
    fromOther([put(id, `Restricted key for the shop, again: ${SPACED_KEY}`)], null);
    await syncB.now();
    await syncA.now();
    await syncB.now();
    expect(b.memories.get(id)!.text).toContain('again: sk live [redacted:stripe_key]');
    expect(vaultWith(b, KEY_BODY)).toHaveLength(1);
    expect(vaultWith(a, KEY_BODY)).toHaveLength(1);
    expect(vaultWith(a, KEY_BODY)[0]!.id).toBe(vaultWith(b, KEY_BODY)[0]!.id);
  });

  it('a secret the vault already holds, written another way, is not kept a second time on arrival', async () => {
    b.memories.insert({ kind: 'knowledge_vault', title: 'Stripe key', text: 'Stripe key told in chat', fields: { entry_type: 'stripe_key', source: 'chat', sensitivity: 'high', secret: `sk_live_${KEY_BODY}` } });
    const id = memId(9);
    fromOther([put(id, `Restricted key for the shop: ${SPACED_KEY}`)], null);
    await syncB.now();
    expect(b.memories.get(id)!.text).not.toContain(KEY_BODY);
    expect(vaultWith(b, KEY_BODY)).toHaveLength(1);
  });

  it('a note from an older device that quotes a secret this vault holds, without its label, arrives masked', async () => {
    // B's vault has the password (its re-scrub paired it with its label by the frame's word boxes); the older device's note quotes it alone.
    const PASSWORD = 'Heron-Quill-4471';
    b.memories.insert({ kind: 'knowledge_vault', title: 'Studio Wi-Fi password', text: 'Wi-Fi password seen in the router settings', fields: { entry_type: 'password', source: 'screen', sensitivity: 'high', secret: PASSWORD } });
    const id = memId(21);
    fromOther([put(id, `The studio Wi-Fi is up again, it is ${PASSWORD} for guests`)], null);
    // What a device at these detectors sends is its own judgement: kept as sent, even so.
    const current = memId(22);
    fromOther([put(current, `Guest network note: ${PASSWORD}`)], DETECTORS_VERSION);
    // An ordinary word the vault does not hold, and the value inside a longer one, stay.
    const other = memId(23);
    fromOther([put(other, `Heron-Quill-44710 is the order number; the heron is back`)], null);
    await syncB.now();
    expect(b.memories.get(id)!.text).toBe('The studio Wi-Fi is up again, it is [redacted:password] for guests');
    expect(JSON.stringify(b.memories.get(id))).not.toContain(PASSWORD);
    expect(vaultWith(b, PASSWORD)).toHaveLength(1);
    expect(b.memories.get(current)!.text).toContain(PASSWORD);
    expect(b.memories.get(other)!.text).toBe('Heron-Quill-44710 is the order number; the heron is back');
  });

  it('a secret that arrives in the vault in one pass is looked for in the notes after it', async () => {
    const PASSWORD = 'Tarn-Osprey-9052';
    const vaultId = memId(24);
    const note = memId(25);
    // A memory redacted before the entry arrives: the pass has read the vault already, as it was then.
    fromOther([
      put(memId(26), 'nothing secret here'),
      { op: 'memory.put', id: vaultId, at: { t: ++clock, c: 0, d: other.device }, reason: 'created', memory: { kind: 'knowledge_vault', title: 'Router password', text: 'Router password', details: '', fields: { entry_type: 'password', source: 'screen', sensitivity: 'high', secret: PASSWORD }, app: null, occurred_at: null, ended_at: null, segment: null } },
      put(note, `Router admin is ${PASSWORD} now`),
    ], null);
    await syncB.now();
    expect(b.memories.get(note)!.text).toBe('Router admin is [redacted:password] now');
    expect(vaultWith(b, PASSWORD)).toHaveLength(1);
  });

  /** A device updated from older detectors: its store's re-scrub, with what it takes out kept in its vault as the brain keeps it. */
  const rescrubWithVault = (s: EngramStore) => {
    const vault = new KnowledgeVaultAgent(s, new TimeFormatter('UTC'));
    s.db.prepare('UPDATE meta SET value = ? WHERE key = ?').run('0', REDACTION_VERSION_KEY);
    while (!s.rescrubSlice(DEFAULT_REDACTION, undefined, (found) => void vault.recordRescrubbed(found, new MemoryWriter(s))).done);
  };
  const passes = async (n: number) => {
    for (let i = 0; i < n; i++) {
      await syncA.now();
      await syncB.now();
    }
  };

  it('a secret masked on arrival here and by the older device’s own re-scrub there ends as one vault entry on each device', async () => {
    // A runs older detectors: the key goes out in clear, and B masks it on arrival (its vault keeps it).
    a.db.prepare('UPDATE meta SET value = ? WHERE key = ?').run('0', REDACTION_VERSION_KEY);
    const id = a.memories.insert({ kind: 'semantic', title: 'Shop payments', text: `Seen in the admin: ${SPACED_KEY}`, fields: { name: 'shop payments' } }).id;
    await syncA.now();
    await syncB.now();
    expect(vaultWith(b, KEY_BODY)).toHaveLength(1);
    // A is updated and its re-scrub runs before B's entry reaches it: it masks its own copy and keeps the key under an id of its own.
    rescrubWithVault(a);
    expect(a.memories.get(id)!.text).not.toContain(KEY_BODY);
    expect(vaultWith(a, KEY_BODY)).toHaveLength(1);
    await passes(3);
    expect(vaultWith(a, KEY_BODY)).toHaveLength(1);
    expect(vaultWith(b, KEY_BODY)).toHaveLength(1);
    expect(vaultWith(a, KEY_BODY)[0]!.id).toBe(vaultWith(b, KEY_BODY)[0]!.id);
    // The one left is the entry the devices name alike; deleted on one device, it is gone on both, and the key
    // arriving in clear again (another device still on older detectors) does not bring it back.
    a.memories.delete([vaultWith(a, KEY_BODY)[0]!.id]);
    await passes(2);
    expect(vaultWith(a, KEY_BODY)).toHaveLength(0);
    expect(vaultWith(b, KEY_BODY)).toHaveLength(0);
    fromOther([put(memId(7), `Restricted key for the shop: ${SPACED_KEY}`)], null);
    await syncB.now();
    expect(b.memories.get(memId(7))!.text).not.toContain(KEY_BODY);
    expect(vaultWith(b, KEY_BODY)).toHaveLength(0);
    await passes(2);
    expect(vaultWith(a, KEY_BODY)).toHaveLength(0);
    expect(vaultWith(b, KEY_BODY)).toHaveLength(0);
  });

  it('a secret the user deleted from the vault does not come back when an older device’s re-scrub keeps it later', async () => {
    a.db.prepare('UPDATE meta SET value = ? WHERE key = ?').run('0', REDACTION_VERSION_KEY);
    a.memories.insert({ kind: 'semantic', title: 'Shop payments', text: `Seen in the admin: ${SPACED_KEY}`, fields: { name: 'shop payments' } });
    await syncA.now();
    await syncB.now();
    b.memories.delete(vaultWith(b, KEY_BODY).map((m) => m.id));
    await syncB.now();
    // A's re-scrub ran before B's delete reached it.
    rescrubWithVault(a);
    expect(vaultWith(a, KEY_BODY)).toHaveLength(1);
    await passes(3);
    expect(vaultWith(a, KEY_BODY)).toHaveLength(0);
    expect(vaultWith(b, KEY_BODY)).toHaveLength(0);
  });

  it('what a device at these detectors sends is kept as sent (its detectors judged it)', async () => {
    const id = memId(2);
    fromOther([put(id, `Restricted key for the shop: ${SPACED_KEY}`)], DETECTORS_VERSION);
    // A is an Engram at these detectors: its own segments say so.
    const fromA = a.memories.insert({ kind: 'semantic', title: 'Gate code', text: 'The garage gate code is 8812.', fields: { name: 'gate code' } }).id;
    await syncA.now();
    await syncB.now();
    expect(b.memories.get(id)!.text).toBe(`Restricted key for the shop: ${SPACED_KEY}`);
    expect(b.memories.get(fromA)!.text).toBe('The garage gate code is 8812.');
    expect(b.counters.all()['redaction.sync_import.masked']).toBeUndefined();
    expect(vaultWith(b, KEY_BODY)).toHaveLength(0);
  });

  it('a note the user edited by hand on the other device is kept as they wrote it', async () => {
    // From before trailers, an edit is all that says so.
    const edited = memId(3);
    fromOther([put(edited, 'The garage gate code is 8812.', 'edited')], null);
    // An updated device whose re-scrub has not finished says its detectors are older (0), and names the memory the user edited.
    const byHand = a.memories.insert({ kind: 'semantic', title: 'Shop key', text: 'To fill in later', fields: { name: 'shop key' } }).id;
    a.memories.update(byHand, { text: `Shop key, typed on purpose: ${SPACED_KEY}` }, EDITED_BY_USER);
    const byAgent = a.memories.insert({ kind: 'semantic', title: 'Shop payments', text: `Seen in the admin: ${SPACED_KEY}`, fields: { name: 'shop payments' } }).id;
    a.db.prepare('UPDATE meta SET value = ? WHERE key = ?').run('0', REDACTION_VERSION_KEY);
    await syncA.now();
    await syncB.now();
    expect(b.memories.get(edited)!.text).toBe('The garage gate code is 8812.');
    expect(b.memories.get(byHand)!.text).toBe(`Shop key, typed on purpose: ${SPACED_KEY}`);
    expect(b.memories.get(byAgent)!.text).toBe('Seen in the admin: sk live [redacted:stripe_key]');
    // B knows it as the user's: its own re-scrub leaves it, and its segments name it, so nothing masked goes back to A.
    expect(b.memories.history(byHand).map((h) => h.reason)).toContain(EDITED_BY_USER);
    b.db.prepare('UPDATE meta SET value = ? WHERE key = ?').run('0', REDACTION_VERSION_KEY);
    while (!b.rescrubSlice(DEFAULT_REDACTION).done);
    expect(b.memories.get(byHand)!.text).toBe(`Shop key, typed on purpose: ${SPACED_KEY}`);
    const before = new Set(readdirSync(folder));
    b.memories.update(byHand, { title: 'Shop key (tidied)' }, 'dream: titles tidied');
    await syncB.now();
    const fromB = readdirSync(folder).filter((n) => n.endsWith('.egs') && !before.has(n)).map((n) => openSegment({ key, folderId, device: b.changes.device()! }, readFileSync(join(folder, n)), n));
    expect(fromB.some((sg) => sg.trailer?.by_hand?.includes(byHand))).toBe(true);
    await syncA.now();
    expect(a.memories.get(byHand)!.text).toBe(`Shop key, typed on purpose: ${SPACED_KEY}`);
  });

  it("a device's re-scrub masks its own copy only: nothing it masks goes to the others as an edit", async () => {
    // Typed on purpose on A; B took it in before segments named what the user typed (its history there says only 'sync').
    const id = a.memories.insert({ kind: 'semantic', title: 'Shop key', text: 'To fill in later', fields: { name: 'shop key' } }).id;
    a.memories.update(id, { text: `Shop key, typed on purpose: ${SPACED_KEY}` }, EDITED_BY_USER);
    await syncA.now();
    await syncB.now();
    b.db.prepare('DELETE FROM memory_history WHERE memory_id = ? AND reason = ?').run(id, EDITED_BY_USER);
    // B is updated: its pass masks its copy (the key goes to its vault) and logs nothing of the memory.
    b.db.prepare('UPDATE meta SET value = ? WHERE key = ?').run('0', REDACTION_VERSION_KEY);
    while (!b.rescrubSlice(DEFAULT_REDACTION).done);
    expect(b.memories.get(id)!.text).toBe('Shop key, typed on purpose: sk live [redacted:stripe_key]');
    expect(loggedPutsOf(b, id)).toHaveLength(0);
    await syncB.now();
    await syncA.now();
    // Where the user typed it, it stays as typed.
    expect(a.memories.get(id)!.text).toBe(`Shop key, typed on purpose: ${SPACED_KEY}`);
  });

  it('an older Engram reads the segments this one writes, and this one reads the older ones', async () => {
    const byHand = a.memories.insert({ kind: 'semantic', title: 'Locker', text: 'Locker 14', fields: { name: 'locker' } }).id;
    a.memories.update(byHand, { text: 'Locker 14, code 2291' }, EDITED_BY_USER);
    a.memories.insert({ kind: 'episodic', title: 'Standup', text: 'Standup moved to 09:30.' });
    await syncA.now();
    fromOther([put(memId(4), 'Lunch with Ana on Friday.')], null);
    let newer = 0;
    let older = 0;
    for (const name of readdirSync(folder).filter((n) => n.endsWith('.egs'))) {
      const bytes = readFileSync(join(folder, name));
      const now = openSegment({ key, folderId, device: a.changes.device()! }, bytes, name);
      // Today's reader sees every record an older one sees, the same.
      expect(openAsOlderEngram({ key, folderId, device: now.device }, bytes)).toEqual(now.records);
      if (now.device === a.changes.device()) {
        newer++;
        // Since trust53 a device also writes the name it shows itself by (its host name here), for display only.
        const name = new DeviceNames(a).own();
        expect(now.trailer).toEqual({ detectors: DETECTORS_VERSION, by_hand: [byHand], ...(name ? { device_name: name } : {}) });
      } else if (now.device === other.device) {
        older++;
        expect(now.trailer).toBeNull();
      }
    }
    expect(newer).toBeGreaterThan(0);
    expect(older).toBe(1);
  });

  it('after its re-scrub a device seals its own segments again without what it masked; devices importing before or after agree', async () => {
    // A was just updated: its store predates these detectors, so its segments say 0.
    a.db.prepare('UPDATE meta SET value = ? WHERE key = ?').run('0', REDACTION_VERSION_KEY);
    const byAgent = a.memories.insert({ kind: 'semantic', title: 'Shop payments', text: `Seen in the admin: ${SPACED_KEY}`, fields: { name: 'shop payments' } }).id;
    const byHand = a.memories.insert({ kind: 'semantic', title: 'Shop key', text: 'To fill in later', fields: { name: 'shop key' } }).id;
    a.memories.update(byHand, { text: `Shop key, typed on purpose: ${SPACED_KEY}` }, EDITED_BY_USER);
    const plain = a.memories.insert({ kind: 'semantic', title: 'Standup', text: 'Standup moved to 09:30.', fields: { name: 'standup' } }).id;
    expect((await syncA.now()).resealed).toBe(0); // its re-scrub is not done: nothing to seal again yet
    const before = readdirSync(folder).filter((n) => n.endsWith('.egs'));
    await syncB.now(); // B imports early (and masks on arrival)
    while (!a.rescrubSlice(DEFAULT_REDACTION).done);
    expect((await syncA.now()).resealed).toBe(1);
    const after = readdirSync(folder).filter((n) => n.endsWith('.egs'));
    expect(after.filter((n) => before.includes(n))).toEqual([]); // A's old segment is gone
    const idA = { key, folderId, device: a.changes.device()! };
    const all = after.flatMap((n) => openSegment(idA, readFileSync(join(folder, n)), n).records);
    const texts = (id: string) => all.filter((r) => r.op === 'memory.put' && r.id === id).map((r) => JSON.stringify(r));
    expect(texts(byAgent).length).toBeGreaterThan(0);
    expect(texts(byAgent).join()).not.toContain(KEY_BODY);
    expect(texts(byHand).join()).toContain(KEY_BODY); // what the user typed stays as typed
    expect(texts(plain)).toHaveLength(1);
    // B, which imported the old segment, and C, a device that joins now, end where A is.
    const c = await openStore({ dataDir: join(root, 'c'), keyProvider: new StaticKeyProvider(randomBytes(32)), embedder: null });
    try {
      const syncC = new FolderSync(c, { folder, key, folderId });
      expect((await syncB.now()).refused).toEqual([]);
      await syncA.now();
      expect((await syncC.now()).refused).toEqual([]);
      await syncC.now();
      expect(c.memories.get(plain)?.text).toBe('Standup moved to 09:30.');
      expect(c.memories.get(byHand)?.text).toBe(`Shop key, typed on purpose: ${SPACED_KEY}`);
      expect(c.memories.get(byAgent)?.text).toBe('Seen in the admin: sk live [redacted:stripe_key]');
      expect(memoriesHash(b)).toBe(memoriesHash(a));
      expect(memoriesHash(c)).toBe(memoriesHash(a));
      // Once done, nothing more is sealed again.
      expect((await syncA.now()).resealed).toBe(0);
    } finally {
      await c.close();
    }
  });
});

/**
 * The knowledge vault across two devices (real encrypted stores syncing through one folder): a
 * secret the user deleted stays deleted whatever id its entry had, one secret captured on both
 * devices keeps what both captions said, and a vault larger than one page is read whole.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { EngramStore } from '../../agents/store/index.js';
import { emptyLedger, FolderSync, writeSegments, type ChangeRecord } from '../../agents/sync/index.js';
import { syncPairEachTest } from '../helpers/sync-pair.js';

/** A Stripe key as OCR split it on a device on older detectors (they let it through); the part a detector takes out now. */
const KEY_BODY = '73PfRw2Kd81LmQa9ZtXe4HcNvB';
const SPACED_KEY = `sk live ${KEY_BODY}`;

describe('sync: the vault’s entries on two devices', () => {
  let folder: string;
  let a: EngramStore;
  let b: EngramStore;
  let syncA: FolderSync;
  let syncB: FolderSync;
  const key = randomBytes(32);
  const folderId = randomBytes(16).toString('hex');

  syncPairEachTest('engram-sync-vault-', async (pair) => {
    ({ folder, a, b, syncA, syncB } = pair);
    await syncA.now();
    await syncB.now();
  }, { key, folderId });

  /** A third device still on older detectors: its segments have no trailer, so what it sends is masked on arrival. */
  let oldSeq = 0;
  const other = { key, folderId, device: randomBytes(16).toString('hex') };
  let clock = Date.now();
  const fromOlderDevice = (id: string, text: string) => {
    const record: ChangeRecord = {
      op: 'memory.put',
      id,
      at: { t: ++clock, c: 0, d: other.device },
      reason: 'created',
      memory: { kind: 'semantic', title: 'Shop payments', text, details: '', fields: { name: 'shop key' }, app: 'Slack', occurred_at: null, ended_at: null, segment: null },
    };
    const ledger = { ...emptyLedger(), lastSeq: oldSeq };
    writeSegments(folder, other, ledger, [record], null);
    oldSeq = ledger.lastSeq;
  };
  const memId = (n: number) => `mem_01jz${String(n).padStart(22, '0')}`;
  const vaultWith = (s: EngramStore, value: string) =>
    s.memories.list({ kinds: ['knowledge_vault'], limit: 1000 }).filter((m) => String(s.memories.get(m.id, { reveal: true })?.fields['secret'] ?? '') === value);
  const keptInVault = (s: EngramStore, type: string, secret: string, title = 'Shop Stripe key', text = 'Stripe key told in chat', at?: number) =>
    s.memories.insert({ kind: 'knowledge_vault', title, text, fields: { entry_type: type, source: 'chat', sensitivity: 'high', secret }, occurred_at: at }).id;
  const passes = async (n: number) => {
    for (let i = 0; i < n; i++) {
      await syncA.now();
      await syncB.now();
    }
  };
  /** The key arrives in clear again from the older device: masked on both, and kept in neither vault. */
  const arrivesAgainMaskedNotKept = async (n: number) => {
    fromOlderDevice(memId(n), `Restricted key for the shop: ${SPACED_KEY}`);
    await passes(2);
    for (const s of [a, b]) {
      expect(s.memories.get(memId(n))!.text).toBe('Restricted key for the shop: sk live [redacted:stripe_key]');
      expect(vaultWith(s, KEY_BODY)).toHaveLength(0);
    }
  };

  it('an entry made on one device and deleted on the other: the secret arriving in clear again is not kept', async () => {
    const id = keptInVault(a, 'stripe_key', KEY_BODY);
    await passes(1);
    expect(vaultWith(b, KEY_BODY).map((m) => m.id)).toEqual([id]);
    b.memories.delete([id]);
    await passes(2);
    expect(vaultWith(a, KEY_BODY)).toHaveLength(0);
    await arrivesAgainMaskedNotKept(1);
  });

  it('an entry deleted before it was ever sent: the secret arriving in clear again is not kept', async () => {
    const id = keptInVault(a, 'stripe_key', KEY_BODY);
    a.memories.delete([id]);
    await passes(1);
    await arrivesAgainMaskedNotKept(2);
  });

  it('an entry sent before the devices noted shared ids: deleted after the update, the secret still stays deleted', async () => {
    const id = keptInVault(a, 'stripe_key', KEY_BODY);
    await passes(1);
    // As an Engram from before this kept them: nothing noted.
    for (const s of [a, b]) s.db.prepare("DELETE FROM sync_state WHERE key = 'vault_ids'").run();
    // The updated devices' first passes, with nothing of the vault to send.
    await passes(1);
    a.memories.delete([id]);
    await passes(2);
    await arrivesAgainMaskedNotKept(3);
  });

  it('one of two entries of a secret deleted: the other still holds it, and meets the other device’s as before', async () => {
    const told = keptInVault(a, 'stripe_key', KEY_BODY);
    const seen = keptInVault(a, 'stripe_key', KEY_BODY, 'Stripe key seen in the admin', 'Stripe key on screen in the shop admin');
    a.memories.delete([told]);
    await passes(2);
    expect(vaultWith(a, KEY_BODY).map((m) => m.id)).toEqual([seen]);
    // B's own entry of the same secret meets it: one is kept on both, not none.
    keptInVault(b, 'stripe_key', KEY_BODY, 'Stripe key from the invoice', 'Stripe key in the invoice email');
    await passes(3);
    expect(vaultWith(a, KEY_BODY)).toHaveLength(1);
    expect(vaultWith(b, KEY_BODY).map((m) => m.id)).toEqual(vaultWith(a, KEY_BODY).map((m) => m.id));
  });

  it('a contact captured on both devices becomes one entry that keeps both captions', async () => {
    const EMAIL = 'ana.lima@acme-logistics.com';
    keptInVault(a, 'email', EMAIL, 'Email of Ana Lima', "Ana Lima's email (acme-logistics.com), seen in Mail on Monday.");
    keptInVault(b, 'email', EMAIL, 'Email at acme-logistics.com', 'Email (acme-logistics.com), seen in Slack on Tuesday. Context: "send the invoice to [redacted:email]"');
    await passes(3);
    const [onA] = vaultWith(a, EMAIL);
    const [onB] = vaultWith(b, EMAIL);
    expect(vaultWith(a, EMAIL)).toHaveLength(1);
    expect(vaultWith(b, EMAIL)).toHaveLength(1);
    expect(onB!.id).toBe(onA!.id);
    for (const m of [onA!, onB!]) {
      expect(m.title).toContain('Ana Lima');
      expect(m.title).toContain('Email at acme-logistics.com');
      expect(m.text).toContain('seen in Mail on Monday');
      expect(m.text).toContain('seen in Slack on Tuesday');
    }
    expect(onB!.text).toBe(onA!.text);
    // Merged once: a later pass adds nothing more.
    await passes(1);
    expect(vaultWith(a, EMAIL)[0]!.text).toBe(onA!.text);
  });

  it('a vault larger than a page is read whole: an entry on the last page meets its twin at once', async () => {
    // Pages of 3 here (10,000 in the app): B's entry of the secret is its eighth, on the third page.
    const paged = (s: EngramStore) => new FolderSync(s, { folder, key, folderId, vaultPage: 3 });
    const t = Date.parse('2026-01-01T00:00:00Z');
    for (let i = 0; i < 7; i++) keptInVault(b, 'api_key', `tok-${i}-${randomBytes(8).toString('hex')}`, `Key ${i}`, `Key ${i}`, t + i);
    keptInVault(b, 'stripe_key', KEY_BODY, 'Stripe key from the invoice', 'Stripe key in the invoice email', t + 100);
    await paged(b).now();
    keptInVault(a, 'stripe_key', KEY_BODY);
    await paged(a).now();
    // B compares A's entry with every entry it holds in this one pass.
    await paged(b).now();
    expect(vaultWith(b, KEY_BODY)).toHaveLength(1);
    await paged(a).now();
    expect(vaultWith(a, KEY_BODY)).toHaveLength(1);
    expect(vaultWith(a, KEY_BODY)[0]!.id).toBe(vaultWith(b, KEY_BODY)[0]!.id);
  });
});

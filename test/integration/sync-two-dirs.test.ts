import { randomBytes } from 'node:crypto';
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore, StaticKeyProvider, type EngramStore } from '../../agents/store/index.js';
import { emptyLedger, FolderSync, writeSegments } from '../../agents/sync/index.js';
import { syncPairEachTest } from '../helpers/sync-pair.js';
import { foundIds, memoriesHash } from '../helpers/store-compare.js';

// Issue 33, step 2: two data dirs (real encrypted stores) syncing through a plain folder, no Syncthing.
describe('two data dirs syncing through a folder', () => {
  let root: string;
  let folder: string;
  let a: EngramStore;
  let b: EngramStore;
  let syncA: FolderSync;
  let syncB: FolderSync;
  const key = randomBytes(32);
  const folderId = randomBytes(16).toString('hex');

  syncPairEachTest('engram-sync-', async (pair) => {
    ({ root, folder, a, b, syncA, syncB } = pair);
    await syncA.now();
    await syncB.now();
  }, { key, folderId });

  /** Resolves once the wall clock has moved past the millisecond it was called in. */
  const nextMillisecond = async () => {
    const t = Date.now();
    while (Date.now() <= t + 1) await new Promise((r) => setTimeout(r, 1));
  };
  const note = (s: EngramStore, title: string, text: string, occurred_at?: number) =>
    s.memories.insert({ kind: 'semantic', title, text, fields: { name: title }, occurred_at: occurred_at ?? null }).id;
  const both = async () => {
    await syncA.now();
    await syncB.now();
    await syncA.now();
  };
  const found = foundIds;

  it('a memory created on A appears on B, found by search there', async () => {
    const id = note(a, 'Lisbon office', 'The Lisbon office moved to Rua Augusta 27.');
    await both();
    expect(b.memories.get(id)?.text).toBe('The Lisbon office moved to Rua Augusta 27.');
    expect(await found(b, 'Rua Augusta')).toContain(id);
  });

  it('an edit on B appears on A, and nothing imported is logged again', async () => {
    const id = note(a, 'Standup time', 'Standup is at 09:30.');
    await both();
    expect(b.changes.pendingCount()).toBe(0);
    b.memories.update(id, { text: 'Standup is at 10:15 since March.' }, 'user edit');
    expect(b.changes.pendingCount()).toBe(1);
    await both();
    expect(a.memories.get(id)?.text).toBe('Standup is at 10:15 since March.');
    expect(a.changes.pendingCount()).toBe(0);
    expect(b.changes.pendingCount()).toBe(0);
    expect(await found(a, '10:15')).toContain(id);
  });

  it('a forget on A removes the memory from B, its search rows and its graph facts', async () => {
    const id = note(a, 'Harbour ferry', 'The harbour ferry leaves at 07:40.');
    await both();
    const ana = b.graph.upsertEntity({ name: 'Ana Souza', kind: 'person', at: Date.now() });
    b.graph.mention(ana, id, 'subject');
    b.graph.addFact({ relation: 'takes', statement: 'Ana takes the harbour ferry', participants: [{ entity_id: ana, role: 'subject' }], sources: [id], occurred_at: null, confidence: 0.9 });
    expect(b.graph.counts().facts).toBe(1);
    a.memories.delete([id]);
    await both();
    expect(b.memories.get(id)).toBeNull();
    expect(await found(b, 'harbour ferry')).toEqual([]);
    expect(b.graph.counts()).toMatchObject({ facts: 0, mentions: 0 });
  });

  it('"forget the last 15 minutes" on A forgets on B what happened then, and keeps what came before', async () => {
    const now = Date.now();
    // The notes are made after the range ends: a forget takes what was made in its range too
    // (agents/store/forget.ts, created_at BETWEEN), so a note made in the millisecond of `now`
    // would go by its creation time; it failed so in CI once.
    await nextMillisecond();
    const recent = note(a, 'Salary talk', 'Discussed the salary band with Ana.', now - 5 * 60_000);
    const older = note(a, 'Ferry', 'The ferry leaves at 07:40.', now - 3 * 3_600_000);
    const onB = note(b, 'Draft', 'Draft of the salary letter.', now - 60_000);
    const seen = b.observations.insert({ kind: 'screen', frame_id: null, audio_id: null, display: null, observed_at: now - 2 * 60_000, app: 'Mail', title: 'Salary', url: null, text: 'salary band draft', caption: null }).id;
    await both();
    expect(b.memories.get(recent)).not.toBeNull();
    a.forget({ from: now - 15 * 60_000, to: now });
    await both();
    expect(b.memories.get(recent)).toBeNull();
    expect(b.memories.get(onB)).toBeNull();
    expect(a.memories.get(onB)).toBeNull();
    expect(b.memories.get(older)?.title).toBe('Ferry');
    expect(await found(b, 'salary')).toEqual([]);
    // B's own screen text of those minutes goes too, as if the forget had been said on B.
    expect(b.observations.get(seen)).toBeNull();
    expect(b.changes.pendingCount()).toBe(0);
  });

  it('concurrent edits converge to the same memories on both, the later edit winning wherever it was made', async () => {
    const budget = note(a, 'Budget', 'Budget is 10k.');
    const team = note(b, 'Team', 'The team is five people.');
    await both();
    // "Later" must be later on the clock: edits on two devices within one millisecond are concurrent,
    // and the device id breaks the tie (both still converge; a fast machine made them so in CI).
    a.memories.update(budget, { text: 'Budget is 12k.' }, 'edit on A');
    await nextMillisecond();
    b.memories.update(budget, { text: 'Budget is 15k.' }, 'edit on B, later');
    b.memories.update(team, { text: 'The team is six people.' }, 'edit on B');
    await nextMillisecond();
    a.memories.update(team, { text: 'The team is seven people.' }, 'edit on A, later');
    await both();
    await both();
    expect(memoriesHash(a)).toBe(memoriesHash(b));
    expect(a.memories.get(budget)?.text).toBe('Budget is 15k.');
    expect(b.memories.get(team)?.text).toBe('The team is seven people.');
  });

  it("a change made after importing another device's orders after it, even when that device's clock runs ahead", async () => {
    const ahead = Date.now() + 3_600_000;
    const fast = { key, folderId, device: randomBytes(16).toString('hex') };
    const id = 'mem_01jzzzzzzzzzzzzzzzzzzzzzzz';
    writeSegments(folder, fast, emptyLedger(), [
      { op: 'memory.put', id, at: { t: ahead, c: 0, d: fast.device }, reason: 'created', memory: { kind: 'semantic', title: 'Clock', text: 'from a fast clock', details: '', fields: { name: 'clock' }, app: null, occurred_at: null, ended_at: null, segment: null } },
    ]);
    await syncB.now();
    expect(b.memories.get(id)?.text).toBe('from a fast clock');
    b.memories.update(id, { text: 'edited on B afterwards' }, 'user edit');
    const [logged] = b.changes.pending() as { record: { at: { t: number } } }[];
    expect(logged!.record.at.t).toBeGreaterThanOrEqual(ahead);
    await syncB.now();
    await syncA.now();
    expect(a.memories.get(id)?.text).toBe('edited on B afterwards');
  });

  it('a memory superseded on A is superseded on B', async () => {
    const old = note(a, 'Manager', 'My manager is Ana.');
    const neu = note(a, 'Manager', 'My manager is Rui since May.');
    await both();
    a.memories.update(old, { superseded_by: neu }, 'contradiction');
    await both();
    expect(b.memories.get(old)?.superseded_by).toBe(neu);
  });

  it('memories made before sync was turned on travel in the first pass', async () => {
    const dir = join(root, 'c');
    const c = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(randomBytes(32)), embedder: null });
    try {
      const id = note(c, 'Old note', 'Written before sync.');
      expect(c.changes.pendingCount()).toBe(0);
      await new FolderSync(c, { folder, key, folderId }).now();
      await syncB.now();
      expect(b.memories.get(id)?.text).toBe('Written before sync.');
    } finally {
      await c.close();
    }
  });

  it('a change and its log entry are one transaction: a rolled-back write logs nothing', () => {
    expect(() =>
      a.transaction(() => {
        note(a, 'Half', 'never committed');
        throw new Error('crash');
      }),
    ).toThrow('crash');
    expect(a.changes.pendingCount()).toBe(0);
    note(a, 'Whole', 'committed');
    expect(a.changes.pendingCount()).toBe(1);
  });

  it('importing the same segments again changes nothing', async () => {
    const id = note(a, 'Once', 'Imported once.');
    await both();
    const version = b.memories.get(id)!.version;
    b.changes.setState('ledger', { v: 1, imported: {}, refused: {}, counts: { TAMPERED: 0, TRUNCATED: 0, REPLAYED: 0, FOREIGN: 0, INVALID: 0 }, lastSeq: 0, devices: {} });
    const again = await syncB.now();
    expect(again.imported).toBeGreaterThan(0);
    expect(b.memories.get(id)!.version).toBe(version);
    expect(b.changes.pendingCount()).toBe(0);
  });

  it('a tampered or replayed segment is refused with one line and counted; nothing imported is lost', async () => {
    const kept = note(a, 'Kept', 'This one arrives whole.');
    await both();
    const before = new Set(readdirSync(folder));
    const id = note(a, 'Secret plan', 'The launch is on Friday.');
    await syncA.now();
    const [fresh] = readdirSync(folder).filter((n) => !before.has(n));
    const bytes = readFileSync(join(folder, fresh!));
    const tampered = Buffer.from(bytes);
    tampered.writeUInt8(tampered.readUInt8(tampered.length - 40) ^ 1, tampered.length - 40);
    writeFileSync(join(folder, fresh!), tampered);
    const first = await syncB.now();
    expect(first.refused).toHaveLength(1);
    expect(first.refused[0]!.code).toBe('TAMPERED');
    expect(first.refused[0]!.message.split('\n')).toHaveLength(1);
    expect(b.memories.get(id)).toBeNull();
    expect(b.memories.get(kept)?.text).toBe('This one arrives whole.');
    // The real bytes come back (the replicator delivers them again): imported.
    writeFileSync(join(folder, fresh!), bytes);
    await syncB.now();
    expect(b.memories.get(id)?.title).toBe('Secret plan');
    // The same segment under another name: a replay, refused and counted once.
    copyFileSync(join(folder, fresh!), join(folder, `${'0'.repeat(32)}.egs`));
    const replay = await syncB.now();
    expect(replay.refused.map((r) => r.code)).toEqual(['REPLAYED']);
    await syncB.now();
    expect(syncB.ledger().counts).toMatchObject({ TAMPERED: 1, REPLAYED: 1 });
    expect(b.memories.get(kept)?.text).toBe('This one arrives whole.');
  });
});

import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emptyLedger, importSegments, MergeState, SyncLedgerSchema, writeSegments, type ChangeRecord, type OpenedSegment, type SyncIdentity } from '../../agents/sync/index.js';

const A = 'a'.repeat(32);
const B = 'b'.repeat(32);
const key = Buffer.alloc(32, 9);
const folderId = '1'.repeat(32);
const devA: SyncIdentity = { key, folderId, device: A };
const devB: SyncIdentity = { key, folderId, device: B };
const put = (id: string, text: string, t: number): ChangeRecord => ({
  op: 'memory.put',
  id,
  at: { t, c: 0, d: A },
  reason: 'created',
  memory: { kind: 'episodic', title: `Meeting with Okonkwo ${id}`, text, details: '', fields: {}, app: 'Zoom', occurred_at: null, ended_at: null, segment: null },
});

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'engram-sync-folder-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Device B's side: the records it applied, through a MergeState like the store's hook. */
function receiver() {
  const ledger = emptyLedger();
  const state = new MergeState();
  const texts = new Map<string, string>();
  const applied: OpenedSegment[] = [];
  const apply = (s: OpenedSegment) => {
    applied.push(s);
    for (const r of s.records) for (const e of state.apply(r)) if (e.kind === 'put') texts.set(e.id, e.memory.text);
  };
  const pass = () => importSegments(dir, devB, ledger, apply);
  return { ledger, texts, applied, pass };
}

describe('the sync folder', () => {
  it("imports another device's segments once; a second pass changes nothing", async () => {
    writeSegments(dir, devA, emptyLedger(), [put('m1', 'first', 1), put('m2', 'second', 2)]);
    const b = receiver();
    expect(await b.pass()).toEqual({ imported: 1, refused: [] });
    expect([...b.texts.values()]).toEqual(['first', 'second']);
    expect(await b.pass()).toEqual({ imported: 0, refused: [] });
    expect(b.applied).toHaveLength(1);
    expect(SyncLedgerSchema.parse(JSON.parse(JSON.stringify(b.ledger))).devices[A]?.lastSeq).toBe(1);
  });

  it('names files at random: no title, app, device or date in the listing', () => {
    const names = writeSegments(dir, devA, emptyLedger(), [put('m1', 'x', 1)]);
    expect(readdirSync(dir)).toEqual(names);
    expect(names[0]).toMatch(/^[0-9a-f]{32}\.egs$/);
    expect(names[0]).not.toContain(A.slice(0, 8));
  });

  it('refuses a segment copied under another name (a replay) once, counts it, and applies nothing twice', async () => {
    const [name] = writeSegments(dir, devA, emptyLedger(), [put('m1', 'once', 1)]);
    const b = receiver();
    await b.pass();
    copyFileSync(join(dir, name as string), join(dir, `${'0'.repeat(32)}.egs`));
    const r = await b.pass();
    expect(r.refused.map((x) => x.code)).toEqual(['REPLAYED']);
    expect(r.refused[0]?.message).toMatch(/repeats segment 1 .* refused$/);
    await b.pass();
    expect(b.ledger.counts.REPLAYED).toBe(1);
    expect(b.applied).toHaveLength(1);
  });

  it('refuses a segment rewritten under its name after import', async () => {
    const la = emptyLedger();
    const [name] = writeSegments(dir, devA, la, [put('m1', 'once', 1)]);
    const b = receiver();
    await b.pass();
    const other = mkdtempSync(join(tmpdir(), 'engram-sync-other-'));
    const [n2] = writeSegments(other, devA, emptyLedger(), [put('m1', 'rewritten', 2)]);
    copyFileSync(join(other, n2 as string), join(dir, name as string));
    rmSync(other, { recursive: true });
    const r = await b.pass();
    expect(r.refused.map((x) => x.code)).toEqual(['REPLAYED']);
    expect(r.refused[0]?.message).toMatch(/rewritten after it was imported; refused$/);
    expect(b.texts.get('m1')).toBe('once');
  });

  it('refuses tampered and truncated files with a count, keeps what was imported, and still imports the good ones', async () => {
    const la = emptyLedger();
    writeSegments(dir, devA, la, [put('m1', 'kept', 1)]);
    const b = receiver();
    await b.pass();
    const [bad] = writeSegments(dir, devA, la, [put('m2', 'tampered', 2)]);
    const [cut] = writeSegments(dir, devA, la, [put('m3', 'cut', 3)]);
    writeSegments(dir, devA, la, [put('m4', 'good', 4)]);
    const bytes = readFileSync(join(dir, bad as string));
    bytes[60] = (bytes[60] as number) ^ 0xff;
    writeFileSync(join(dir, bad as string), bytes);
    truncateSync(join(dir, cut as string), 500);
    const r = await b.pass();
    expect(r.imported).toBe(1);
    expect(r.refused.map((x) => x.code).sort()).toEqual(['TAMPERED', 'TRUNCATED']);
    expect(Object.fromEntries(b.texts)).toEqual({ m1: 'kept', m4: 'good' });
    await b.pass();
    expect(b.ledger.counts).toMatchObject({ TAMPERED: 1, TRUNCATED: 1 });
  });

  it('when applying fails, the segment stays unimported and is applied on the next pass', async () => {
    writeSegments(dir, devA, emptyLedger(), [put('m1', 'x', 1)]);
    const ledger = emptyLedger();
    await expect(importSegments(dir, devB, ledger, () => Promise.reject(new Error('disk full')))).rejects.toThrow('disk full');
    let applied = 0;
    expect((await importSegments(dir, devB, ledger, () => void (applied += 1))).imported).toBe(1);
    expect(applied).toBe(1);
  });

  it('a device that lost its ledger does not reuse a number (others would refuse it as a replay)', async () => {
    writeSegments(dir, devA, emptyLedger(), [put('m1', 'before', 1)]);
    const b = receiver();
    await b.pass();
    writeSegments(dir, devA, emptyLedger(), [put('m2', 'after the loss', 2)]);
    expect(await b.pass()).toEqual({ imported: 1, refused: [] });
    expect(b.texts.get('m2')).toBe('after the loss');
  });

  it("does not apply its own segments back, but learns its numbers from them", async () => {
    writeSegments(dir, devA, emptyLedger(), [put('m1', 'mine', 1)]);
    const ledger = emptyLedger();
    let applied = 0;
    await importSegments(dir, devA, ledger, () => void (applied += 1));
    expect(applied).toBe(0);
    expect(ledger.lastSeq).toBe(1);
  });

  it('splits a large batch into segments under the size limit', async () => {
    const big = Array.from({ length: 40 }, (_, i) => put(`m${i}`, 'y'.repeat(60_000), i + 1));
    const names = writeSegments(dir, devA, emptyLedger(), big);
    expect(names.length).toBeGreaterThan(1);
    const b = receiver();
    expect((await b.pass()).imported).toBe(names.length);
    expect(b.texts.size).toBe(40);
  });
});

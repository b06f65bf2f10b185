import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MAX_SEGMENT_PLAIN, openSegment, sealSegment, type ChangeRecord, type SyncIdentity } from '../../agents/sync/index.js';
import { recordsBytes, trailerBytes } from '../../agents/sync/segment-seal.js';
import { batches } from '../../agents/sync/sync-folder.js';
import { seededRandom } from '../../shared/random/index.js';

// The writer's trailer (its detectors, the memories edited by hand) rides in the padding after the records.
const A = 'a'.repeat(32);
const identity = (): SyncIdentity => ({ key: Buffer.alloc(32, 9), folderId: 'e'.repeat(32), device: A });
const put = (i: number, text: string): ChangeRecord => ({
  op: 'memory.put',
  id: `mem_${String(i).padStart(26, '0')}`,
  at: { t: 1_000 + i, c: 0, d: A },
  reason: 'edited',
  memory: { kind: 'semantic', title: `note ${i}`, text, details: '', fields: {}, app: null, occurred_at: null, ended_at: null, segment: null },
});

/** A segment sealed by hand, with `tail` as the bytes after the records (what a damaged or foreign writer might leave). */
function sealWithTail(records: ChangeRecord[], tail: Buffer): Buffer {
  const id = identity();
  const json = Buffer.from(JSON.stringify({ v: 1, records }));
  const plain = Buffer.alloc(1024);
  plain.writeUInt32BE(json.length, 0);
  json.copy(plain, 4);
  tail.copy(plain, 4 + json.length);
  const head = Buffer.alloc(29);
  head.write('ENGS', 0, 'ascii');
  head.writeUInt8(1, 4);
  Buffer.from(A, 'hex').copy(head, 5);
  head.writeBigUInt64BE(1n, 21);
  const nonce = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', Buffer.from(hkdfSync('sha256', id.key, Buffer.from(id.folderId, 'hex'), 'engram-sync-segment-v1', 32)), nonce);
  c.setAAD(head);
  const body = Buffer.concat([c.update(plain), c.final()]);
  return Buffer.concat([head, nonce, body, c.getAuthTag()]);
}

describe('a segment’s trailer', () => {
  it('comes back as written; a segment sealed without one has none (detectors 0)', () => {
    const trailer = { detectors: 3, by_hand: [(put(1, 'x') as { id: string }).id] };
    expect(openSegment(identity(), sealSegment(identity(), 1, [put(1, 'Locker 14')], trailer), 'x.egs').trailer).toEqual(trailer);
    expect(openSegment(identity(), sealSegment(identity(), 1, [put(1, 'Locker 14')]), 'x.egs').trailer).toBeNull();
  });

  it('one that does not parse, or claims more bytes than there are, is no trailer: the records still open', () => {
    const records = [put(2, 'Standup at 09:30')];
    const bad = (json: string) => {
      const b = Buffer.from(json);
      const t = Buffer.alloc(4 + b.length);
      t.writeUInt32BE(b.length, 0);
      b.copy(t, 4);
      return t;
    };
    for (const tail of [bad('{"detectors":"seven"}'), bad('not json'), bad('{"by_hand":[]}'), Buffer.from([0xff, 0xff, 0xff, 0xff])]) {
      const opened = openSegment(identity(), sealWithTail(records, tail), 'x.egs');
      expect(opened.records).toEqual(records);
      expect(opened.trailer).toBeNull();
    }
    // Keys a later Engram adds are passed over.
    expect(openSegment(identity(), sealWithTail(records, bad('{"detectors":2,"later":true}')), 'x.egs').trailer).toEqual({ detectors: 2 });
  });

  it('every batch seals under the size limit with its trailer, hand-edited ids and all', () => {
    const rnd = seededRandom(44);
    const records = Array.from({ length: 6_000 }, (_, i) => put(i, 'ä€x'.repeat(Math.floor(rnd() * (rnd() < 1 / 30 ? 10_000 : 30)))));
    const hand = new Set(records.filter(() => rnd() < 0.5).map((r) => (r as { id: string }).id));
    const note = { detectors: 1, byHand: (id: string) => hand.has(id) };
    const cut = batches(records, note);
    expect(cut.flat()).toEqual(records);
    expect(cut.length).toBeGreaterThan(5);
    for (const batch of cut) {
      const byHand = batch.map((r) => (r as { id: string }).id).filter((id) => hand.has(id));
      expect(recordsBytes(batch) + trailerBytes({ detectors: 1, by_hand: byHand })).toBeLessThanOrEqual(MAX_SEGMENT_PLAIN);
      expect(() => sealSegment(identity(), 1, batch, { detectors: 1, by_hand: byHand })).not.toThrow();
    }
  });
});

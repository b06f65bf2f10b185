import { describe, expect, it } from 'vitest';
import { MAX_SEGMENT_PLAIN, type ChangeRecord } from '../../agents/sync/index.js';
import { recordsBytes } from '../../agents/sync/segment-seal.js';
import { batches } from '../../agents/sync/sync-folder.js';
import { seededRandom } from '../../shared/random/index.js';

const put = (i: number, text: string): ChangeRecord => ({
  op: 'memory.put',
  id: `m${i}`,
  at: { t: 1_000 + i, c: 0, d: 'a'.repeat(32) },
  reason: 'created',
  memory: { kind: 'semantic', title: `note ${i} «ü»`, text, details: '', fields: { name: `n${i}` }, app: null, occurred_at: null, ended_at: null, segment: null },
});

describe('a batch of records cut into segments', () => {
  it('fills each segment as far as it holds, by the exact sealed size (running sum = measuring the whole batch)', () => {
    const rnd = seededRandom(33);
    // Mostly short texts (hundreds of records a segment, where a byte lost per record adds up), one in
    // 30 of up to 60,000 bytes, multi-byte: ~12 segments' worth.
    const records = Array.from({ length: 8_000 }, (_, i) => put(i, 'ä€x'.repeat(Math.floor(rnd() * (rnd() < 1 / 30 ? 10_000 : 30)))));
    const cut = batches(records);
    const flat = cut.flat();
    expect(flat.length === records.length && flat.every((r, i) => r === records[i])).toBe(true);
    expect(cut.length).toBeGreaterThan(10);
    for (let k = 0; k < cut.length; k++) {
      expect(recordsBytes(cut[k]!)).toBeLessThanOrEqual(MAX_SEGMENT_PLAIN);
      // Maximal: the next record would not have fitted.
      if (k + 1 < cut.length) expect(recordsBytes([...cut[k]!, cut[k + 1]![0]!])).toBeGreaterThan(MAX_SEGMENT_PLAIN);
    }
  });
});

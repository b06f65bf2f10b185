import { describe, expect, it } from 'vitest';
import { BinaryCodes } from '../../agents/store/binary-codes.js';
import { prng } from '../fixtures/prng.js';

const DIM = 64;

describe('BinaryCodes snapshot and restore (the copy a vector thread keeps)', () => {
  const next = prng(5);
  const code = () => BinaryCodes.encode(Float32Array.from({ length: DIM }, () => next() - 0.5));

  it('makes a copy that picks the same candidates, and stays slot for slot the same through the same changes', () => {
    const a = new BinaryCodes(DIM, { wasm: false });
    for (let seq = 1; seq <= 3000; seq++) a.set(seq, code());
    // Free slots, reused in the order they were freed: a copy that numbered slots afresh would tie-break otherwise.
    for (const seq of [17, 2999, 400, 401, 1]) a.delete(seq);
    const b = new BinaryCodes(DIM, { wasm: false });
    b.restore(a.snapshot());
    expect(b.size).toBe(a.size);
    for (let t = 0; t < 20; t++) {
      const q = code();
      expect(b.nearest(q, 50)).toEqual(a.nearest(q, 50));
    }
    for (const c of [a, b]) {
      c.set(5001, Uint32Array.of(1, 2));
      c.set(5002, Uint32Array.of(3, 4));
      c.delete(20);
      c.set(5003, Uint32Array.of(5, 6));
    }
    expect(b.snapshot()).toEqual(a.snapshot());
    expect(b.has(17)).toBe(false);
    expect(b.has(5003)).toBe(true);
  });

  it('restores over codes it held before, and grows to hold more than it had room for', () => {
    const a = new BinaryCodes(DIM);
    for (let seq = 1; seq <= 5000; seq++) a.set(seq, code());
    const b = new BinaryCodes(DIM);
    b.set(99_999, code());
    b.restore(a.snapshot());
    expect(b.has(99_999)).toBe(false);
    const q = code();
    expect(b.nearest(q, 40)).toEqual(a.nearest(q, 40));
  });
});

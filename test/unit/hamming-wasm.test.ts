import { describe, expect, it } from 'vitest';
import { createHammingScanner } from '../../agents/store/hamming-wasm.js';

/** Bits set in a ^ b, counted one by one. */
function popXor(a: Uint32Array, b: Uint32Array): number {
  let n = 0;
  for (let i = 0; i < a.length; i++) for (let x = (a[i]! ^ b[i]!) >>> 0; x; x >>>= 1) n += x & 1;
  return n;
}

describe('hamming-wasm', () => {
  // 4 chunks (512 bits) take the straight-line function; the others the general loop.
  for (const chunks of [1, 3, 4, 5, 8]) {
    it(`gives every code's exact distance to the query (${chunks} x 128 bits)`, () => {
      const scanner = createHammingScanner();
      expect(scanner).not.toBeNull();
      const words = chunks * 4;
      const n = 257;
      const codesBytes = n * words * 4;
      const need = codesBytes + words * 4 + n * 2;
      const have = scanner!.memory.buffer.byteLength;
      if (need > have) scanner!.memory.grow(Math.ceil((need - have) / 65536));
      let seed = 7 + chunks;
      const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0);
      const buf = scanner!.memory.buffer;
      const codes = new Uint32Array(buf, 0, n * words);
      const q = new Uint32Array(buf, codesBytes, words);
      for (let j = 0; j < words; j++) q[j] = next();
      for (let i = 0; i < n; i++) {
        for (let j = 0; j < words; j++) codes[i * words + j] = next();
        // Extremes: equal to the query, its complement, one bit off in the last word.
        if (i === 0) codes.set(q, 0);
        if (i === 1) for (let j = 0; j < words; j++) codes[words + j] = ~q[j]! >>> 0;
        if (i === 2) for (let j = 0; j < words; j++) codes[2 * words + j] = j === words - 1 ? (q[j]! ^ 0x80000000) >>> 0 : q[j]!;
      }
      const outPtr = codesBytes + words * 4;
      scanner!.hamming(0, codesBytes, n, chunks, outPtr);
      const got = [...new Uint16Array(buf, outPtr, n)];
      const want = Array.from({ length: n }, (_, i) => popXor(codes.subarray(i * words, (i + 1) * words), q));
      expect(got).toEqual(want);
      expect(got.slice(0, 3)).toEqual([0, chunks * 128, 1]);
    });
  }

  it('lists the distances at most a bound, in order, and gives up past its maximum', () => {
    const scanner = createHammingScanner()!;
    // 8 at a time, then the tail: n is not a multiple of 8.
    const n = 1003;
    const dist = new Uint16Array(scanner.memory.buffer, 0, n);
    let seed = 3;
    for (let i = 0; i < n; i++) dist[i] = (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % 300;
    // Lanes of one group of 8 all in, none in, the first and last only; the last distance in.
    dist.set([5, 5, 5, 5, 5, 5, 5, 5], 16);
    dist.set([299, 299, 299, 299, 299, 299, 299, 299], 24);
    dist.set([0, 299, 299, 299, 299, 299, 299, 0], 32);
    dist[n - 1] = 20;
    const outPtr = 4096;
    const want = [...dist].flatMap((d, i) => (d <= 20 ? [i] : []));
    const count = scanner.within(0, n, 20, outPtr, 10_000);
    expect([...new Int32Array(scanner.memory.buffer, outPtr, count)]).toEqual(want);
    expect(want).toEqual(expect.arrayContaining([16, 23, 32, 39, n - 1]));
    expect(scanner.within(0, n, 20, outPtr, want.length)).toBe(want.length);
    expect(scanner.within(0, n, 20, outPtr, want.length - 1)).toBe(-1);
    expect(scanner.within(0, n, 65535, outPtr, n)).toBe(n);
  });
});

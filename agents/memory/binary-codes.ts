/**
 * One-bit codes of embeddings (the sign of each dimension), kept in memory for a fast first pass
 * of vector search: the Hamming distance between codes tracks the angle between vectors, and 64
 * bytes per memory (6.4 MB for 100k) scan in a few milliseconds. The candidates it returns are then
 * rescored exactly by the caller, so a code only has to be close, never right.
 */
export class BinaryCodes {
  readonly words: number;
  private codes: Uint32Array;
  private seqs: Float64Array;
  private readonly slotOf = new Map<number, number>();
  private readonly free: number[] = [];
  private used = 0;
  private dist = new Uint16Array(0);

  constructor(readonly dimensions: number) {
    this.words = Math.ceil(dimensions / 32);
    this.codes = new Uint32Array(1024 * this.words);
    this.seqs = new Float64Array(1024);
  }

  static encode(v: ArrayLike<number>): Uint32Array {
    const out = new Uint32Array(Math.ceil(v.length / 32));
    for (let i = 0; i < v.length; i++) if (v[i]! > 0) out[i >>> 5]! |= 1 << (i & 31);
    return out;
  }

  get size(): number {
    return this.slotOf.size;
  }

  has(seq: number): boolean {
    return this.slotOf.has(seq);
  }

  set(seq: number, code: Uint32Array): void {
    let slot = this.slotOf.get(seq);
    if (slot === undefined) {
      slot = this.free.pop() ?? this.used++;
      if (slot >= this.seqs.length) this.grow();
      this.slotOf.set(seq, slot);
      this.seqs[slot] = seq;
    }
    this.codes.set(code.subarray(0, this.words), slot * this.words);
  }

  delete(seq: number): void {
    const slot = this.slotOf.get(seq);
    if (slot === undefined) return;
    this.slotOf.delete(seq);
    this.seqs[slot] = 0;
    this.free.push(slot);
  }

  clear(): void {
    this.slotOf.clear();
    this.free.length = 0;
    this.used = 0;
  }

  private grow(): void {
    const cap = this.seqs.length * 2;
    const codes = new Uint32Array(cap * this.words);
    codes.set(this.codes);
    const seqs = new Float64Array(cap);
    seqs.set(this.seqs);
    this.codes = codes;
    this.seqs = seqs;
  }

  /** Hamming distance of the code in a slot to q (q padded to an even number of words). */
  private distance(slot: number, q: Uint32Array): number {
    const c = this.codes;
    const W = this.words;
    const o = slot * W;
    let total = 0;
    let acc = 0;
    let pairs = 0;
    for (let j = 0; j < W; j += 2) {
      // SWAR popcount of two words at once, summed per byte before the horizontal add (~40%
      // faster than one word at a time); a byte holds at most 16 per pair, so flush every 15 pairs.
      let x = (c[o + j]! ^ q[j]!) >>> 0;
      let y = j + 1 < W ? (c[o + j + 1]! ^ q[j + 1]!) >>> 0 : 0;
      x -= (x >>> 1) & 0x55555555;
      x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
      y -= (y >>> 1) & 0x55555555;
      y = (y & 0x33333333) + ((y >>> 2) & 0x33333333);
      acc += ((x + (x >>> 4)) & 0x0f0f0f0f) + ((y + (y >>> 4)) & 0x0f0f0f0f);
      if (++pairs === 15) {
        const t = (acc & 0x00ff00ff) + ((acc >>> 8) & 0x00ff00ff);
        total += (t & 0xffff) + (t >>> 16);
        acc = 0;
        pairs = 0;
      }
    }
    const t = (acc & 0x00ff00ff) + ((acc >>> 8) & 0x00ff00ff);
    return total + (t & 0xffff) + (t >>> 16);
  }

  /** The m codes nearest to q (ties broken by slot), optionally only among the given seqs. Unordered: the caller rescores them. */
  nearest(q: Uint32Array, m: number, among?: readonly number[]): number[] {
    const slots: number[] | null = among ? among.map((s) => this.slotOf.get(s)).filter((s): s is number => s !== undefined) : null;
    const n = slots ? slots.length : this.used;
    if (this.dist.length < n) this.dist = new Uint16Array(Math.max(n, this.dist.length * 2));
    const dist = this.dist;
    const none = this.dimensions + 1;
    const hist = new Uint32Array(this.dimensions + 2);
    if (slots) {
      for (let i = 0; i < n; i++) hist[(dist[i] = this.distance(slots[i]!, q))]!++;
    } else {
      // The same as distance(), inlined: this loop is the whole cost of a vector search.
      const seqs = this.seqs;
      const c = this.codes;
      const W = this.words;
      const even = W - (W % 2);
      for (let i = 0, o = 0; i < n; i++, o += W) {
        if (seqs[i] === 0) {
          dist[i] = none; // a free slot is never a candidate
          hist[none]!++;
          continue;
        }
        let total = 0;
        let acc = 0;
        let pairs = 0;
        for (let j = 0; j < even; j += 2) {
          let x = (c[o + j]! ^ q[j]!) >>> 0;
          let y = (c[o + j + 1]! ^ q[j + 1]!) >>> 0;
          x -= (x >>> 1) & 0x55555555;
          x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
          y -= (y >>> 1) & 0x55555555;
          y = (y & 0x33333333) + ((y >>> 2) & 0x33333333);
          acc += ((x + (x >>> 4)) & 0x0f0f0f0f) + ((y + (y >>> 4)) & 0x0f0f0f0f);
          if (++pairs === 15) {
            const t = (acc & 0x00ff00ff) + ((acc >>> 8) & 0x00ff00ff);
            total += (t & 0xffff) + (t >>> 16);
            acc = 0;
            pairs = 0;
          }
        }
        if (even < W) {
          let x = (c[o + even]! ^ q[even]!) >>> 0;
          x -= (x >>> 1) & 0x55555555;
          x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
          acc += (x + (x >>> 4)) & 0x0f0f0f0f;
        }
        const t = (acc & 0x00ff00ff) + ((acc >>> 8) & 0x00ff00ff);
        const d = total + (t & 0xffff) + (t >>> 16);
        dist[i] = d;
        hist[d]!++;
      }
    }
    // The cut-off distance that admits m codes, from the histogram (no sort over n).
    let cut = 0;
    let acc = 0;
    while (cut <= this.dimensions && acc + hist[cut]! < m) acc += hist[cut++]!;
    const out: number[] = [];
    const seqAt = (i: number) => this.seqs[slots ? slots[i]! : i]!;
    for (let i = 0; i < n; i++) if (dist[i]! < cut) out.push(seqAt(i));
    for (let i = 0; i < n && out.length < m; i++) if (dist[i] === cut && cut <= this.dimensions) out.push(seqAt(i));
    return out;
  }
}

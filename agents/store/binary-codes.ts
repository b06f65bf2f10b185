import { createHammingScanner, type HammingScanner } from './hamming-wasm.js';

/** Every slot as it is (codes, seqs, free slots in their order): a copy that restore() makes identical, ties by slot and all. */
export interface CodesSnapshot {
  used: number;
  codes: Uint32Array;
  seqs: Float64Array;
  free: number[];
}

/** Distances sampled (about this many) to bound the cut before the one pass that picks (nearestSampled). */
const SAMPLE = 4096;
/** Slots within the sampled bound the WebAssembly pass may list (after the distances in its memory); past it, the JavaScript pass. */
const WITHIN_MAX = 65_536;

/**
 * One-bit codes of embeddings (the sign of each dimension), kept in memory for a fast first pass
 * of vector search: the Hamming distance between codes tracks the angle between vectors, and 64
 * bytes per memory (6.4 MB for 100k) scan in about half a millisecond with WebAssembly SIMD (5 ms
 * in JavaScript, the fallback). The candidates it returns are then rescored exactly by the caller,
 * so a code only has to be close, never right.
 */
export class BinaryCodes {
  /** 32-bit words of a code. */
  readonly words: number;
  /** Words per stored code: padded to 16 bytes for the SIMD loop (padding is zero in codes and query alike). */
  private readonly stride: number;
  private readonly scanner: HammingScanner | null;
  private cap = 0;
  private codes = new Uint32Array(0);
  private seqs = new Float64Array(0);
  private readonly slotOf = new Map<number, number>();
  private readonly free: number[] = [];
  private used = 0;
  private dist = new Uint16Array(0);

  constructor(
    readonly dimensions: number,
    opts: { wasm?: boolean } = {},
  ) {
    this.words = Math.ceil(dimensions / 32);
    this.stride = Math.ceil(this.words / 4) * 4;
    this.scanner = opts.wasm === false ? null : createHammingScanner();
    this.resize(1024);
  }

  static encode(v: ArrayLike<number>): Uint32Array {
    const out = new Uint32Array(Math.ceil(v.length / 32));
    for (let i = 0; i < v.length; i++) if (v[i]! > 0) out[i >>> 5]! |= 1 << (i & 31);
    return out;
  }

  get size(): number {
    return this.slotOf.size;
  }

  /** Whether the WebAssembly scanner is in use (else the JavaScript loop). */
  get simd(): boolean {
    return this.scanner !== null;
  }

  has(seq: number): boolean {
    return this.slotOf.has(seq);
  }

  /** The seq's slot (stable until the seq is deleted), or undefined when it has no code. */
  slot(seq: number): number | undefined {
    return this.slotOf.get(seq);
  }

  /** Codes live at offset 0 of the scanner's memory, then the query, then the distances. */
  private resize(cap: number): void {
    const codeBytes = cap * this.stride * 4;
    if (this.scanner) {
      const need = codeBytes + this.stride * 4 + cap * 2 + WITHIN_MAX * 4;
      const have = this.scanner.memory.buffer.byteLength;
      if (need > have) this.scanner.memory.grow(Math.ceil((need - have) / 65536));
      // grow() keeps the bytes but detaches every view: take a new one.
      this.codes = new Uint32Array(this.scanner.memory.buffer, 0, cap * this.stride);
    } else {
      const codes = new Uint32Array(cap * this.stride);
      codes.set(this.codes);
      this.codes = codes;
    }
    const seqs = new Float64Array(cap);
    seqs.set(this.seqs);
    this.seqs = seqs;
    this.cap = cap;
  }

  set(seq: number, code: Uint32Array): void {
    let slot = this.slotOf.get(seq);
    if (slot === undefined) {
      slot = this.free.pop() ?? this.used++;
      if (slot >= this.cap) this.resize(this.cap * 2);
      this.slotOf.set(seq, slot);
      this.seqs[slot] = seq;
    }
    this.codes.set(code.subarray(0, this.words), slot * this.stride);
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
    this.seqs.fill(0);
  }

  /** A copy of every slot (see CodesSnapshot). */
  snapshot(): CodesSnapshot {
    return { used: this.used, codes: this.codes.slice(0, this.used * this.stride), seqs: this.seqs.slice(0, this.used), free: [...this.free] };
  }

  /**
   * Becomes the copy a snapshot() took, slot for slot: the same slots picked in the same order for
   * any query, so a copy in a worker thread finds exactly what the original would.
   */
  restore(s: CodesSnapshot): void {
    this.clear();
    let cap = this.cap;
    while (cap < s.used) cap *= 2;
    if (cap > this.cap) this.resize(cap);
    this.codes.set(s.codes.subarray(0, s.used * this.stride));
    this.seqs.set(s.seqs.subarray(0, s.used));
    this.used = s.used;
    this.free.push(...s.free);
    const free = new Set(s.free);
    for (let slot = 0; slot < s.used; slot++) if (!free.has(slot)) this.slotOf.set(this.seqs[slot]!, slot);
  }

  /** Hamming distance of the code in a slot to q (JavaScript; the path for subsets and the fallback). */
  private distance(slot: number, q: Uint32Array): number {
    const c = this.codes;
    const o = slot * this.stride;
    let total = 0;
    let acc = 0;
    let pairs = 0;
    for (let j = 0; j < this.words; j += 2) {
      // SWAR popcount of two words at once, summed per byte before the horizontal add; a byte
      // holds at most 16 per pair, so flush every 15 pairs.
      let x = (c[o + j]! ^ q[j]!) >>> 0;
      let y = j + 1 < this.words ? (c[o + j + 1]! ^ q[j + 1]!) >>> 0 : 0;
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

  /** Distances of every slot in use (free slots included; the caller skips them). */
  private scanAll(q: Uint32Array): Uint16Array {
    const n = this.used;
    if (this.scanner) {
      const qPtr = this.cap * this.stride * 4;
      const outPtr = qPtr + this.stride * 4;
      const buf = this.scanner.memory.buffer;
      const qv = new Uint32Array(buf, qPtr, this.stride);
      qv.fill(0);
      qv.set(q.subarray(0, this.words));
      this.scanner.hamming(0, qPtr, n, this.stride / 4, outPtr);
      return new Uint16Array(buf, outPtr, n);
    }
    if (this.dist.length < n) this.dist = new Uint16Array(Math.max(n, this.dist.length * 2));
    for (let i = 0; i < n; i++) this.dist[i] = this.distance(i, q);
    return this.dist;
  }

  /**
   * The slots below the cut-off distance that admits m codes, then as many at the cut as still fit
   * (ties by slot): a histogram over every distance for the cut, then a pass that picks.
   */
  private nearestFull(dist: Uint16Array, n: number, m: number): { below: number[]; at: number[] } {
    const hist = new Uint32Array(this.dimensions + 2);
    for (let i = 0; i < n; i++) hist[dist[i]!]!++;
    return this.pick(hist, dist, n, m, null);
  }

  /**
   * The same slots in one pass over the distances instead of two: a sample of every `step`th
   * distance bounds the cut from above (a guess at twice m, plus slack), the pass keeps every slot
   * within that bound with its histogram, and the cut and picks come from those alone. Exact: when
   * fewer than m slots fall within the bound (the sample misled), null, and the caller does the two
   * passes. At 1M codes the histogram pass over 2 MB of distances was about a third of nearest()'s
   * JavaScript.
   */
  private nearestSampled(dist: Uint16Array, n: number, m: number): { below: number[]; at: number[] } | null {
    const step = Math.floor(n / SAMPLE);
    if (step < 4 || m * 8 > n) return null;
    const sample = new Uint32Array(this.dimensions + 2);
    for (let i = 0; i < n; i += step) sample[dist[i]!]!++;
    const want = Math.ceil((2 * m) / step) + 8;
    let bound = 0;
    for (let seen = 0; bound <= this.dimensions; bound++) if ((seen += sample[bound]!) >= want) break;
    const hist = new Uint32Array(this.dimensions + 2);
    let near = this.withinWasm(dist, n, bound);
    if (near) for (const i of near) hist[dist[i]!]!++;
    else {
      near = [];
      for (let i = 0; i < n; i++) {
        const d = dist[i]!;
        if (d <= bound) {
          near.push(i);
          hist[d]!++;
        }
      }
    }
    return near.length >= m ? this.pick(hist, dist, near.length, m, near) : null;
  }

  /**
   * The slots (ascending) whose distance is at most `bound`, listed by the scanner when `dist` is its
   * own output (scanAll's); null otherwise, or when they are more than WITHIN_MAX. At 1M codes the
   * JavaScript pass over the distances was ~1.3 ms of a search's pick.
   */
  private withinWasm(dist: Uint16Array, n: number, bound: number): number[] | null {
    const s = this.scanner;
    if (!s || dist.buffer !== s.memory.buffer) return null;
    const outPtr = dist.byteOffset + this.cap * 2;
    const count = s.within(dist.byteOffset, n, bound, outPtr, WITHIN_MAX);
    return count < 0 ? null : Array.from(new Int32Array(s.memory.buffer, outPtr, count));
  }

  /** The cut from `hist`, then the picks among `slots` (in slot order; null: every slot below n). */
  private pick(hist: Uint32Array, dist: Uint16Array, n: number, m: number, slots: number[] | null): { below: number[]; at: number[] } {
    let cut = 0;
    let acc = 0;
    while (cut <= this.dimensions && acc + hist[cut]! < m) acc += hist[cut++]!;
    const below: number[] = [];
    const at: number[] = [];
    let room = cut <= this.dimensions ? m - acc : 0;
    for (let j = 0; j < n; j++) {
      const i = slots ? slots[j]! : j;
      const d = dist[i]!;
      if (d < cut) below.push(i);
      else if (d === cut && room > 0) {
        at.push(i);
        room--;
      }
    }
    return { below, at };
  }

  /** The m codes nearest to q (ties broken by slot), optionally only among the given seqs. Unordered: the caller rescores them. */
  nearest(q: Uint32Array, m: number, among?: readonly number[]): number[] {
    const none = this.dimensions + 1;
    let n: number;
    let dist: Uint16Array;
    let seqAt: (i: number) => number;
    if (among) {
      const slots = among.map((s) => this.slotOf.get(s)).filter((s): s is number => s !== undefined);
      n = slots.length;
      if (this.dist.length < n) this.dist = new Uint16Array(Math.max(n, this.dist.length * 2));
      dist = this.dist;
      for (let i = 0; i < n; i++) dist[i] = this.distance(slots[i]!, q);
      seqAt = (i) => this.seqs[slots[i]!]!;
    } else {
      n = this.used;
      dist = this.scanAll(q);
      // A free slot is never a candidate (a slot is free only after a delete: most stores have none).
      if (this.free.length) for (let i = 0; i < n; i++) if (this.seqs[i] === 0) dist[i] = none;
      seqAt = (i) => this.seqs[i]!;
    }
    const { below, at } = this.nearestSampled(dist, n, m) ?? this.nearestFull(dist, n, m);
    const out = new Array<number>(below.length + at.length);
    for (let j = 0; j < below.length; j++) out[j] = seqAt(below[j]!);
    for (let j = 0; j < at.length; j++) out[below.length + j] = seqAt(at[j]!);
    return out;
  }
}

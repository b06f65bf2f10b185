/**
 * An index's int8 vectors held in memory by slot (the slots of its codes, BinaryCodes), so that
 * rescoring reads an array instead of asking SQLite for each candidate's row: at 100,000 memories
 * the vector thread's 600 rows a search cost ~1.6 ms of CPU in SQLite (seek, json_each, copying),
 * beside ~0.5 ms for the cosines themselves. It takes no more memory than the page cache that held
 * the same vectors decrypted before (512 bytes a vector, against ~600 with the page's own share).
 *
 * A slot's vector is kept only until its code changes or goes (drop): the index sends every such
 * change to its thread, so a vector held is always the one stored for the slot's row. A slot not
 * held (never read, dropped, past the budget) is read from the database and kept then.
 */
export class HeldVectors {
  private data = new Int8Array(0);
  private held = new Uint8Array(0);
  private count = 0;

  constructor(
    private readonly dimensions: number,
    /** The most bytes of vectors held; slots past it are read from the database every time. */
    private readonly maxBytes: number,
  ) {}

  /** How many vectors are held. */
  get size(): number {
    return this.count;
  }

  /** Makes room for `slots` slots (a load: the codes' slots in use, with an eighth to spare). */
  reserve(slots: number): void {
    const fit = Math.floor(this.maxBytes / this.dimensions);
    const want = Math.min(fit, slots);
    if (want <= this.held.length) return;
    const data = new Int8Array(want * this.dimensions);
    data.set(this.data);
    const held = new Uint8Array(want);
    held.set(this.held);
    this.data = data;
    this.held = held;
  }

  /** Where the slot's vector starts in `array`, or -1 when it is not held. */
  at(slot: number): number {
    return slot < this.held.length && this.held[slot] ? slot * this.dimensions : -1;
  }

  get array(): Int8Array {
    return this.data;
  }

  /** Holds the vector `src[at, at + dimensions)` for the slot; false when the slot is past the budget. */
  keep(slot: number, src: Int8Array, at: number): boolean {
    if (slot >= this.held.length) this.reserve(Math.max(slot + 1, Math.ceil(this.held.length * 1.25)));
    if (slot >= this.held.length) return false;
    this.data.set(src.subarray(at, at + this.dimensions), slot * this.dimensions);
    if (!this.held[slot]) this.count++;
    this.held[slot] = 1;
    return true;
  }

  /** Forgets the slot's vector: its row's vector changed or went. */
  drop(slot: number): void {
    if (slot < this.held.length && this.held[slot]) {
      this.held[slot] = 0;
      this.count--;
    }
  }

  clear(): void {
    this.held.fill(0);
    this.count = 0;
  }
}

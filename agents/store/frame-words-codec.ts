import { deflateRawSync, inflateRawSync } from 'node:zlib';

/**
 * The packed form of a frame's word boxes (issue 34: storage). A JSON row per frame cost about
 * 5.9 KB a frame, a third of what capture stored. Packed: a format byte, then every word's numbers as
 * varints (x0 and y0 as the change from the word before, so a line of words costs a byte or two
 * each; width, height and confidence as they are), then the texts, NUL-separated, all deflated.
 * Words carry [text, x0, y0, x1, y1, confidence], integers, as FrameWordsRepo stores them.
 */
export type PackedWord = [text: string, x0: number, y0: number, x1: number, y1: number, confidence: number];

/** Format 1 never changes (migration 017 writes it with packWords): a new form takes a new format byte. */
const FORMAT = 1;
/** A packed row never inflates beyond this (a damaged or hostile row reads as no words, not as a memory blow-up). */
const MAX_INFLATED = 4 * 1024 * 1024;

class Writer {
  private buf = Buffer.alloc(1024);
  length = 0;
  byte(b: number): void {
    if (this.length === this.buf.length) {
      const next = Buffer.alloc(this.buf.length * 2);
      this.buf.copy(next);
      this.buf = next;
    }
    this.buf[this.length++] = b;
  }
  /** Unsigned varint (7 bits a byte), for non-negative integers below 2^53. */
  uint(n: number): void {
    let v = n;
    while (v >= 0x80) {
      this.byte((v % 0x80) | 0x80);
      v = Math.floor(v / 0x80);
    }
    this.byte(v);
  }
  /** Zigzag: small negative and positive numbers both take few bytes. */
  int(n: number): void {
    this.uint(n < 0 ? -2 * n - 1 : 2 * n);
  }
  bytes(): Buffer {
    return this.buf.subarray(0, this.length);
  }
}

class Reader {
  at = 0;
  constructor(private readonly buf: Buffer) {}
  uint(): number {
    let v = 0;
    let scale = 1;
    for (;;) {
      if (this.at >= this.buf.length || scale > 2 ** 49) throw new RangeError('truncated number');
      const b = this.buf[this.at++]!;
      v += (b & 0x7f) * scale;
      if (b < 0x80) return v;
      scale *= 0x80;
    }
  }
  int(): number {
    const u = this.uint();
    return u % 2 === 1 ? -(u + 1) / 2 : u / 2;
  }
}

/** Packs words (integers, texts without NUL) into one deflated blob. */
export function packWords(words: readonly PackedWord[]): Buffer {
  const w = new Writer();
  w.byte(FORMAT);
  w.uint(words.length);
  let px = 0;
  let py = 0;
  for (const [, x0, y0, x1, y1, conf] of words) {
    w.int(x0 - px);
    w.int(y0 - py);
    w.int(x1 - x0);
    w.int(y1 - y0);
    w.int(conf);
    px = x0;
    py = y0;
  }
  const numbers = w.bytes();
  const texts = Buffer.from(words.map((x) => x[0].replace(/\0/g, '')).join('\0'), 'utf8');
  return deflateRawSync(Buffer.concat([numbers, texts]), { level: 9 });
}

/** The words of a packed blob, or null when it does not read (damaged, truncated, another format). */
export function unpackWords(blob: Buffer): PackedWord[] | null {
  let raw: Buffer;
  try {
    raw = inflateRawSync(blob, { maxOutputLength: MAX_INFLATED });
  } catch {
    return null;
  }
  if (raw[0] !== FORMAT) return null;
  try {
    const r = new Reader(raw);
    r.at = 1;
    const n = r.uint();
    if (n > raw.length) return null;
    const boxes: number[][] = [];
    let px = 0;
    let py = 0;
    for (let i = 0; i < n; i++) {
      const x0 = px + r.int();
      const y0 = py + r.int();
      boxes.push([x0, y0, x0 + r.int(), y0 + r.int(), r.int()]);
      px = x0;
      py = y0;
    }
    const texts = n ? raw.subarray(r.at).toString('utf8').split('\0') : [];
    if (texts.length !== n) return null;
    return boxes.map(([x0, y0, x1, y1, conf], i) => [texts[i]!, x0!, y0!, x1!, y1!, conf!]);
  } catch {
    return null;
  }
}

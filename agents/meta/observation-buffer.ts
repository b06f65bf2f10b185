import type { ObservationRecord } from '../store/index.js';
import type { FlushReason } from '../subagent-kit/index.js';

export interface BufferOptions {
  flushSize: number;
  idleGapMs: number;
  segmentCollapseMs: number;
}

export interface FlushItem {
  observations: ObservationRecord[];
  segment: string;
  reason: FlushReason;
}

export interface SegmentEnd {
  segment: string;
  start: number;
  end: number;
}

export interface BufferResult {
  flushes: FlushItem[];
  ended: SegmentEnd[];
}

export function segmentId(at: number): string {
  return `seg-${new Date(at).toISOString()}`;
}

/**
 * The meta-agent's flush rules, kept pure so they can be tested with plain numbers: flush on
 * `flushSize` observations, on an app switch, after an idle gap; end the segment after a long gap.
 */
export class ObservationBuffer {
  private buf: ObservationRecord[] = [];
  private seg: { id: string; start: number; last: number } | null = null;
  /** Wall-clock time of the last add: a replay of old observations is not "idle". */
  private lastAddWall = 0;

  constructor(private opts: BufferOptions) {}

  /** New rules (a settings change) apply from the next observation; nothing buffered is lost. */
  setOptions(opts: BufferOptions): void {
    this.opts = opts;
  }

  get size(): number {
    return this.buf.length;
  }

  get segment(): string | null {
    return this.seg?.id ?? null;
  }

  add(o: ObservationRecord, wallNow = Date.now()): BufferResult {
    const out: BufferResult = { flushes: [], ended: [] };
    this.lastAddWall = wallNow;
    const at = o.observed_at;
    if (this.seg) {
      const gap = at - this.seg.last;
      // A long gap, or time running backwards (a re-ingested stream), starts a new segment.
      if (gap >= this.opts.segmentCollapseMs || at < this.seg.start) {
        this.flushInto(out, 'segment_end');
        out.ended.push({ segment: this.seg.id, start: this.seg.start, end: this.seg.last });
        this.seg = null;
      } else if (this.buf.length) {
        const last = this.buf[this.buf.length - 1]!;
        // Audio runs alongside the screen: it never counts as switching apps.
        const lastScreen = [...this.buf].reverse().find((b) => b.kind !== 'audio');
        if (at - last.observed_at >= this.opts.idleGapMs) this.flushInto(out, 'idle');
        else if (o.kind !== 'audio' && lastScreen && (o.app ?? '') !== (lastScreen.app ?? '')) this.flushInto(out, 'app_switch');
      }
    }
    if (!this.seg) this.seg = { id: segmentId(at), start: at, last: at };
    this.seg.last = Math.max(this.seg.last, at);
    this.buf.push(o);
    if (this.buf.length >= this.opts.flushSize) this.flushInto(out, 'size');
    return out;
  }

  /** Timer check: idle gap reached (flush) or segment collapsed (flush and end it). */
  check(wallNow = Date.now()): BufferResult {
    const out: BufferResult = { flushes: [], ended: [] };
    if (!this.seg) return out;
    const quiet = wallNow - this.lastAddWall;
    const sinceLast = wallNow - this.seg.last;
    if (quiet >= this.opts.segmentCollapseMs && sinceLast >= this.opts.segmentCollapseMs) {
      this.flushInto(out, 'segment_end');
      out.ended.push({ segment: this.seg.id, start: this.seg.start, end: this.seg.last });
      this.seg = null;
      return out;
    }
    if (this.buf.length && quiet >= this.opts.idleGapMs && sinceLast >= this.opts.idleGapMs) this.flushInto(out, 'idle');
    return out;
  }

  /** Everything buffered, now (chat turn, stop, manual flush). */
  drain(reason: FlushReason): FlushItem | null {
    const out: BufferResult = { flushes: [], ended: [] };
    this.flushInto(out, reason);
    return out.flushes[0] ?? null;
  }

  private flushInto(out: BufferResult, reason: FlushReason): void {
    if (!this.buf.length || !this.seg) return;
    out.flushes.push({ observations: this.buf, segment: this.seg.id, reason });
    this.buf = [];
  }
}

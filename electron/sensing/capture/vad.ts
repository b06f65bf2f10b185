import type { PcmChunk } from '../sources/index.js';

export interface VadOptions {
  /** Analysis frame (ms). */
  frameMs?: number;
  /** Speech needs this many dB above the tracked noise floor... */
  marginDb?: number;
  /** ...and at least this absolute level (dBFS), so a dead-quiet line never counts as speech. */
  minDb?: number;
  /** Speech continues this long after the energy drops (word gaps). */
  hangoverMs?: number;
  /** Audio kept before speech starts, so first syllables are not clipped. */
  prerollMs?: number;
}

/**
 * Energy voice-activity detector: RMS per 30 ms frame against a noise floor that follows the
 * quietest recent frames. Good enough to keep silence from being stored or sent for transcription.
 */
export class EnergyVad {
  readonly frameMs: number;
  private noiseDb = -60;
  private hangLeft = 0;

  constructor(private readonly opts: VadOptions = {}) {
    this.frameMs = opts.frameMs ?? 30;
  }

  /** Classifies one frame of samples. */
  isSpeech(frame: Int16Array): boolean {
    const db = rmsDb(frame);
    // The floor drops at once to quieter frames and rises slowly, so speech does not raise it much.
    this.noiseDb = db < this.noiseDb ? db : this.noiseDb + Math.min(0.5, (db - this.noiseDb) * 0.02);
    const threshold = Math.max(this.opts.minDb ?? -45, this.noiseDb + (this.opts.marginDb ?? 10));
    if (db >= threshold) {
      this.hangLeft = Math.ceil((this.opts.hangoverMs ?? 400) / this.frameMs);
      return true;
    }
    if (this.hangLeft > 0) {
      this.hangLeft--;
      return true;
    }
    return false;
  }
}

export function rmsDb(frame: Int16Array): number {
  if (frame.length === 0) return -120;
  let sum = 0;
  for (let i = 0; i < frame.length; i++) sum += frame[i]! * frame[i]!;
  const rms = Math.sqrt(sum / frame.length) / 32768;
  return rms > 0 ? 20 * Math.log10(rms) : -120;
}

export interface SpeechChunk {
  samples: Int16Array;
  sampleRate: number;
  /** Wall-clock time of the first kept sample. */
  started_at: number;
  /** Wall-clock span from first to last kept sample (pauses inside included). */
  span_ms: number;
  /** Duration of the kept samples. */
  duration_ms: number;
}

export interface SegmenterOptions extends VadOptions {
  /** Target chunk length: a chunk is closed once it holds this much speech. */
  chunkMs?: number;
  /** A chunk is also closed after this much silence, so a short remark is not held back for long. */
  flushAfterSilenceMs?: number;
  /** Chunks with less speech than this are dropped (clicks, a cough). */
  minSpeechMs?: number;
}

/**
 * Cuts a PCM stream into speech chunks of about chunkMs, leaving silence out. Feed chunks with
 * push(); completed speech chunks come back; end() returns what is left.
 */
export class SpeechSegmenter {
  private readonly vad: EnergyVad;
  private readonly frameLen: number;
  private pending: Int16Array = new Int16Array(0);
  private pendingAt = 0;
  private parts: Int16Array[] = [];
  private partsLen = 0;
  private chunkStart: number | null = null;
  private lastSpeechAt = 0;
  private silenceMs = 0;
  private preroll: { frame: Int16Array; at: number }[] = [];
  private dropped = 0;

  constructor(
    private readonly sampleRate: number,
    private readonly opts: SegmenterOptions = {},
  ) {
    this.vad = new EnergyVad(opts);
    this.frameLen = Math.round((sampleRate * this.vad.frameMs) / 1000);
  }

  /** Frames classified as silence and not kept, in ms. */
  get silenceDroppedMs(): number {
    return Math.round((this.dropped * this.vad.frameMs));
  }

  push(chunk: PcmChunk): SpeechChunk[] {
    const out: SpeechChunk[] = [];
    let data = chunk.samples;
    let at = chunk.at;
    if (this.pending.length) {
      const merged = new Int16Array(this.pending.length + data.length);
      merged.set(this.pending);
      merged.set(data, this.pending.length);
      data = merged;
      at = this.pendingAt;
    }
    let off = 0;
    for (; off + this.frameLen <= data.length; off += this.frameLen) {
      const frame = data.subarray(off, off + this.frameLen);
      const frameAt = at + Math.round((off / this.sampleRate) * 1000);
      const done = this.frame(frame, frameAt);
      if (done) out.push(done);
    }
    this.pending = data.slice(off);
    this.pendingAt = at + Math.round((off / this.sampleRate) * 1000);
    return out;
  }

  end(): SpeechChunk | null {
    return this.flush();
  }

  private frame(frame: Int16Array, at: number): SpeechChunk | null {
    const ms = this.vad.frameMs;
    const prerollFrames = Math.ceil((this.opts.prerollMs ?? 200) / ms);
    if (this.vad.isSpeech(frame)) {
      if (this.chunkStart === null) this.chunkStart = this.preroll[0]?.at ?? at;
      for (const p of this.preroll) this.add(p.frame);
      this.preroll = [];
      this.add(frame);
      this.lastSpeechAt = at + ms;
      this.silenceMs = 0;
      if ((this.partsLen / this.sampleRate) * 1000 >= (this.opts.chunkMs ?? 30_000)) return this.flush();
      return null;
    }
    this.silenceMs += ms;
    this.preroll.push({ frame: frame.slice(), at });
    if (this.preroll.length > prerollFrames) {
      this.preroll.shift();
      this.dropped++;
    }
    if (this.partsLen > 0 && this.silenceMs >= (this.opts.flushAfterSilenceMs ?? 5_000)) return this.flush();
    return null;
  }

  private add(frame: Int16Array): void {
    this.parts.push(frame.slice());
    this.partsLen += frame.length;
  }

  private flush(): SpeechChunk | null {
    const start = this.chunkStart;
    const len = this.partsLen;
    const parts = this.parts;
    this.parts = [];
    this.partsLen = 0;
    this.chunkStart = null;
    if (start === null || len === 0) return null;
    const duration_ms = Math.round((len / this.sampleRate) * 1000);
    if (duration_ms < (this.opts.minSpeechMs ?? 300)) {
      this.dropped += parts.length;
      return null;
    }
    const samples = new Int16Array(len);
    let o = 0;
    for (const p of parts) {
      samples.set(p, o);
      o += p.length;
    }
    return { samples, sampleRate: this.sampleRate, started_at: start, span_ms: Math.max(duration_ms, this.lastSpeechAt - start), duration_ms };
  }
}

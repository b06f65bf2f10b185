import { createReadStream } from 'node:fs';
import { resample, WavStreamDecoder } from './wav.js';

/** Mono 16-bit samples with the wall-clock time of the first one. */
export interface PcmChunk {
  samples: Int16Array;
  sampleRate: number;
  at: number;
}

/**
 * The AudioSource seam. Implementations: WavStreamSource (a WAV file or stdin: CLI and tests) and
 * PushAudioSource (the desktop app pushes microphone PCM it receives from the renderer over IPC).
 */
export interface AudioSource {
  readonly name: string;
  chunks(signal?: AbortSignal): AsyncIterable<PcmChunk>;
}

/** Everything is resampled to this rate: what speech recognisers use, and half the bytes of 32 kHz. */
export const TARGET_RATE = 16_000;

export interface WavStreamSourceOptions {
  /** Wall-clock time of the first sample (default: when reading starts). */
  startAt?: number;
  name?: string;
}

/** Reads a WAV from a file path or any readable stream (stdin), in pieces. */
export class WavStreamSource implements AudioSource {
  readonly name: string;
  constructor(
    private readonly input: string | NodeJS.ReadableStream,
    private readonly opts: WavStreamSourceOptions = {},
  ) {
    this.name = opts.name ?? (typeof input === 'string' ? `file:${input}` : 'stdin');
  }

  async *chunks(signal?: AbortSignal): AsyncIterable<PcmChunk> {
    const stream = typeof this.input === 'string' ? createReadStream(this.input, { highWaterMark: 64 * 1024 }) : this.input;
    const decoder = new WavStreamDecoder();
    const start = this.opts.startAt ?? Date.now();
    let produced = 0;
    for await (const piece of stream as AsyncIterable<Buffer | string>) {
      if (signal?.aborted) break;
      const samples = decoder.push(typeof piece === 'string' ? Buffer.from(piece) : piece);
      const fmt = decoder.wavFormat;
      if (!fmt || samples.length === 0) continue;
      const out = resample(samples, fmt.sampleRate, TARGET_RATE);
      yield { samples: out, sampleRate: TARGET_RATE, at: start + Math.round((produced / TARGET_RATE) * 1000) };
      produced += out.length;
    }
  }
}

/**
 * Audio pushed in by a host: the desktop app's renderer records the microphone (getUserMedia +
 * an AudioWorklet giving PCM) and sends frames to the main process, which calls push().
 */
export class PushAudioSource implements AudioSource {
  readonly name = 'push';
  private queue: PcmChunk[] = [];
  private wake: (() => void) | null = null;
  private ended = false;
  /** Bounded: if nobody reads, old audio is dropped rather than growing without limit. */
  constructor(private readonly maxQueued = 600) {}

  push(samples: Int16Array, sampleRate: number, at = Date.now()): void {
    if (this.ended) return;
    this.queue.push({ samples: resample(samples, sampleRate, TARGET_RATE), sampleRate: TARGET_RATE, at });
    if (this.queue.length > this.maxQueued) this.queue.shift();
    this.wake?.();
  }

  end(): void {
    this.ended = true;
    this.wake?.();
  }

  async *chunks(signal?: AbortSignal): AsyncIterable<PcmChunk> {
    const onAbort = () => this.wake?.();
    signal?.addEventListener('abort', onAbort);
    try {
      while (!signal?.aborted) {
        const next = this.queue.shift();
        if (next) {
          yield next;
          continue;
        }
        if (this.ended) return;
        await new Promise<void>((resolve) => (this.wake = resolve));
        this.wake = null;
      }
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  }
}

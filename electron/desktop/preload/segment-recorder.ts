/**
 * Microphone recording for the hidden recorder window. MediaRecorder's timeslice chunks are not
 * decodable on their own (only the first carries the WebM header), so instead each segment is a
 * recorder of its own, stopped and restarted on the same stream: every segment is a complete file,
 * which the renderer decodes (Web Audio, resampled to 16 kHz) into the mono 16-bit PCM the audio
 * pipeline takes. Browser APIs are injected so this runs under Node in tests.
 */
export interface TrackLike {
  stop(): void;
  addEventListener?(type: 'ended', listener: () => void): void;
}
export interface MediaStreamLike {
  getTracks(): TrackLike[];
}
export interface BlobLike {
  readonly size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}
export interface MediaRecorderLike {
  readonly state: 'inactive' | 'recording' | 'paused';
  readonly mimeType: string;
  ondataavailable: ((event: { data: BlobLike }) => void) | null;
  onstop: (() => void) | null;
  onerror: ((event: unknown) => void) | null;
  start(): void;
  stop(): void;
}

/** One segment as PCM: little-endian signed 16-bit mono samples, as bytes (they cross IPC unchanged). */
export interface SegmentChunk {
  seq: number;
  started_at: number;
  duration_ms: number;
  sample_rate: number;
  pcm: Uint8Array;
}

export interface DecodedAudio {
  sampleRate: number;
  channels: Float32Array[];
}

export interface RecorderStateMessage {
  state: 'recording' | 'stopped' | 'error';
  message: string | null;
}

export interface SegmentRecorderEnv {
  getUserMedia(constraints: { audio: Record<string, unknown>; video: false }): Promise<MediaStreamLike>;
  createRecorder(stream: MediaStreamLike, mimeType: string | undefined): MediaRecorderLike;
  isTypeSupported(mimeType: string): boolean;
  /** Decodes one complete segment file (AudioContext.decodeAudioData). */
  decode(file: ArrayBuffer, mimeType: string): Promise<DecodedAudio>;
  now(): number;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  sendChunk(chunk: SegmentChunk): void;
  sendState(state: RecorderStateMessage): void;
}

/** Opus first: small and what Whisper-style transcribers decode everywhere. */
export const PREFERRED_MIME_TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/webm', 'audio/mp4'];

/** Averages the channels into one and converts to 16-bit little-endian PCM bytes. */
export function toMonoPcm16(channels: readonly Float32Array[]): Uint8Array {
  const length = channels.reduce((n, c) => Math.max(n, c.length), 0);
  const out = new Uint8Array(length * 2);
  const view = new DataView(out.buffer);
  for (let i = 0; i < length; i++) {
    let sum = 0;
    for (const c of channels) sum += c[i] ?? 0;
    const v = Math.max(-1, Math.min(1, channels.length ? sum / channels.length : 0));
    view.setInt16(i * 2, Math.round(v < 0 ? v * 0x8000 : v * 0x7fff), true);
  }
  return out;
}

function describeMediaError(err: unknown): string {
  const name = typeof err === 'object' && err !== null && 'name' in err ? String((err as { name: unknown }).name) : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'Microphone access was denied.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'No microphone was found.';
  if (name === 'NotReadableError') return 'The microphone is in use by another application or unavailable.';
  return 'The microphone could not be started.';
}

export class SegmentRecorder {
  private stream: MediaStreamLike | null = null;
  private recorder: MediaRecorderLike | null = null;
  private timer: unknown = null;
  private active = false;
  /** stop() was called with a segment in progress: 'stopped' is sent once that segment is. */
  private stopping = false;
  private seq = 0;
  private mime: string | undefined;

  constructor(private readonly env: SegmentRecorderEnv) {}

  get recording(): boolean {
    return this.active;
  }

  async start(options: { timeslice_ms: number; device_id: string | null }): Promise<void> {
    if (this.active) return;
    this.active = true;
    this.stopping = false;
    const audio: Record<string, unknown> = { echoCancellation: true, noiseSuppression: true, autoGainControl: true, channelCount: 1 };
    if (options.device_id) audio.deviceId = { exact: options.device_id };
    try {
      this.stream = await this.env.getUserMedia({ audio, video: false });
    } catch (err) {
      this.active = false;
      this.env.sendState({ state: 'error', message: describeMediaError(err) });
      return;
    }
    if (!this.active) {
      // stop() arrived while the permission prompt was open.
      this.release();
      return;
    }
    for (const track of this.stream.getTracks()) {
      track.addEventListener?.('ended', () => {
        if (!this.active) return;
        this.fail('The microphone was disconnected.');
      });
    }
    this.mime = PREFERRED_MIME_TYPES.find((m) => this.env.isTypeSupported(m));
    this.env.sendState({ state: 'recording', message: null });
    this.beginSegment(options.timeslice_ms);
  }

  /**
   * Stops recording. The segment in progress is still decoded and sent; 'stopped' follows it, so
   * the main process knows the last segment is in (and only then closes this window).
   */
  stop(): void {
    if (!this.active) return;
    this.active = false;
    this.env.clearTimer(this.timer);
    this.timer = null;
    if (this.recorder && this.recorder.state !== 'inactive') {
      this.stopping = true;
      this.recorder.stop();
    } else {
      this.release();
      this.env.sendState({ state: 'stopped', message: null });
    }
  }

  private beginSegment(timesliceMs: number): void {
    const stream = this.stream;
    if (!stream) return;
    let recorder: MediaRecorderLike;
    try {
      recorder = this.env.createRecorder(stream, this.mime);
    } catch {
      this.fail('This system cannot encode audio.');
      return;
    }
    this.recorder = recorder;
    const parts: BlobLike[] = [];
    const startedAt = this.env.now();
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) parts.push(event.data);
    };
    recorder.onerror = () => this.fail('Recording failed.');
    recorder.onstop = () => {
      const endedAt = this.env.now();
      const seq = this.seq++;
      const mime = recorder.mimeType || this.mime || 'audio/webm';
      const last = !this.active && this.stopping;
      if (last) this.stopping = false;
      void Promise.all(parts.map((p) => p.arrayBuffer()))
        .then(async (buffers) => {
          const total = buffers.reduce((n, b) => n + b.byteLength, 0);
          if (total === 0) return;
          const file = new Uint8Array(total);
          let offset = 0;
          for (const b of buffers) {
            file.set(new Uint8Array(b), offset);
            offset += b.byteLength;
          }
          const decoded = await this.env.decode(file.buffer, mime);
          const pcm = toMonoPcm16(decoded.channels);
          if (pcm.byteLength === 0) return;
          this.env.sendChunk({ seq, started_at: startedAt, duration_ms: Math.max(0, endedAt - startedAt), sample_rate: decoded.sampleRate, pcm });
        })
        .catch(() => {
          // One undecodable segment (a codec hiccup) loses those seconds, not the recording.
          this.env.sendState({ state: 'recording', message: 'A few seconds of audio could not be decoded.' });
        })
        .finally(() => {
          if (last) this.env.sendState({ state: 'stopped', message: null });
        });
      if (this.active) this.beginSegment(timesliceMs);
      else this.release();
    };
    recorder.start();
    this.timer = this.env.setTimer(() => {
      if (recorder.state !== 'inactive') recorder.stop();
    }, timesliceMs);
  }

  private fail(message: string): void {
    this.active = false;
    this.env.clearTimer(this.timer);
    this.timer = null;
    if (this.recorder && this.recorder.state !== 'inactive') this.recorder.stop();
    else this.release();
    this.env.sendState({ state: 'error', message });
  }

  private release(): void {
    for (const track of this.stream?.getTracks() ?? []) track.stop();
    this.stream = null;
    this.recorder = null;
  }
}

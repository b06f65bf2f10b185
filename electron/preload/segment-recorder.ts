/**
 * Microphone recording for the hidden recorder window. MediaRecorder's timeslice chunks are not
 * playable on their own (only the first carries the WebM header), so instead each segment is a
 * recorder of its own, stopped and restarted on the same stream: every chunk handed to the audio
 * pipeline is a complete file. Browser APIs are injected so this runs under Node in tests.
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

export interface SegmentChunk {
  seq: number;
  mime: string;
  started_at: number;
  duration_ms: number;
  bytes: Uint8Array;
}

export interface RecorderStateMessage {
  state: 'recording' | 'stopped' | 'error';
  message: string | null;
}

export interface SegmentRecorderEnv {
  getUserMedia(constraints: { audio: Record<string, unknown>; video: false }): Promise<MediaStreamLike>;
  createRecorder(stream: MediaStreamLike, mimeType: string | undefined): MediaRecorderLike;
  isTypeSupported(mimeType: string): boolean;
  now(): number;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  sendChunk(chunk: SegmentChunk): void;
  sendState(state: RecorderStateMessage): void;
}

/** Opus first: small and what Whisper-style transcribers decode everywhere. */
export const PREFERRED_MIME_TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/webm', 'audio/mp4'];

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
  private seq = 0;
  private mime: string | undefined;

  constructor(private readonly env: SegmentRecorderEnv) {}

  get recording(): boolean {
    return this.active;
  }

  async start(options: { timeslice_ms: number; device_id: string | null }): Promise<void> {
    if (this.active) return;
    this.active = true;
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

  stop(): void {
    if (!this.active) return;
    this.active = false;
    this.env.clearTimer(this.timer);
    this.timer = null;
    if (this.recorder && this.recorder.state !== 'inactive') this.recorder.stop();
    else this.release();
    this.env.sendState({ state: 'stopped', message: null });
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
      void Promise.all(parts.map((p) => p.arrayBuffer())).then((buffers) => {
        const total = buffers.reduce((n, b) => n + b.byteLength, 0);
        if (total === 0) return;
        const bytes = new Uint8Array(total);
        let offset = 0;
        for (const b of buffers) {
          bytes.set(new Uint8Array(b), offset);
          offset += b.byteLength;
        }
        this.env.sendChunk({ seq, mime, started_at: startedAt, duration_ms: Math.max(0, endedAt - startedAt), bytes });
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

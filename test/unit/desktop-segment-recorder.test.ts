import { describe, expect, it } from 'vitest';
import { pcmSamples } from '../../electron/desktop/policy/index.js';
import { SegmentRecorder, type BlobLike, type MediaRecorderLike, type MediaStreamLike, type RecorderStateMessage, type SegmentChunk, type SegmentRecorderEnv } from '../../electron/desktop/preload/segment-recorder.js';

class FakeRecorder implements MediaRecorderLike {
  state: 'inactive' | 'recording' | 'paused' = 'inactive';
  ondataavailable: ((event: { data: BlobLike }) => void) | null = null;
  onstop: (() => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  constructor(
    readonly mimeType: string,
    private readonly payload: number[],
  ) {}
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    const bytes = new Uint8Array(this.payload);
    this.ondataavailable?.({ data: { size: bytes.byteLength, arrayBuffer: async () => bytes.buffer.slice(0) } });
    this.onstop?.();
  }
}

function setup(opts: { deny?: string } = {}, overrides: Partial<SegmentRecorderEnv> = {}) {
  let t = 1_000;
  const timers: Array<{ fn: () => void; at: number; id: number }> = [];
  let nextId = 0;
  const chunks: SegmentChunk[] = [];
  const states: RecorderStateMessage[] = [];
  const recorders: FakeRecorder[] = [];
  const ended: Array<() => void> = [];
  const tracks = { stopped: 0 };
  const stream: MediaStreamLike = {
    getTracks: () => [{ stop: () => tracks.stopped++, addEventListener: (_t: 'ended', l: () => void) => ended.push(l) }],
  };
  const rec = new SegmentRecorder({
    getUserMedia: async () => {
      if (opts.deny) throw Object.assign(new Error('x'), { name: opts.deny });
      return stream;
    },
    createRecorder: (_s, mime) => {
      const r = new FakeRecorder(mime ?? '', [recorders.length + 1, 2, 3]);
      recorders.push(r);
      return r;
    },
    isTypeSupported: (m) => m === 'audio/webm;codecs=opus',
    // The fake "file" is [n, 2, 3]: decode it as three samples of n/10, 0.2, 0.3 at 16 kHz.
    decode: async (file) => ({ sampleRate: 16_000, channels: [Float32Array.from(new Uint8Array(file), (b) => b / 10)] }),
    now: () => t,
    setTimer: (fn, ms) => {
      const id = nextId++;
      timers.push({ fn, at: t + ms, id });
      return id;
    },
    clearTimer: (id) => {
      const i = timers.findIndex((x) => x.id === id);
      if (i >= 0) timers.splice(i, 1);
    },
    sendChunk: (c) => chunks.push(c),
    sendState: (s) => states.push(s),
    ...overrides,
  });
  const advance = async (ms: number) => {
    t += ms;
    for (const timer of timers.filter((x) => x.at <= t)) {
      timers.splice(timers.indexOf(timer), 1);
      timer.fn();
    }
    await new Promise((r) => setTimeout(r, 0));
  };
  return { rec, chunks, states, recorders, tracks, ended, advance };
}

describe('segment recorder', () => {
  it('hands over one complete file per timeslice and stops cleanly', async () => {
    const s = setup();
    await s.rec.start({ timeslice_ms: 10_000, device_id: null });
    expect(s.states).toEqual([{ state: 'recording', message: null }]);
    await s.advance(10_000);
    await s.advance(10_000);
    s.rec.stop();
    await s.advance(0);
    expect(s.recorders.length).toBe(3);
    expect(s.chunks.map((c) => [c.seq, c.sample_rate, c.duration_ms, [...pcmSamples(c.pcm)]])).toEqual([
      [0, 16_000, 10_000, [3277, 6553, 9830]],
      [1, 16_000, 10_000, [6553, 6553, 9830]],
      [2, 16_000, 0, [9830, 6553, 9830]],
    ]);
    // Every segment came from its own recorder with the preferred codec.
    expect(s.recorders.map((r) => r.mimeType)).toEqual(['audio/webm;codecs=opus', 'audio/webm;codecs=opus', 'audio/webm;codecs=opus']);
    expect(s.states.at(-1)).toEqual({ state: 'stopped', message: null });
    expect(s.tracks.stopped).toBe(1);
  });

  it("says 'stopped' only after the last segment was sent, however long its decoding takes", async () => {
    const log: string[] = [];
    let release: () => void = () => undefined;
    const slowDecode = new Promise<void>((r) => (release = r));
    const s = setup(
      {},
      {
        decode: async (file) => {
          await slowDecode;
          return { sampleRate: 16_000, channels: [Float32Array.from(new Uint8Array(file), (b) => b / 10)] };
        },
        sendChunk: (c) => log.push(`chunk ${c.seq}`),
        sendState: (st) => log.push(st.state),
      },
    );
    const rec = s.rec;
    await rec.start({ timeslice_ms: 10_000, device_id: null });
    rec.stop();
    await s.advance(0);
    expect(log).toEqual(['recording']);
    release();
    await s.advance(0);
    expect(log).toEqual(['recording', 'chunk 0', 'stopped']);
  });

  it('reports a denied microphone as a one-line error', async () => {
    const s = setup({ deny: 'NotAllowedError' });
    await s.rec.start({ timeslice_ms: 10_000, device_id: null });
    expect(s.states).toEqual([{ state: 'error', message: 'Microphone access was denied.' }]);
    expect(s.rec.recording).toBe(false);
  });

  it('reports an unplugged microphone and releases it', async () => {
    const s = setup();
    await s.rec.start({ timeslice_ms: 10_000, device_id: 'usb-mic' });
    s.ended.forEach((l) => l());
    await s.advance(0);
    expect(s.states.at(-1)).toEqual({ state: 'error', message: 'The microphone was disconnected.' });
    expect(s.tracks.stopped).toBe(1);
  });

  it('a second start while recording is ignored', async () => {
    const s = setup();
    await s.rec.start({ timeslice_ms: 10_000, device_id: null });
    await s.rec.start({ timeslice_ms: 10_000, device_id: null });
    expect(s.recorders.length).toBe(1);
  });
});

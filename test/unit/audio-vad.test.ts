import { describe, expect, it } from 'vitest';
import { encodeWav, PushAudioSource, resample, rmsDb, SpeechSegmenter, WavStreamDecoder } from '../../electron/sensing/capture/index.js';

const RATE = 16_000;
function tone(seconds: number, amp = 8000, hz = 220): Int16Array {
  const out = new Int16Array(Math.round(seconds * RATE));
  for (let i = 0; i < out.length; i++) out[i] = Math.round(amp * Math.sin((2 * Math.PI * hz * i) / RATE));
  return out;
}
/** Speech-like: a tone in syllables (4 per second) with short quiet gaps between them. */
function syllables(seconds: number): Int16Array {
  const out = tone(seconds);
  const syl = RATE / 4;
  for (let i = 0; i < out.length; i++) if (i % syl > syl * 0.8) out[i] = Math.round(out[i]! * 0.01);
  return out;
}
function noise(seconds: number, amp = 30): Int16Array {
  const out = new Int16Array(Math.round(seconds * RATE));
  let s = 1;
  for (let i = 0; i < out.length; i++) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    out[i] = ((s % (2 * amp)) - amp) | 0;
  }
  return out;
}
const concat = (...parts: Int16Array[]) => {
  const out = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
};

describe('WAV', () => {
  it('round-trips 16-bit mono and downmixes stereo, in pieces', () => {
    const s = tone(0.1);
    const wav = encodeWav(s, RATE);
    const d = new WavStreamDecoder();
    const a = d.push(wav.subarray(0, 30));
    const b = d.push(wav.subarray(30, 501));
    const c = d.push(wav.subarray(501));
    expect(d.wavFormat).toMatchObject({ sampleRate: RATE, channels: 1, bitsPerSample: 16 });
    expect(Array.from(concat(a, b, c))).toEqual(Array.from(s));
    expect(() => new WavStreamDecoder().push(Buffer.from('not a wav file at all'))).toThrow(/not a WAV/);
    expect(resample(tone(1), RATE, 8000).length).toBe(8000);
  });
});

describe('energy VAD and ~30 s chunks', () => {
  it('keeps speech, drops silence, and closes chunks after a pause', () => {
    expect(rmsDb(new Int16Array(480))).toBe(-120);
    const seg = new SpeechSegmenter(RATE, { flushAfterSilenceMs: 2000 });
    const t0 = 1_000_000;
    const audio = concat(noise(3), tone(2), noise(4), tone(1.5), noise(1));
    const out = [...seg.push({ samples: audio.subarray(0, 12345), sampleRate: RATE, at: t0 }), ...seg.push({ samples: audio.subarray(12345), sampleRate: RATE, at: t0 + Math.round((12345 / RATE) * 1000) })];
    const last = seg.end();
    if (last) out.push(last);
    expect(out).toHaveLength(2);
    expect(out[0]!.started_at).toBeGreaterThanOrEqual(t0 + 2700);
    expect(out[0]!.started_at).toBeLessThanOrEqual(t0 + 3000);
    expect(out[0]!.duration_ms).toBeGreaterThanOrEqual(2000);
    expect(out[0]!.duration_ms).toBeLessThan(2800);
    expect(out[1]!.started_at).toBeGreaterThanOrEqual(t0 + 8700);
    expect(seg.silenceDroppedMs).toBeGreaterThan(5000);
  });

  it('cuts long speech into chunks of about chunkMs', () => {
    const seg = new SpeechSegmenter(RATE, { chunkMs: 30_000 });
    const chunks = seg.push({ samples: syllables(70), sampleRate: RATE, at: 0 });
    const last = seg.end();
    expect(chunks.map((c) => Math.round(c.duration_ms / 1000))).toEqual([30, 30]);
    expect(Math.round(last!.duration_ms / 1000)).toBe(10);
    // A steady hum (a fan) is noise, not speech: the floor rises to it.
    const hum = new SpeechSegmenter(RATE);
    const humChunks = [...hum.push({ samples: tone(60, 3000), sampleRate: RATE, at: 0 })];
    const humLast = hum.end();
    if (humLast) humChunks.push(humLast);
    expect(humChunks.reduce((n, c) => n + c.duration_ms, 0)).toBeLessThan(5000);
  });

  it('a push source hands pushed audio to its reader, bounded', async () => {
    const src = new PushAudioSource(2);
    src.push(tone(0.1), 48_000, 1);
    src.push(tone(0.1), 48_000, 2);
    src.push(tone(0.1), 48_000, 3);
    src.end();
    const got: number[] = [];
    for await (const c of src.chunks()) got.push(c.at);
    expect(got).toEqual([2, 3]);
  });
});

import { describe, expect, it } from 'vitest';
import { pcmSamples, RecorderChunkSchema, RecorderCommandSchema } from '../../electron/desktop/policy/index.js';
import { toMonoPcm16 } from '../../electron/desktop/preload/segment-recorder.js';

describe('recorder messages', () => {
  const chunk = { seq: 0, started_at: 1_700_000_000_000, duration_ms: 10_000, sample_rate: 16_000, pcm: new Uint8Array([1, 0, 255, 255]) };

  it('accepts a well-formed chunk', () => {
    expect(RecorderChunkSchema.safeParse(chunk).success).toBe(true);
  });

  it.each([
    ['empty PCM', { ...chunk, pcm: new Uint8Array() }],
    ['odd byte count', { ...chunk, pcm: new Uint8Array(3) }],
    ['not bytes', { ...chunk, pcm: [1, 2, 3, 4] }],
    ['absurd rate', { ...chunk, sample_rate: 1_000_000 }],
    ['extra field', { ...chunk, path: '/tmp/x' }],
    ['negative seq', { ...chunk, seq: -1 }],
  ])('refuses %s', (_label, bad) => {
    expect(RecorderChunkSchema.safeParse(bad).success).toBe(false);
  });

  it('bounds the timeslice', () => {
    expect(RecorderCommandSchema.safeParse({ type: 'start', timeslice_ms: 10_000, device_id: null }).success).toBe(true);
    expect(RecorderCommandSchema.safeParse({ type: 'start', timeslice_ms: 10, device_id: null }).success).toBe(false);
  });

  it('PCM bytes round-trip into samples, from unaligned buffers too', () => {
    const pcm = toMonoPcm16([new Float32Array([0, 1, -1, 0.5]), new Float32Array([0, 1, -1, -0.5])]);
    expect([...pcmSamples(pcm)]).toEqual([0, 32767, -32768, 0]);
    const unaligned = new Uint8Array(pcm.byteLength + 1);
    unaligned.set(pcm, 1);
    expect([...pcmSamples(unaligned.subarray(1))]).toEqual([0, 32767, -32768, 0]);
  });
});

import { describe, expect, it } from 'vitest';
import { RecorderChunkSchema, RecorderCommandSchema } from '../../electron/shell/index.js';

describe('recorder messages', () => {
  const chunk = { seq: 0, mime: 'audio/webm;codecs=opus', started_at: 1_700_000_000_000, duration_ms: 10_000, bytes: new Uint8Array([1, 2, 3]) };

  it('accepts a well-formed chunk', () => {
    expect(RecorderChunkSchema.safeParse(chunk).success).toBe(true);
    expect(RecorderChunkSchema.safeParse({ ...chunk, mime: 'audio/webm; codecs=opus' }).success).toBe(true);
  });

  it.each([
    ['empty bytes', { ...chunk, bytes: new Uint8Array() }],
    ['not bytes', { ...chunk, bytes: [1, 2, 3] }],
    ['video', { ...chunk, mime: 'video/webm' }],
    ['extra field', { ...chunk, path: '/tmp/x' }],
    ['negative seq', { ...chunk, seq: -1 }],
  ])('refuses %s', (_label, bad) => {
    expect(RecorderChunkSchema.safeParse(bad).success).toBe(false);
  });

  it('bounds the timeslice', () => {
    expect(RecorderCommandSchema.safeParse({ type: 'start', timeslice_ms: 10_000, device_id: null }).success).toBe(true);
    expect(RecorderCommandSchema.safeParse({ type: 'start', timeslice_ms: 10, device_id: null }).success).toBe(false);
  });
});

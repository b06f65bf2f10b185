import { z } from 'zod';

/**
 * Messages between the main process and the hidden microphone recorder window. The recorder runs
 * MediaRecorder, decodes each segment to PCM and sends it; the main process pushes it into the
 * capture service's PushAudioSource.
 */
export const RecorderCommandSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('start'), timeslice_ms: z.number().int().min(1000).max(300_000), device_id: z.string().max(512).nullable() }),
  z.object({ type: z.literal('stop') }),
]);
export type RecorderCommand = z.infer<typeof RecorderCommandSchema>;

/**
 * One segment as mono 16-bit little-endian PCM bytes, decoded in the recorder. Ten minutes at
 * 48 kHz is the ceiling; a segment is normally a few seconds at 16 kHz.
 */
export const RecorderChunkSchema = z
  .object({
    seq: z.number().int().nonnegative(),
    started_at: z.number().int().positive(),
    duration_ms: z.number().int().nonnegative().max(3_600_000),
    sample_rate: z.number().int().min(8000).max(48_000),
    pcm: z.instanceof(Uint8Array).refine((b) => b.byteLength > 0 && b.byteLength % 2 === 0 && b.byteLength <= 48_000 * 600 * 2, 'PCM size out of range'),
  })
  .strict();
export type RecorderChunk = z.infer<typeof RecorderChunkSchema>;

/** The PCM bytes as samples (copied: IPC buffers may be unaligned for an Int16Array view). */
export function pcmSamples(pcm: Uint8Array): Int16Array {
  const samples = new Int16Array(pcm.byteLength >> 1);
  const view = new DataView(pcm.buffer, pcm.byteOffset, pcm.byteLength);
  for (let i = 0; i < samples.length; i++) samples[i] = view.getInt16(i * 2, true);
  return samples;
}

export const RecorderStateSchema = z
  .object({
    state: z.enum(['recording', 'stopped', 'error']),
    message: z.string().max(500).nullable(),
  })
  .strict();
export type RecorderState = z.infer<typeof RecorderStateSchema>;

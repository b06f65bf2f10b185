import { z } from 'zod';

/**
 * Messages between the main process and the hidden microphone recorder window. The recorder runs
 * MediaRecorder and sends encoded chunks; the main process hands them to the audio pipeline.
 */
export const RecorderCommandSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('start'), timeslice_ms: z.number().int().min(1000).max(300_000), device_id: z.string().max(512).nullable() }),
  z.object({ type: z.literal('stop') }),
]);
export type RecorderCommand = z.infer<typeof RecorderCommandSchema>;

export const RECORDER_MIME_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/ogg', 'audio/mp4'] as const;

/** One encoded chunk. 10 MiB is ~20 minutes of Opus: far more than a timeslice can hold. */
export const RecorderChunkSchema = z
  .object({
    seq: z.number().int().nonnegative(),
    mime: z.string().max(64).refine((m) => RECORDER_MIME_TYPES.some((t) => m.replace(/\s/g, '') === t.replace(/\s/g, '')), 'unsupported audio type'),
    started_at: z.number().int().positive(),
    duration_ms: z.number().int().nonnegative().max(3_600_000),
    bytes: z.instanceof(Uint8Array).refine((b) => b.byteLength > 0 && b.byteLength <= 10 * 1024 * 1024, 'chunk size out of range'),
  })
  .strict();
export type RecorderChunk = z.infer<typeof RecorderChunkSchema>;

export const RecorderStateSchema = z
  .object({
    state: z.enum(['recording', 'stopped', 'error']),
    message: z.string().max(500).nullable(),
  })
  .strict();
export type RecorderState = z.infer<typeof RecorderStateSchema>;

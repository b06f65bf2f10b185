import { z } from 'zod';

/**
 * Screenshots the model did not caption (timed out, refused, failed; the frame kept its OCR text):
 * capture counts them (capture.captions_failed, per local day) and keeps the last reason here, so
 * Settings → Privacy can say why next to the captions switch without loading capture.
 */
export const CAPTION_MISS_LAST_KEY = 'capture.caption_miss_last';
export const CaptionMissLastSchema = z.object({ at: z.number(), why: z.enum(['timeout', 'error']), detail: z.string().max(300) });
export type CaptionMissLast = z.infer<typeof CaptionMissLastSchema>;

/** The day's counter the capture pipeline bumps (YYYY-MM-DD in the user's zone). */
export const captionMissCounter = (day: string): string => `capture.captions_failed.${day}`;

/** The reason in words, one line: "the model did not answer in time" or the error's first line. */
export function captionMissText(last: CaptionMissLast): string {
  if (last.why === 'timeout') return 'the model did not answer in time';
  const line = last.detail.split('\n')[0]!.trim();
  return line ? `the model call failed (${line.slice(0, 160)})` : 'the model call failed';
}

import { z } from 'zod';
import { IsoTime } from '../memory/index.js';
import { defineRequest } from './common.js';
import { lazySchema } from './lazy-schema.js';

/** How much a forget removed (or, for a preview, would remove). */
export const ForgetReportSchema = lazySchema(() => z.object({
  memories: z.number().int(),
  frames: z.number().int(),
  observations: z.number().int(),
  messages: z.number().int(),
  audio: z.number().int(),
}));
export type ForgetReport = z.infer<typeof ForgetReportSchema>;

/**
 * "The last N minutes" is measured from the moment the host runs it, not from when the dialog opened,
 * so a confirmation left open for a while still forgets what the user meant: up to now.
 */
export const ForgetSpanSchema = lazySchema(() => z.discriminatedUnion('span', [
  z.object({ span: z.literal('last'), minutes: z.number().int().min(1).max(60 * 24 * 366) }),
  z
    .object({ span: z.literal('range'), from: IsoTime, to: IsoTime })
    .refine((r) => Date.parse(r.from) <= Date.parse(r.to), { message: 'from must not be after to' }),
]));
export type ForgetSpan = z.infer<typeof ForgetSpanSchema>;

const ForgetOutput = lazySchema(() => z.object({ from: IsoTime, to: IsoTime, report: ForgetReportSchema }));

export const WIPE_CONFIRMATION = 'delete everything';

export const forgetRequests = {
  'forget.preview': defineRequest(lazySchema(() => z.object({ what: ForgetSpanSchema })), ForgetOutput),
  'forget.run': defineRequest(lazySchema(() => z.object({ what: ForgetSpanSchema })), ForgetOutput),
  /**
   * Deletes every memory, frame, recording and conversation, and the exports saved in the data
   * folder (how many: exports_removed). The user types the phrase to confirm.
   */
  'privacy.wipe': defineRequest(
    lazySchema(() => z.object({ confirm: z.literal(WIPE_CONFIRMATION) })),
    lazySchema(() => z.object({ ok: z.literal(true), exports_removed: z.number().int().min(0) })),
  ),
};

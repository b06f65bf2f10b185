import { z } from 'zod';
import { CaptureSettingsSchema, RedactionSettingsSchema, type CaptureSettingsInput } from '../settings/index.js';
import { defineRequest } from './common.js';

/** Models used by the LLM layer; empty means the provider's default. */
export const ModelSettingsSchema = z.object({
  chat_model: z.string().max(200),
  extraction_model: z.string().max(200),
});
export type ModelSettings = z.infer<typeof ModelSettingsSchema>;

export const SettingsViewSchema = z.object({
  capture: CaptureSettingsSchema,
  models: ModelSettingsSchema,
  /** What an empty model field means, so the UI can show it as a placeholder. */
  default_models: ModelSettingsSchema,
});
export type SettingsView = z.infer<typeof SettingsViewSchema>;

type DeepPartial<T> = T extends readonly (infer _U)[] ? T : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;
export type CaptureSettingsPatch = DeepPartial<CaptureSettingsInput>;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A patch touches only the fields it names. It is merged into the current settings and the result
 * is validated as a whole by the host (a per-field partial schema would fill in defaults and so
 * overwrite what the user set elsewhere).
 */
/**
 * Redaction switches named exactly: a misspelt switch ("email" for "emails") would otherwise be
 * dropped by the merge and the user told it was saved while nothing changed.
 */
const RedactionPatchSchema = RedactionSettingsSchema.partial().strict();

export const SettingsPatchSchema = z
  .object({
    capture: z
      .custom<CaptureSettingsPatch>(isPlainObject, { message: 'capture must be an object' })
      .superRefine((capture, ctx) => {
        if (capture.redaction === undefined) return;
        const checked = RedactionPatchSchema.safeParse(capture.redaction);
        for (const issue of checked.error?.issues ?? []) {
          ctx.addIssue({ code: 'custom', message: issue.message, path: ['redaction', ...issue.path] });
        }
      })
      .optional(),
    models: ModelSettingsSchema.partial().strict().optional(),
  })
  .strict();
export type SettingsPatch = z.infer<typeof SettingsPatchSchema>;

export const settingsRequests = {
  'settings.get': defineRequest(z.object({}), SettingsViewSchema),
  'settings.update': defineRequest(z.object({ patch: SettingsPatchSchema }), SettingsViewSchema),
};

import { z } from 'zod';
import { CaptureSettingsSchema, RedactionSettingsSchema, type CaptureSettingsInput } from '../settings/index.js';
import { defineRequest } from './common.js';
import { lazySchema } from './lazy-schema.js';

/** Models used by the LLM layer; empty means the provider's default. */
export const ModelSettingsSchema = lazySchema(() => z.object({
  chat_model: z.string().max(200),
  extraction_model: z.string().max(200),
}));
export type ModelSettings = z.infer<typeof ModelSettingsSchema>;

/**
 * Which kind of server answers: Anthropic's API, or any OpenAI-compatible one (OpenAI, Ollama, LM
 * Studio, llama.cpp, vLLM); or none at all ('offline': rules and extractive answers, whatever keys are set).
 */
export const LlmProviderSchema = lazySchema(() => z.enum(['anthropic', 'openai', 'offline']));
export type LlmProviderChoice = z.infer<typeof LlmProviderSchema>;
/** The providers that have a server to test. */
export const LlmServerSchema = lazySchema(() => LlmProviderSchema.exclude(['offline']));
export type LlmServerChoice = z.infer<typeof LlmServerSchema>;

/** A server address: http(s) only, so a typo cannot become a file path or another scheme. */
export const BaseUrlSchema = lazySchema(() => z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || /^https?:\/\/[^\s/]+/i.test(v), { message: 'the server address starts with http:// or https://' }));

export const LlmConnectionSchema = lazySchema(() => z.object({
  provider: LlmProviderSchema,
  /** Empty: the provider's own API (for OpenAI-compatible, OpenAI's; a local server is e.g. http://127.0.0.1:11434/v1). */
  base_url: z.string().max(500),
  /**
   * The OpenAI-compatible server's address the environment sets ($ENGRAM_LLM_BASE_URL): used while
   * none is saved here, so the window shows it as the environment's choice. Null when unset.
   */
  env_base_url: z.string().max(500).nullable(),
}));
export type LlmConnection = z.infer<typeof LlmConnectionSchema>;

export const SettingsViewSchema = lazySchema(() => z.object({
  capture: CaptureSettingsSchema,
  models: ModelSettingsSchema,
  llm: LlmConnectionSchema,
  /**
   * What an empty model field means, so the UI can show it as a placeholder. Empty on a server on
   * this machine or network: the first model that server lists (the memory model: the chat model).
   */
  default_models: ModelSettingsSchema,
  /**
   * Batches the offline rules took although a model is set, because its answer was unusable (prose
   * instead of tool calls, a refusal, a request the server refused): today's count in the user's
   * zone, and the last reason in words ("the model did not call tools"). An outage is not counted.
   */
  model_fallbacks: z.object({
    today: z.number().int().nonnegative(),
    reason: z.string().max(200).nullable(),
    last_at: z.string().max(40).nullable(),
  }),
  /** Screenshots the model did not caption today (the frame kept its OCR text), and the last reason in words. */
  caption_misses: z.object({
    today: z.number().int().nonnegative(),
    reason: z.string().max(200).nullable(),
  }),
}));
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
const RedactionPatchSchema = lazySchema(() => RedactionSettingsSchema.partial().strict());

export const SettingsPatchSchema = lazySchema(() => z
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
    llm: z.object({ provider: LlmProviderSchema.optional(), base_url: BaseUrlSchema.optional() }).strict().optional(),
  })
  .strict());
export type SettingsPatch = z.infer<typeof SettingsPatchSchema>;

export const settingsRequests = {
  'settings.get': defineRequest(lazySchema(() => z.object({})), SettingsViewSchema),
  'settings.update': defineRequest(lazySchema(() => z.object({ patch: SettingsPatchSchema })), SettingsViewSchema),
  /**
   * Asks a server which models it offers, without saving anything. The key is the saved one unless
   * one is given here (to try a key before saving it); it is never echoed back. With check_tools, an
   * OpenAI-compatible server's memory model (the saved one, else the server's first) is also asked for one
   * tiny forced tool call: `tools` says whether it can call tools ('unchecked' when not asked or not reached).
   */
  'settings.testConnection': defineRequest(
    lazySchema(() => z.object({ provider: LlmServerSchema, base_url: BaseUrlSchema.optional(), key: z.string().trim().max(512).optional(), check_tools: z.boolean().optional() }).strict()),
    lazySchema(() => z.object({ ok: z.boolean(), models: z.array(z.string().max(300)).max(1000), message: z.string().max(400), tools: z.enum(['yes', 'no', 'unchecked']) })),
  ),
};

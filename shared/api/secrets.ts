import { z } from 'zod';
import { defineRequest } from './common.js';
import { lazySchema } from './lazy-schema.js';

/** The API key never travels back to the UI: only whether it is set and a masked hint. */
export const SecretStatusSchema = lazySchema(() => z.object({
  set: z.boolean(),
  /** e.g. "sk-ant-…f3Qa"; null when not set. */
  masked: z.string().nullable(),
  /** Where the key comes from: the OS keychain / key store, or an environment variable (read-only). */
  source: z.enum(['store', 'env']).nullable(),
}));
export type SecretStatus = z.infer<typeof SecretStatusSchema>;

export const secretRequests = {
  'secrets.status': defineRequest(lazySchema(() => z.object({})), lazySchema(() => z.object({ anthropic: SecretStatusSchema, openai: SecretStatusSchema }))),
  'secrets.setAnthropicKey': defineRequest(
    lazySchema(() => z.object({
      key: z
        .string()
        .trim()
        .min(20, 'that key looks too short')
        .max(512)
        .regex(/^[\x21-\x7e]+$/, 'a key has no spaces or special characters'),
    })),
    lazySchema(() => z.object({ anthropic: SecretStatusSchema })),
  ),
  'secrets.clearAnthropicKey': defineRequest(lazySchema(() => z.object({})), lazySchema(() => z.object({ anthropic: SecretStatusSchema }))),
  /** The OpenAI-compatible server's key (OpenAI, or a server that asks for one); kept in the encrypted store. */
  'secrets.setOpenAiKey': defineRequest(
    lazySchema(() => z.object({
      key: z
        .string()
        .trim()
        .min(8, 'that key looks too short')
        .max(512)
        .regex(/^[\x21-\x7e]+$/, 'a key has no spaces or special characters'),
    })),
    lazySchema(() => z.object({ openai: SecretStatusSchema })),
  ),
  'secrets.clearOpenAiKey': defineRequest(lazySchema(() => z.object({})), lazySchema(() => z.object({ openai: SecretStatusSchema }))),
};

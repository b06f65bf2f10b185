import { z } from 'zod';
import { ConsentChoiceSchema } from './consent.js';
import { BUILTIN_PAGES_PREFIX, APP_ORIGIN } from './constants.js';
import { usesScreenStream } from './screen-stream.js';

/**
 * The two small built-in pages that run before the store is open: first-run consent and the
 * passphrase prompt. They talk to the main process on their own channel with these messages, each
 * page only its own actions. Their preload exposes `window.engramPage.call(action, input)`.
 */
export type BuiltinPage = 'consent' | 'passphrase';

export const BUILTIN_PAGE_URLS: Record<BuiltinPage, string> = {
  consent: `${APP_ORIGIN}${BUILTIN_PAGES_PREFIX}consent.html`,
  passphrase: `${APP_ORIGIN}${BUILTIN_PAGES_PREFIX}passphrase.html`,
};

export const BuiltinPageCallSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('consent.info') }).strict(),
  z.object({ action: z.literal('consent.accept'), input: ConsentChoiceSchema }).strict(),
  z.object({ action: z.literal('consent.decline') }).strict(),
  z.object({ action: z.literal('passphrase.info') }).strict(),
  z.object({ action: z.literal('passphrase.submit'), input: z.object({ passphrase: z.string().min(1).max(1024) }).strict() }).strict(),
  z.object({ action: z.literal('passphrase.cancel') }).strict(),
]);
export type BuiltinPageCall = z.infer<typeof BuiltinPageCallSchema>;
export type BuiltinPageAction = BuiltinPageCall['action'];

export const PAGE_ACTIONS: Record<BuiltinPage, readonly BuiltinPageAction[]> = {
  consent: ['consent.info', 'consent.accept', 'consent.decline'],
  passphrase: ['passphrase.info', 'passphrase.submit', 'passphrase.cancel'],
};

export type BuiltinPageResult = { ok: true; output: unknown } | { ok: false; error: string };

export interface ConsentInfo {
  data_dir: string;
  platform: NodeJS.Platform;
  /** Where to grant screen recording on this OS, one line. */
  permission_hint: string | null;
}

/** Validates a page's call; a page may only use its own actions. */
export function parseBuiltinPageCall(page: BuiltinPage, raw: unknown): { ok: true; call: BuiltinPageCall } | { ok: false; error: string } {
  const parsed = BuiltinPageCallSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, error: 'Malformed request.' };
  if (!PAGE_ACTIONS[page].includes(parsed.data.action)) return { ok: false, error: `This page may not call ${parsed.data.action}.` };
  return { ok: true, call: parsed.data };
}

export function screenPermissionHint(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): string | null {
  if (platform === 'darwin') return 'macOS will ask you to allow Screen Recording for Engram in System Settings → Privacy & Security.';
  if (usesScreenStream(platform, env)) {
    // No picker promise: with default settings the window list fails first (Wayland hides it), so
    // capture keeps nothing and the desktop never asks (capture-health's 'wayland' state).
    return 'On Wayland Engram cannot see which windows are open, so it cannot hide the ones you exclude: with the default settings it records nothing here. Privacy → Window list explains the choices; an X11 (Xorg) session records as usual.';
  }
  return null;
}

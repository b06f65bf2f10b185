import { z } from 'zod';
import { RedactionSettingsSchema } from './redaction.js';
import { MAX_OCR_LANGUAGES, OCR_LANGUAGES } from './ocr-languages.js';

/**
 * Capture settings as kept in store.settings under CAPTURE_SETTINGS_KEY. One schema for the capture
 * service, the settings UI and the CLI, so a value one writes the others read the same way.
 * Every field has a default: an empty object parses to the defaults.
 */
export const CAPTURE_SETTINGS_KEY = 'capture';

/** Password managers and keychains: never captured, whatever else the user sets. */
export const DEFAULT_EXCLUDED_APPS: readonly string[] = [
  '1Password',
  'Bitwarden',
  'KeePassXC',
  'KeePass',
  'LastPass',
  'Dashlane',
  'Keychain Access',
  'Enpass',
  'NordPass',
  'Proton Pass',
  'RoboForm',
  'Keeper Password Manager',
  'seahorse',
];

/** Case-insensitive regular expressions matched against window titles: private browsing windows. */
export const DEFAULT_EXCLUDED_TITLE_PATTERNS: readonly string[] = [
  '\\bprivate brows',
  '\\bincognito\\b',
  '\\(private\\)',
  '\\bInPrivate\\b',
  '\\bprivate window\\b',
  'Tor Browser',
];

/** A pattern must compile as a JavaScript regular expression (flags "i" are added by the gate). */
const RegexSource = z
  .string()
  .min(1)
  .max(500)
  .refine(
    (s) => {
      try {
        new RegExp(s, 'i');
        return true;
      } catch {
        return false;
      }
    },
    { message: 'not a valid regular expression' },
  );

export const PrivacySettingsSchema = z.object({
  /** Capture paused by the user. With paused_until, the pause ends by itself at that time. */
  paused: z.boolean().default(false),
  paused_until: z.string().datetime({ offset: true }).nullable().default(null),
  /** App names (case-insensitive, exact name or executable name) never captured. */
  excluded_apps: z.array(z.string().min(1).max(200)).max(500).default([...DEFAULT_EXCLUDED_APPS]),
  excluded_title_patterns: z.array(RegexSource).max(500).default([...DEFAULT_EXCLUDED_TITLE_PATTERNS]),
  /** Matched against the URL of the active browser tab, where the platform reports one. */
  excluded_url_patterns: z.array(RegexSource).max(500).default([]),
  /**
   * Where the windows on screen cannot be listed (Wayland, a missing permission, an X error):
   * `skip_frames` keeps no frame (fail closed); `active_window_only` captures anyway and applies
   * the exclusions to the window in front only, so an excluded window beside it is recorded.
   */
  window_list_failure: z.enum(['skip_frames', 'active_window_only']).default('skip_frames'),
  /** Displays (ids as capture.status lists them) not captured until resumed. */
  paused_displays: z.array(z.string().min(1).max(200)).max(64).default([]),
});
export type PrivacySettings = z.infer<typeof PrivacySettingsSchema>;

export const RetentionSettingsSchema = z.object({
  /** Storage budget for frame and audio files together. */
  max_gb: z.number().min(0.1).max(10_000).default(10),
  max_age_days: z.number().min(1).max(36_500).default(90),
});
export type RetentionSettings = z.infer<typeof RetentionSettingsSchema>;

export const OcrSettingsSchema = z.object({
  enabled: z.boolean().default(true),
  workers: z.number().int().min(1).max(8).default(2),
  /** Frames waiting for OCR in memory; past this the oldest are deferred (re-read later) or dropped. */
  queue_max: z.number().int().min(1).max(256).default(8),
  /** Workers are stopped after this long without work, to give their memory back. */
  idle_stop_s: z.number().min(1).max(3600).default(60),
  /** Languages screen text is read in; null: the OS locale's language and English (ocr-languages.ts). */
  languages: z.array(z.enum(OCR_LANGUAGES)).min(1).max(MAX_OCR_LANGUAGES).nullable().default(null),
});
export type OcrSettings = z.infer<typeof OcrSettingsSchema>;

export const CAPTIONING_NOTICE =
  'Describes screens whose text says little (charts, photos, calls): screenshots go to the configured model, off this machine unless it is a local one, with the secrets OCR found blacked out first. At most 60 an hour by default. Off by default.';

export const CaptioningSettingsSchema = z.object({
  /** Sends pixels off the machine (to the LLM provider): off unless the user turns it on. */
  enabled: z.boolean().default(false),
  /** Model calls per hour at most; half of them are kept for frames with little text (charts, photos, calls). */
  max_per_hour: z.number().int().min(1).max(3600).default(60),
});

export const AudioSettingsSchema = z.object({
  enabled: z.boolean().default(false),
  /** OpenAI-compatible server: OpenAI, whisper.cpp server, faster-whisper server. */
  transcriber_url: z.string().url().nullable().default(null),
  transcriber_model: z.string().min(1).max(200).default('whisper-1'),
  /** Optional language hint (ISO-639-1), e.g. "en". */
  language: z.string().min(2).max(12).nullable().default(null),
  chunk_s: z.number().min(5).max(300).default(30),
});
export type AudioSettings = z.infer<typeof AudioSettingsSchema>;

export const CaptureSettingsSchema = z.object({
  enabled: z.boolean().default(true),
  /** Seconds between capture ticks. */
  interval_s: z.number().min(0.5).max(3600).default(3),
  /** On battery, ticks come half as often (issue 34: the capture is the costliest thing Engram does). */
  battery_saver: z.boolean().default(true),
  /** After this many seconds of skipped (unchanged or idle) ticks, one frame is captured anyway. */
  force_after_s: z.number().min(5).max(86_400).default(60),
  /** dHash Hamming distance (of 64 bits) at or below which a frame counts as unchanged. */
  change_threshold: z.number().int().min(0).max(32).default(3),
  privacy: PrivacySettingsSchema.prefault({}),
  retention: RetentionSettingsSchema.prefault({}),
  ocr: OcrSettingsSchema.prefault({}),
  captioning: CaptioningSettingsSchema.prefault({}),
  audio: AudioSettingsSchema.prefault({}),
  /** What is redacted from screen, audio and chat text (see redaction.ts). */
  redaction: RedactionSettingsSchema.prefault({}),
});
export type CaptureSettings = z.infer<typeof CaptureSettingsSchema>;
/** What a caller may write: every field optional (defaults fill the rest). */
export type CaptureSettingsInput = z.input<typeof CaptureSettingsSchema>;

export function defaultCaptureSettings(): CaptureSettings {
  return CaptureSettingsSchema.parse({});
}

import { z } from 'zod';

/**
 * First-run consent, the same record for every host (desktop app, browser mode). Nothing is
 * captured until the user has read what Engram records, where it is kept and how to pause or
 * delete it, and said yes. Bumping CONSENT_VERSION (when what is captured changes materially) asks
 * again. Reading and writing the record (a file in the data dir) is agents/store's consent-file.
 */
export const CONSENT_VERSION = 1;

export const ConsentChoiceSchema = z
  .object({
    /** Record the microphone too (off unless ticked). */
    audio: z.boolean(),
    start_at_login: z.boolean(),
  })
  .strict();
export type ConsentChoice = z.infer<typeof ConsentChoiceSchema>;

export const ConsentRecordSchema = z.object({
  version: z.number().int().min(1),
  accepted_at: z.string().max(64),
  audio: z.boolean(),
  start_at_login: z.boolean(),
  /**
   * The desktop app's first run: the microphone choice is written here the moment it is made, and
   * waits until the engine has kept it as Settings' "Record audio" (the store opens only after the
   * key, and a crash or a cancelled passphrase in between must not lose it).
   */
  audio_pending: z.boolean().optional(),
});
export type ConsentRecord = z.infer<typeof ConsentRecordSchema>;

export type ConsentState =
  | { state: 'needed'; reason: 'first-run' | 'changed' | 'unreadable' }
  | { state: 'granted'; record: ConsentRecord };

export function consentState(record: ConsentRecord | null | 'unreadable', currentVersion = CONSENT_VERSION): ConsentState {
  if (record === 'unreadable') return { state: 'needed', reason: 'unreadable' };
  if (!record) return { state: 'needed', reason: 'first-run' };
  if (record.version < currentVersion) return { state: 'needed', reason: 'changed' };
  return { state: 'granted', record };
}

export function consentRecord(choice: ConsentChoice, now: Date, version = CONSENT_VERSION): ConsentRecord {
  return { version, accepted_at: now.toISOString(), audio: choice.audio, start_at_login: choice.start_at_login };
}

/** The record once the engine has kept its microphone choice: nothing pending. */
export function audioTaken(record: ConsentRecord): ConsentRecord {
  return { version: record.version, accepted_at: record.accepted_at, audio: record.audio, start_at_login: record.start_at_login };
}

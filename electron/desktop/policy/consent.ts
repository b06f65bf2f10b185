import { promises as fs } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * First-run consent. Nothing is captured until the user has read what Engram records, where it is
 * kept and how to pause or delete it, and said yes. Bumping CONSENT_VERSION (when what is captured
 * changes materially) asks again.
 */
export const CONSENT_VERSION = 1;
export const CONSENT_FILE = 'consent.json';

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

/** Reads the record; a damaged file counts as no consent (ask again) rather than an error. */
export async function readConsent(dir: string): Promise<ConsentRecord | null | 'unreadable'> {
  let text: string;
  try {
    text = await fs.readFile(path.join(dir, CONSENT_FILE), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    return 'unreadable';
  }
  try {
    const parsed = ConsentRecordSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : 'unreadable';
  } catch {
    return 'unreadable';
  }
}

export async function writeConsent(dir: string, record: ConsentRecord): Promise<void> {
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, CONSENT_FILE);
  const tmp = `${file}.${process.pid}.tmp`;
  await fs.writeFile(tmp, JSON.stringify(record, null, 2) + '\n', { mode: 0o600 });
  await fs.rename(tmp, file);
}

/** Withdrawing consent (Settings → stop capturing for good) removes the record; the next start asks again. */
export async function withdrawConsent(dir: string): Promise<void> {
  await fs.rm(path.join(dir, CONSENT_FILE), { force: true });
}

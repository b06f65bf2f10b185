import { promises as fs } from 'node:fs';
import path from 'node:path';
import { removeFileDurableAsync, writeFileDurableAsync } from './durable-file.js';
import { ConsentRecordSchema, type ConsentRecord } from '../../shared/consent/index.js';

/**
 * The consent record on disk: consent.json in the data dir, beside the database. A plain file (not
 * the encrypted store) because the desktop app asks before the key is unlocked; every host (the
 * desktop app, browser mode, the CLI) reads the same file, so switching hosts does not ask twice.
 */
export const CONSENT_FILE = 'consent.json';

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
  // Whole or not at all, and durable before capture starts on its strength.
  await writeFileDurableAsync(path.join(dir, CONSENT_FILE), JSON.stringify(record, null, 2) + '\n', { mode: 0o600 });
}

/** Withdrawing consent (Settings → stop capturing for good) removes the record; the next start asks again. */
export async function withdrawConsent(dir: string): Promise<void> {
  // Durable: a withdrawn consent must not come back after a power cut.
  await removeFileDurableAsync(path.join(dir, CONSENT_FILE));
}

import { promises as fs } from 'node:fs';
import path from 'node:path';
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

import { statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONSENT_FILE, consentRecord, consentState, readConsent, withdrawConsent, writeConsent, ConsentChoiceSchema } from '../../electron/desktop/policy/index.js';
import { tempDirsEachTest } from '../helpers/temp-dirs.js';

const tmp = tempDirsEachTest('engram-consent-');

describe('first-run consent', () => {
  it('is needed on first run and granted after accepting', async () => {
    const dir = tmp();
    expect(consentState(await readConsent(dir))).toEqual({ state: 'needed', reason: 'first-run' });
    const record = consentRecord({ audio: false, start_at_login: true }, new Date('2025-03-01T09:00:00Z'));
    await writeConsent(dir, record);
    expect(statSync(path.join(dir, CONSENT_FILE)).mode & 0o777).toBe(0o600);
    expect(consentState(await readConsent(dir))).toEqual({ state: 'granted', record });
  });

  it('asks again when what is captured changed (newer consent version)', () => {
    const record = consentRecord({ audio: true, start_at_login: false }, new Date(), 1);
    expect(consentState(record, 2)).toEqual({ state: 'needed', reason: 'changed' });
  });

  it('asks again when the record is damaged, and after withdrawal', async () => {
    const dir = tmp();
    writeFileSync(path.join(dir, CONSENT_FILE), '{"version":"one"}');
    expect(consentState(await readConsent(dir))).toEqual({ state: 'needed', reason: 'unreadable' });
    await writeConsent(dir, consentRecord({ audio: false, start_at_login: false }, new Date()));
    await withdrawConsent(dir);
    expect(consentState(await readConsent(dir)).state).toBe('needed');
  });

  it('validates the choice from the page strictly', () => {
    expect(ConsentChoiceSchema.safeParse({ audio: true, start_at_login: false }).success).toBe(true);
    expect(ConsentChoiceSchema.safeParse({ audio: 'yes', start_at_login: false }).success).toBe(false);
    expect(ConsentChoiceSchema.safeParse({ audio: true, start_at_login: false, camera: true }).success).toBe(false);
  });
});

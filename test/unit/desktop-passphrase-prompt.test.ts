import { createCipheriv, createDecipheriv } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PassphrasePrompt, SafeStorageKeyProvider, type PassphraseRequest } from '../../electron/desktop/policy/index.js';

const noKeychain = {
  isEncryptionAvailable: () => true,
  getSelectedStorageBackend: () => 'basic_text',
  encryptString: (s: string) => {
    const c = createCipheriv('aes-256-gcm', Buffer.alloc(32), Buffer.alloc(12));
    return Buffer.concat([c.update(s), c.final()]);
  },
  decryptString: (b: Buffer) => createDecipheriv('aes-256-gcm', Buffer.alloc(32), Buffer.alloc(12)).update(b).toString(),
};

async function asked(prompt: PassphrasePrompt) {
  for (let i = 0; i < 200 && prompt.info() === null; i++) await new Promise((r) => setTimeout(r, 5));
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'engram-prompt-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('passphrase prompt', () => {
  it('drives the key provider through a page: weak, then good; then unlock with a typo first', async () => {
    const shown: PassphraseRequest[] = [];
    const prompt = new PassphrasePrompt((r) => shown.push(r));
    const provider = new SafeStorageKeyProvider({ dataDir: dir, safeStorage: noKeychain, platform: 'linux', askPassphrase: prompt.ask, scrypt: { N: 1024, r: 8, p: 1 } });
    const key = provider.getKey().finally(() => prompt.finish());
    await asked(prompt);
    expect(prompt.info()).toMatchObject({ mode: 'create', attempt: 1 });
    expect(await prompt.submit('short')).toEqual({ done: false, request: expect.objectContaining({ mode: 'create', attempt: 2, error: 'Use at least 8 characters.' }) });
    expect(await prompt.submit('long enough passphrase')).toEqual({ done: true });
    const k1 = await key;

    const prompt2 = new PassphrasePrompt(() => {});
    const provider2 = new SafeStorageKeyProvider({ dataDir: dir, safeStorage: noKeychain, platform: 'linux', askPassphrase: prompt2.ask });
    const key2 = provider2.getKey().finally(() => prompt2.finish());
    await asked(prompt2);
    expect(prompt2.info()).toMatchObject({ mode: 'unlock' });
    expect(await prompt2.submit('long enough passphrasE')).toMatchObject({ done: false, request: { error: 'That passphrase is not correct.' } });
    expect(await prompt2.submit('long enough passphrase')).toEqual({ done: true });
    expect((await key2).equals(k1)).toBe(true);
    expect(shown.length).toBe(2);
  });

  it('cancel makes the provider give up with CANCELLED', async () => {
    const prompt = new PassphrasePrompt(() => {});
    const provider = new SafeStorageKeyProvider({ dataDir: dir, safeStorage: noKeychain, platform: 'linux', askPassphrase: prompt.ask });
    const key = provider.getKey();
    await asked(prompt);
    prompt.cancel();
    await expect(key).rejects.toMatchObject({ code: 'CANCELLED' });
  });

  it('a submit with nothing pending is done', async () => {
    expect(await new PassphrasePrompt(() => {}).submit('x')).toEqual({ done: true });
  });
});

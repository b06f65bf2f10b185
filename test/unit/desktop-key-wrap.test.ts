import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkSafeStorage,
  KeyWrapError,
  parseWrappedKey,
  SafeStorageKeyProvider,
  unwrapWithPassphrase,
  unwrapWithSafeStorage,
  wrapWithPassphrase,
  wrapWithSafeStorage,
  WRAPPED_KEY_FILE,
  type PassphraseRequest,
  type SafeStorageLike,
  type ScryptParams,
} from '../../electron/desktop/policy/index.js';
import { tempDirsEachTest } from '../helpers/temp-dirs.js';

/** Behaves like Electron's safeStorage: AES under a secret held by the "keychain". */
class FakeSafeStorage implements SafeStorageLike {
  private readonly secret = randomBytes(32);
  calls = 0;
  constructor(
    public backend: string = 'gnome_libsecret',
    public available = true,
  ) {}
  isEncryptionAvailable() {
    return this.available;
  }
  getSelectedStorageBackend() {
    return this.backend;
  }
  encryptString(plain: string): Buffer {
    this.calls++;
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', this.secret, iv);
    const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
    return Buffer.concat([Buffer.from('v11'), iv, c.getAuthTag(), body]);
  }
  decryptString(enc: Buffer): string {
    const iv = enc.subarray(3, 15);
    const d = createDecipheriv('aes-256-gcm', this.secret, iv);
    d.setAuthTag(enc.subarray(15, 31));
    return Buffer.concat([d.update(enc.subarray(31)), d.final()]).toString('utf8');
  }
}

// Small scrypt cost so the suite stays fast; the default (2^17) is checked separately.
const FAST: ScryptParams = { N: 1024, r: 8, p: 1 };
const key = randomBytes(32);

async function rejectsWith(p: Promise<unknown>, code: string) {
  await expect(p).rejects.toBeInstanceOf(KeyWrapError);
  await expect(p).rejects.toMatchObject({ code });
}

describe('safeStorage wrapping', () => {
  it('round-trips the key and never stores it in the clear', () => {
    const safe = new FakeSafeStorage();
    const file = wrapWithSafeStorage(key, safe, 'linux');
    expect(file).toMatchObject({ version: 1, method: 'safeStorage', backend: 'gnome_libsecret' });
    const text = JSON.stringify(file);
    expect(text).not.toContain(key.toString('hex'));
    expect(text).not.toContain(key.toString('base64'));
    const parsed = parseWrappedKey(text, 'key');
    expect(parsed.method).toBe('safeStorage');
    if (parsed.method === 'safeStorage') expect(unwrapWithSafeStorage(parsed, safe, 'linux').equals(key)).toBe(true);
  });

  it('refuses the Linux basic_text backend (a fixed password is not a keychain)', () => {
    const safe = new FakeSafeStorage('basic_text');
    expect(checkSafeStorage(safe, 'linux')).toMatchObject({ usable: false, reason: expect.stringContaining('basic_text') });
    expect(() => wrapWithSafeStorage(key, safe, 'linux')).toThrow(KeyWrapError);
    expect(safe.calls).toBe(0);
    expect(checkSafeStorage(new FakeSafeStorage('unknown'), 'linux').usable).toBe(false);
  });

  it('accepts real keychains and other platforms', () => {
    for (const backend of ['gnome_libsecret', 'kwallet', 'kwallet5', 'kwallet6']) expect(checkSafeStorage(new FakeSafeStorage(backend), 'linux').usable).toBe(true);
    expect(checkSafeStorage(new FakeSafeStorage('basic_text'), 'darwin')).toEqual({ usable: true, backend: 'macOS Keychain' });
    expect(checkSafeStorage(new FakeSafeStorage(undefined, false), 'win32').usable).toBe(false);
  });

  it('a key wrapped by a keychain that is gone now says so', () => {
    const file = wrapWithSafeStorage(key, new FakeSafeStorage(), 'linux');
    expect(() => unwrapWithSafeStorage(file, new FakeSafeStorage('basic_text'), 'linux')).toThrow(/not reachable/);
    // A different keychain secret cannot decrypt it.
    expect(() => unwrapWithSafeStorage(file, new FakeSafeStorage(), 'linux')).toThrow(expect.objectContaining({ code: 'KEYCHAIN_FAILED' }));
  });
});

describe('passphrase wrapping (scrypt)', () => {
  it('round-trips with the right passphrase', async () => {
    const file = await wrapWithPassphrase(key, 'correct horse battery', FAST);
    expect(file).toMatchObject({ method: 'passphrase', kdf: 'scrypt', params: FAST });
    expect((await unwrapWithPassphrase(file, 'correct horse battery')).equals(key)).toBe(true);
  });

  it('normalises Unicode so the same passphrase typed differently unlocks', async () => {
    const file = await wrapWithPassphrase(key, 'caf\u00e9-au-lait', FAST);
    expect((await unwrapWithPassphrase(file, 'cafe\u0301-au-lait')).equals(key)).toBe(true);
  });

  it('refuses a wrong passphrase with WRONG_PASSPHRASE', async () => {
    const file = await wrapWithPassphrase(key, 'correct horse battery', FAST);
    await rejectsWith(unwrapWithPassphrase(file, 'correct horse batterY'), 'WRONG_PASSPHRASE');
  });

  it('detects tampered parameters (authenticated header)', async () => {
    const file = await wrapWithPassphrase(key, 'correct horse battery', FAST);
    await rejectsWith(unwrapWithPassphrase({ ...file, params: { ...FAST, r: 4 } }, 'correct horse battery'), 'WRONG_PASSPHRASE');
  });

  it('refuses weak passphrases', async () => {
    await rejectsWith(wrapWithPassphrase(key, 'short', FAST), 'WEAK_PASSPHRASE');
    await rejectsWith(wrapWithPassphrase(key, 'aaaaaaaaaaaa', FAST), 'WEAK_PASSPHRASE');
  });

  it('the default cost is real (2^17) and still unlocks', async () => {
    const file = await wrapWithPassphrase(key, 'correct horse battery');
    expect(file.params.N).toBe(1 << 17);
    expect((await unwrapWithPassphrase(file, 'correct horse battery')).equals(key)).toBe(true);
  });

  it('rejects files that are not key files', () => {
    expect(() => parseWrappedKey('{nope', 'f')).toThrow(expect.objectContaining({ code: 'CORRUPT' }));
    expect(() => parseWrappedKey('{"version":1,"method":"plain","key":"00"}', 'f')).toThrow(expect.objectContaining({ code: 'CORRUPT' }));
    expect(() => parseWrappedKey(JSON.stringify({ version: 1, method: 'passphrase', kdf: 'scrypt', params: { N: 1000, r: 8, p: 1 }, created_at: '', salt: '', iv: '', tag: '', ciphertext: '' }), 'f')).toThrow();
  });
});

describe('SafeStorageKeyProvider', () => {
  const tmp = tempDirsEachTest('engram-key-');

  function asker(answers: Array<string | null>) {
    const seen: PassphraseRequest[] = [];
    return {
      seen,
      ask: async (req: PassphraseRequest) => {
        seen.push(req);
        return answers.length ? answers.shift()! : null;
      },
    };
  }

  it('creates a keychain-wrapped key once (0600) and returns the same key next start', async () => {
    const dir = tmp();
    const safe = new FakeSafeStorage();
    const never = asker([]);
    const p1 = new SafeStorageKeyProvider({ dataDir: dir, safeStorage: safe, platform: 'linux', askPassphrase: never.ask });
    const k1 = await p1.getKey();
    expect(k1.length).toBe(32);
    expect(p1.kind).toBe('OS keychain (gnome_libsecret)');
    const file = path.join(dir, WRAPPED_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).not.toContain(k1.toString('hex'));
    const k2 = await new SafeStorageKeyProvider({ dataDir: dir, safeStorage: safe, platform: 'linux', askPassphrase: never.ask }).getKey();
    expect(k2.equals(k1)).toBe(true);
    expect(never.seen).toEqual([]);
  });

  it('on basic_text asks for a new passphrase (re-asking after a weak one), then unlocks with it', async () => {
    const dir = tmp();
    const safe = new FakeSafeStorage('basic_text');
    const create = asker(['weak', 'a much better passphrase']);
    const p1 = new SafeStorageKeyProvider({ dataDir: dir, safeStorage: safe, platform: 'linux', askPassphrase: create.ask, scrypt: FAST });
    const k1 = await p1.getKey();
    expect(p1.kind).toBe('passphrase (scrypt)');
    expect(create.seen.map((r) => [r.mode, r.attempt, r.error])).toEqual([
      ['create', 1, null],
      ['create', 2, 'Use at least 8 characters.'],
    ]);
    expect(create.seen[0]!.reason).toContain('basic_text');
    expect(safe.calls).toBe(0);

    const unlock = asker(['wrong passphrase!', 'a much better passphrase']);
    const k2 = await new SafeStorageKeyProvider({ dataDir: dir, safeStorage: safe, platform: 'linux', askPassphrase: unlock.ask }).getKey();
    expect(k2.equals(k1)).toBe(true);
    expect(unlock.seen.map((r) => [r.mode, r.attempt, r.error])).toEqual([
      ['unlock', 1, null],
      ['unlock', 2, 'That passphrase is not correct.'],
    ]);
  });

  it('cancelling the prompt is a typed CANCELLED error and writes nothing', async () => {
    const dir = tmp();
    const p = new SafeStorageKeyProvider({ dataDir: dir, safeStorage: new FakeSafeStorage('basic_text'), platform: 'linux', askPassphrase: asker([null]).ask });
    await rejectsWith(p.getKey(), 'CANCELLED');
    expect(() => statSync(path.join(dir, WRAPPED_KEY_FILE))).toThrow();
  });

  it('gives up after too many wrong passphrases', async () => {
    const dir = tmp();
    await new SafeStorageKeyProvider({ dataDir: dir, safeStorage: new FakeSafeStorage('basic_text'), platform: 'linux', askPassphrase: asker(['the right passphrase']).ask, scrypt: FAST }).getKey();
    const p = new SafeStorageKeyProvider({ dataDir: dir, safeStorage: new FakeSafeStorage('basic_text'), platform: 'linux', askPassphrase: asker(['nope nope 1', 'nope nope 2', 'nope nope 3']).ask, maxAttempts: 3 });
    await rejectsWith(p.getKey(), 'WRONG_PASSPHRASE');
  });

  it('adopts an existing plaintext key (the CLI key file) instead of making a new one', async () => {
    const dir = tmp();
    const existing = randomBytes(32);
    const p = new SafeStorageKeyProvider({ dataDir: dir, safeStorage: new FakeSafeStorage(), platform: 'linux', askPassphrase: asker([]).ask, existingKey: async () => existing });
    expect((await p.getKey()).equals(existing)).toBe(true);
  });

  it('a damaged key file is reported, not replaced', async () => {
    const dir = tmp();
    writeFileSync(path.join(dir, WRAPPED_KEY_FILE), 'garbage');
    const p = new SafeStorageKeyProvider({ dataDir: dir, safeStorage: new FakeSafeStorage(), platform: 'linux', askPassphrase: asker([]).ask });
    await rejectsWith(p.getKey(), 'CORRUPT');
    expect(readFileSync(path.join(dir, WRAPPED_KEY_FILE), 'utf8')).toBe('garbage');
  });

  it('returns a copy, so a caller zeroing its buffer does not break the next call', async () => {
    const dir = tmp();
    const p = new SafeStorageKeyProvider({ dataDir: dir, safeStorage: new FakeSafeStorage(), platform: 'darwin', askPassphrase: asker([]).ask });
    const a = await p.getKey();
    const copy = Buffer.from(a);
    a.fill(0);
    expect((await p.getKey()).equals(copy)).toBe(true);
  });
});

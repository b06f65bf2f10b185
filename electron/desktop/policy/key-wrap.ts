import { createCipheriv, createDecipheriv, randomBytes, scrypt as scryptCb, type ScryptOptions } from 'node:crypto';
import { z } from 'zod';

/**
 * Wrapping the 256-bit master key for the desktop app (Signal Desktop's approach): the key file
 * holds only `safeStorage.encryptString(key)`, so the OS keychain guards it. On Linux a
 * `basic_text` backend means "no keychain, a hard-coded password" — that would be a plaintext key
 * in disguise, so it is refused and the key is wrapped with a passphrase the user types instead
 * (scrypt → AES-256-GCM).
 */

/** The slice of Electron's safeStorage we need, injected so this runs under Node. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only in Electron; absent elsewhere. */
  getSelectedStorageBackend?(): string;
}

export type KeyWrapErrorCode =
  | 'KEYCHAIN_UNAVAILABLE'
  | 'KEYCHAIN_FAILED'
  | 'WRONG_PASSPHRASE'
  | 'WEAK_PASSPHRASE'
  | 'CANCELLED'
  | 'CORRUPT';

export class KeyWrapError extends Error {
  constructor(
    readonly code: KeyWrapErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'KeyWrapError';
  }
}

const Base64 = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/).max(4096);
const pow2 = (n: number) => n > 0 && (n & (n - 1)) === 0;

export const ScryptParamsSchema = z.object({
  N: z.number().int().min(1024).max(1 << 21).refine(pow2, 'N must be a power of two'),
  r: z.number().int().min(1).max(32),
  p: z.number().int().min(1).max(16),
});
export type ScryptParams = z.infer<typeof ScryptParamsSchema>;

/** 2^17 × 8 × 128 B = 128 MiB and ~0.3–1 s per attempt: cheap once per start, dear for a guesser. */
export const DEFAULT_SCRYPT: ScryptParams = { N: 1 << 17, r: 8, p: 1 };

const SafeStorageWrapSchema = z.object({
  version: z.literal(1),
  method: z.literal('safeStorage'),
  /** Which keychain wrapped it (Linux backend name, or the platform) — shown on the privacy screen. */
  backend: z.string().max(64),
  created_at: z.string().max(64),
  wrapped: Base64,
});

const PassphraseWrapSchema = z.object({
  version: z.literal(1),
  method: z.literal('passphrase'),
  kdf: z.literal('scrypt'),
  params: ScryptParamsSchema,
  created_at: z.string().max(64),
  salt: Base64,
  iv: Base64,
  tag: Base64,
  ciphertext: Base64,
});

export const WrappedKeySchema = z.discriminatedUnion('method', [SafeStorageWrapSchema, PassphraseWrapSchema]);
export type WrappedKey = z.infer<typeof WrappedKeySchema>;
export type SafeStorageWrap = z.infer<typeof SafeStorageWrapSchema>;
export type PassphraseWrap = z.infer<typeof PassphraseWrapSchema>;

export type SafeStorageCheck = { usable: true; backend: string } | { usable: false; reason: string };

/** Backends that are not a real keychain: encryption with a constant password. */
const INSECURE_LINUX_BACKENDS = new Set(['basic_text', 'unknown']);

export function checkSafeStorage(safe: SafeStorageLike, platform: NodeJS.Platform): SafeStorageCheck {
  let available = false;
  try {
    available = safe.isEncryptionAvailable();
  } catch {
    available = false;
  }
  if (!available) return { usable: false, reason: 'the OS keychain is not available' };
  if (platform === 'linux') {
    const backend = safe.getSelectedStorageBackend?.() ?? 'unknown';
    if (INSECURE_LINUX_BACKENDS.has(backend)) {
      return { usable: false, reason: `no secret service found (safeStorage backend "${backend}" stores keys with a fixed password)` };
    }
    return { usable: true, backend };
  }
  return { usable: true, backend: platform === 'darwin' ? 'macOS Keychain' : platform === 'win32' ? 'Windows DPAPI' : platform };
}

function assertKey(key: Buffer): void {
  if (key.length !== 32) throw new KeyWrapError('CORRUPT', 'the master key must be 32 bytes');
}

export function wrapWithSafeStorage(key: Buffer, safe: SafeStorageLike, platform: NodeJS.Platform, now = new Date()): SafeStorageWrap {
  assertKey(key);
  const check = checkSafeStorage(safe, platform);
  if (!check.usable) throw new KeyWrapError('KEYCHAIN_UNAVAILABLE', `Cannot use the OS keychain: ${check.reason}.`);
  let wrapped: Buffer;
  try {
    wrapped = safe.encryptString(key.toString('base64'));
  } catch (err) {
    throw new KeyWrapError('KEYCHAIN_FAILED', 'The OS keychain refused to encrypt the key.', { cause: err });
  }
  return { version: 1, method: 'safeStorage', backend: check.backend, created_at: now.toISOString(), wrapped: wrapped.toString('base64') };
}

export function unwrapWithSafeStorage(file: SafeStorageWrap, safe: SafeStorageLike, platform: NodeJS.Platform): Buffer {
  const check = checkSafeStorage(safe, platform);
  if (!check.usable) {
    throw new KeyWrapError(
      'KEYCHAIN_UNAVAILABLE',
      `The key was stored in ${file.backend}, which is not reachable now (${check.reason}). Unlock your keychain and start Engram again.`,
    );
  }
  let text: string;
  try {
    text = safe.decryptString(Buffer.from(file.wrapped, 'base64'));
  } catch (err) {
    throw new KeyWrapError('KEYCHAIN_FAILED', `The OS keychain (${file.backend}) could not decrypt the key.`, { cause: err });
  }
  const key = Buffer.from(text, 'base64');
  if (key.length !== 32 || key.toString('base64') !== text) throw new KeyWrapError('CORRUPT', 'The key from the keychain is not a 256-bit key.');
  return key;
}

export const MIN_PASSPHRASE_LENGTH = 8;

/** One line saying why a new passphrase is not acceptable, or null. */
export function passphraseProblem(passphrase: string): string | null {
  if (passphrase.length < MIN_PASSPHRASE_LENGTH) return `Use at least ${MIN_PASSPHRASE_LENGTH} characters.`;
  if (passphrase.length > 1024) return 'Use at most 1024 characters.';
  if (new Set(passphrase).size < 3) return 'Use more than one or two different characters.';
  return null;
}

function scrypt(passphrase: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    // NFKC so the same passphrase typed on another keyboard layout / OS still unlocks.
    scryptCb(passphrase.normalize('NFKC'), salt, 32, options, (err, derived) => (err ? reject(err) : resolve(derived)));
  });
}

/** The header fields are authenticated (GCM AAD), so tampering with the parameters is detected. */
function aad(file: Pick<PassphraseWrap, 'version' | 'method' | 'kdf' | 'params'>): Buffer {
  return Buffer.from(JSON.stringify([file.version, file.method, file.kdf, file.params.N, file.params.r, file.params.p]));
}

export async function wrapWithPassphrase(key: Buffer, passphrase: string, params: ScryptParams = DEFAULT_SCRYPT, now = new Date()): Promise<PassphraseWrap> {
  assertKey(key);
  const problem = passphraseProblem(passphrase);
  if (problem) throw new KeyWrapError('WEAK_PASSPHRASE', problem);
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const kek = await scrypt(passphrase, salt, params);
  const header = { version: 1 as const, method: 'passphrase' as const, kdf: 'scrypt' as const, params };
  const cipher = createCipheriv('aes-256-gcm', kek, iv);
  cipher.setAAD(aad(header));
  const ciphertext = Buffer.concat([cipher.update(key), cipher.final()]);
  kek.fill(0);
  return {
    ...header,
    created_at: now.toISOString(),
    salt: salt.toString('base64'),
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    ciphertext: ciphertext.toString('base64'),
  };
}

export async function unwrapWithPassphrase(file: PassphraseWrap, passphrase: string): Promise<Buffer> {
  const kek = await scrypt(passphrase, Buffer.from(file.salt, 'base64'), file.params);
  try {
    const decipher = createDecipheriv('aes-256-gcm', kek, Buffer.from(file.iv, 'base64'));
    decipher.setAAD(aad(file));
    decipher.setAuthTag(Buffer.from(file.tag, 'base64'));
    const key = Buffer.concat([decipher.update(Buffer.from(file.ciphertext, 'base64')), decipher.final()]);
    if (key.length !== 32) throw new KeyWrapError('CORRUPT', 'The key file does not hold a 256-bit key.');
    return key;
  } catch (err) {
    if (err instanceof KeyWrapError) throw err;
    // GCM cannot tell a wrong passphrase from a tampered file; the wrong passphrase is far likelier.
    throw new KeyWrapError('WRONG_PASSPHRASE', 'That passphrase is not correct.');
  } finally {
    kek.fill(0);
  }
}

export function parseWrappedKey(text: string, origin: string): WrappedKey {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new KeyWrapError('CORRUPT', `${origin} is not valid JSON.`);
  }
  const parsed = WrappedKeySchema.safeParse(json);
  if (!parsed.success) throw new KeyWrapError('CORRUPT', `${origin} is not an Engram key file.`);
  return parsed.data;
}

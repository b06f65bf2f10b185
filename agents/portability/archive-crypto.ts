import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import { DEFAULT_SCRYPT, type ArchiveKeySpec } from './archive-format.js';
import { PortabilityError } from './portability-error.js';

const NONCE = 12;
const TAG = 16;
const KEY_CHECK_TEXT = 'engram-archive-key-check-v1';

/** What unlocks an archive: the store's master key, or a passphrase the user chose. */
export type ArchiveSecret = { masterKey: Buffer; passphrase?: undefined } | { passphrase: string; masterKey?: undefined };

export function newKeySpec(secret: ArchiveSecret, scrypt: { N: number; r: number; p: number } = DEFAULT_SCRYPT): ArchiveKeySpec {
  const salt = randomBytes(16).toString('base64');
  if (secret.passphrase !== undefined) return { source: 'passphrase', kdf: 'scrypt', ...scrypt, salt };
  return { source: 'master-key', salt };
}

export function deriveArchiveKey(spec: ArchiveKeySpec, secret: ArchiveSecret, name: string): Buffer {
  const salt = Buffer.from(spec.salt, 'base64');
  if (spec.source === 'master-key') {
    if (!secret.masterKey) throw new PortabilityError('WRONG_KEY', `${name} is locked with an Engram master key, not a passphrase; import it without a passphrase into the data dir (or key) it came from`);
    return Buffer.from(hkdfSync('sha256', secret.masterKey, salt, 'engram-archive-v1', 32));
  }
  if (secret.passphrase === undefined) {
    throw new PortabilityError('WRONG_KEY', `${name} is protected by a passphrase; give it with --passphrase-file FILE or $ENGRAM_ARCHIVE_PASSPHRASE`);
  }
  if (secret.passphrase.length === 0) throw new PortabilityError('WRONG_KEY', 'the passphrase is empty');
  return scryptSync(secret.passphrase.normalize('NFC'), salt, 32, { N: spec.N, r: spec.r, p: spec.p, maxmem: 256 * spec.N * spec.r + 1024 * 1024 });
}

export function keyCheck(key: Buffer): string {
  return createHmac('sha256', key).update(KEY_CHECK_TEXT).digest().subarray(0, 16).toString('base64');
}

export function keyMatches(key: Buffer, check: string): boolean {
  const want = Buffer.from(check, 'base64');
  const got = Buffer.from(keyCheck(key), 'base64');
  return want.length === got.length && timingSafeEqual(want, got);
}

export function headerDigest(headerBytes: Buffer): Buffer {
  return createHash('sha256').update(headerBytes).digest();
}

function aad(digest: Buffer, index: number, last: boolean): Buffer {
  const tail = Buffer.alloc(5);
  tail.writeUInt32BE(index, 0);
  tail.writeUInt8(last ? 1 : 0, 4);
  return Buffer.concat([digest, tail]);
}

/** nonce | ciphertext | tag, bound to this archive, this position, and whether it is the last entry. */
export function sealEntry(key: Buffer, digest: Buffer, index: number, last: boolean, plain: Buffer): Buffer {
  const nonce = randomBytes(NONCE);
  const c = createCipheriv('aes-256-gcm', key, nonce);
  c.setAAD(aad(digest, index, last));
  const body = Buffer.concat([c.update(plain), c.final()]);
  return Buffer.concat([nonce, body, c.getAuthTag()]);
}

/** Null when the entry does not authenticate (tampered, truncated, reordered, or not the last when it claims to be). */
export function openEntry(key: Buffer, digest: Buffer, index: number, last: boolean, sealed: Buffer): Buffer | null {
  if (sealed.length < NONCE + TAG) return null;
  try {
    const d = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, NONCE));
    d.setAAD(aad(digest, index, last));
    d.setAuthTag(sealed.subarray(sealed.length - TAG));
    return Buffer.concat([d.update(sealed.subarray(NONCE, sealed.length - TAG)), d.final()]);
  } catch {
    return null;
  }
}

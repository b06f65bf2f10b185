import { createDecipheriv, createHmac, pbkdf2Sync } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';

/**
 * Decrypts every page of an Engram database file (and every frame of its WAL) with the master key,
 * outside SQLite. The store uses SQLite3MultipleCiphers' SQLCipher v4 scheme with a raw key: each
 * page is AES-256-CBC under the key itself, with a 16-byte IV and a 64-byte HMAC-SHA512 in an
 * 80-byte reserve at its end; page 1 starts with the 16-byte salt and 8 clear header bytes. Reading raw pages (free pages,
 * freelist trunks, stale WAL frames included) is what proves secure_delete left no plaintext
 * behind; SQLite's own sqlite_dbpage is not compiled into this build.
 */
const PAGE = 4096;
const RESERVE = 80;
const IV = 16;
const SALT = 16;
/** Page 1 keeps bytes 16-23 of the SQLite header (page size, reserve) in the clear, after the salt. */
const PAGE1_OFFSET = 24;

export interface DecryptedPages {
  /** Plaintext of each page (page 1 without its salt and clear header bytes), in file order. */
  pages: Buffer[];
  /** Pages whose HMAC did not verify (should be 0: a wrong key or a damaged file otherwise). */
  badHmac: number;
}

function hmacKey(key: Buffer, salt: Buffer): Buffer {
  const hmacSalt = Buffer.from(salt.map((b) => b ^ 0x3a));
  return pbkdf2Sync(key, hmacSalt, 2, 32, 'sha512');
}

function decryptPage(raw: Buffer, pgno: number, key: Buffer, macKey: Buffer): { plain: Buffer; hmacOk: boolean } {
  const offset = pgno === 1 ? PAGE1_OFFSET : 0;
  const body = raw.subarray(offset, PAGE - RESERVE);
  const iv = raw.subarray(PAGE - RESERVE, PAGE - RESERVE + IV);
  const mac = raw.subarray(PAGE - RESERVE + IV, PAGE - RESERVE + IV + 64);
  const pg = Buffer.alloc(4);
  pg.writeUInt32LE(pgno);
  const expect = createHmac('sha512', macKey).update(body).update(iv).update(pg).digest();
  // Whole AES blocks only: on page 1 the encrypted span is 8 bytes short of a block multiple, and
  // SQLite3MultipleCiphers leaves that tail as it is.
  const whole = body.length - (body.length % 16);
  const d = createDecipheriv('aes-256-cbc', key, iv);
  d.setAutoPadding(false);
  const plain = Buffer.concat([d.update(body.subarray(0, whole)), d.final(), body.subarray(whole)]);
  return { plain, hmacOk: expect.equals(mac) };
}

/** Every page of the main database file, decrypted. */
export function decryptDatabasePages(path: string, key: Buffer): DecryptedPages {
  const file = readFileSync(path);
  if (file.length === 0) return { pages: [], badHmac: 0 };
  const salt = file.subarray(0, SALT);
  const macKey = hmacKey(key, salt);
  const pages: Buffer[] = [];
  let bad = 0;
  for (let i = 0; i + PAGE <= file.length; i += PAGE) {
    const { plain, hmacOk } = decryptPage(file.subarray(i, i + PAGE), i / PAGE + 1, key, macKey);
    pages.push(plain);
    if (!hmacOk) bad++;
  }
  return { pages, badHmac: bad };
}

/** Every page image held in the WAL file (current and stale frames), decrypted with the main file's salt. */
export function decryptWalFrames(dbPath: string, key: Buffer): DecryptedPages {
  const walPath = `${dbPath}-wal`;
  if (!existsSync(walPath)) return { pages: [], badHmac: 0 };
  const wal = readFileSync(walPath);
  if (wal.length < 32) return { pages: [], badHmac: 0 };
  const salt = readFileSync(dbPath).subarray(0, SALT);
  const macKey = hmacKey(key, salt);
  const pages: Buffer[] = [];
  let bad = 0;
  for (let off = 32; off + 24 + PAGE <= wal.length; off += 24 + PAGE) {
    const pgno = wal.readUInt32BE(off);
    if (pgno === 0) continue;
    const { plain, hmacOk } = decryptPage(wal.subarray(off + 24, off + 24 + PAGE), pgno, key, macKey);
    pages.push(plain);
    if (!hmacOk) bad++;
  }
  return { pages, badHmac: bad };
}

/** Which needles occur (UTF-8, case-sensitive and lower-cased) in any of the pages. */
export function needlesInPages(pages: Buffer[], needles: string[]): string[] {
  const found = new Set<string>();
  for (const p of pages) {
    for (const n of needles) {
      if (found.has(n)) continue;
      if (p.includes(Buffer.from(n)) || p.includes(Buffer.from(n.toLowerCase()))) found.add(n);
    }
  }
  return [...found];
}

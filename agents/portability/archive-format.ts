import { z } from 'zod';
import { IsoTime } from '../../shared/index.js';

/**
 * The encrypted archive (export --with-frames):
 *
 *   MAGIC (16 bytes) | u32 header length | header JSON (clear: format, key derivation, key check)
 *   then entries: u32 sealed length | nonce (12) | AES-256-GCM ciphertext | tag (16)
 *
 * Each entry's additional data is sha256(header) | u32 index | u8 last-flag, so entries cannot be
 * reordered, dropped, moved between archives, or cut off at the end without the import noticing.
 * Plaintext of an entry: u8 type | payload. Frames come first (their images stream from the store),
 * then the document (memories and sources, naming every frame written), then END as the last entry.
 */
export const ARCHIVE_MAGIC = Buffer.from('ENGRAM-ARCHIVE\n\0', 'latin1');
export const ARCHIVE_FORMAT = 'engram-archive';
export const ARCHIVE_FORMAT_VERSION = 1;
export const MAX_ENTRY_BYTES = 1024 * 1024 * 1024;

export const ENTRY_FRAME = 2;
export const ENTRY_DOCUMENT = 1;
export const ENTRY_END = 3;

/** scrypt cost for passphrase archives: N = 2^17 (128 MiB, about a second); the archive records it. */
export const DEFAULT_SCRYPT = { N: 2 ** 17, r: 8, p: 1 };
export const MAX_SCRYPT_N = 2 ** 20;

export const ArchiveKeySpecSchema = z.discriminatedUnion('source', [
  /** HKDF-SHA256(master key, salt, "engram-archive-v1"): opens only where the same master key is used. */
  z.object({ source: z.literal('master-key'), salt: z.base64() }),
  /** scrypt(passphrase, salt): opens anywhere with the passphrase. */
  z.object({
    source: z.literal('passphrase'),
    kdf: z.literal('scrypt'),
    N: z.number().int().min(2 ** 10).max(MAX_SCRYPT_N),
    r: z.number().int().min(1).max(32),
    p: z.number().int().min(1).max(16),
    salt: z.base64(),
  }),
]);
export type ArchiveKeySpec = z.infer<typeof ArchiveKeySpecSchema>;

export const ArchiveHeaderSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  format_version: z.number().int().min(1),
  created_at: IsoTime,
  key: ArchiveKeySpecSchema,
  /** HMAC of a fixed text under the archive key: a wrong key or passphrase is named as such, not as damage. */
  key_check: z.base64(),
});
export type ArchiveHeader = z.infer<typeof ArchiveHeaderSchema>;

const Millis = z.number().int().min(0);
const Id = z.string().regex(/^[a-z]{2,5}_[0-9a-z]{26}$/, 'not an Engram id');

export const ArchiveFrameSchema = z.object({
  id: Id,
  display: z.string(),
  captured_at: Millis,
  width: z.number().int().min(0),
  height: z.number().int().min(0),
  phash: z.string(),
  app: z.string().nullable(),
  title: z.string().nullable(),
  url: z.string().nullable(),
});
export type ArchiveFrame = z.infer<typeof ArchiveFrameSchema>;

export const ArchiveObservationSchema = z.object({
  id: Id,
  kind: z.enum(['screen', 'audio']),
  frame_id: z.string().nullable(),
  audio_id: z.string().nullable(),
  display: z.string().nullable(),
  observed_at: Millis,
  app: z.string().nullable(),
  title: z.string().nullable(),
  url: z.string().nullable(),
  text: z.string(),
  caption: z.string().nullable(),
  processed_at: Millis.nullable(),
});

export const ArchiveThreadSchema = z.object({ id: Id, title: z.string(), created_at: Millis, updated_at: Millis });

export const ArchiveMessageSchema = z.object({
  id: Id,
  thread_id: Id,
  role: z.enum(['system', 'user', 'assistant', 'tool']),
  text: z.string(),
  raw: z.unknown(),
  created_at: Millis,
  status: z.enum(['complete', 'partial', 'error']),
  processed_at: Millis.nullable(),
});

/** The document entry: the JSON export (validated by the same rules) plus the sources memories cite. */
export const ArchiveDocumentSchema = z.object({
  export: z.unknown(),
  sources: z.object({
    frames: z.array(ArchiveFrameSchema),
    observations: z.array(ArchiveObservationSchema),
    threads: z.array(ArchiveThreadSchema),
    messages: z.array(ArchiveMessageSchema),
  }),
});
export type ArchiveSources = z.infer<typeof ArchiveDocumentSchema>['sources'];

export const ArchiveEndSchema = z.object({ frames: z.number().int().min(0), entries: z.number().int().min(0) });

import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { ChangeRecordSchema, type ChangeRecord } from './change-record.js';
import { SyncError } from './sync-error.js';

/*
 * A segment file: a clear header, then AES-256-GCM over the padded records.
 *   'ENGS' | version (1 byte) | device id (16 bytes) | sequence number (u64 BE) | nonce (12) | ciphertext | tag (16)
 * The plaintext: length (u32 BE) | JSON {v: 1, records} | length (u32 BE) | JSON trailer | zeros.
 * The header is the authenticated data, so a segment renumbered or credited to another device does
 * not open; the key is derived for the folder (its id is the HKDF salt), so one from another folder
 * does not either. The ciphertext is always a padding bucket
 * long, so a file's size says only roughly how many changes it holds, never how long a memory is.
 */
const MAGIC = Buffer.from('ENGS', 'ascii');
const VERSION = 1;
export const HEADER_BYTES = 4 + 1 + 16 + 8;
const NONCE = 12;
const TAG = 16;
const MIN_BUCKET = 1024;
/** Larger batches are split by the writer; a segment claiming more is not ours. */
export const MAX_SEGMENT_PLAIN = 1024 * 1024;

/** Everything needed to seal and open: the shared sync key, the folder it is for, and this device. */
export interface SyncIdentity {
  /** 32 bytes shared by the user's devices (pairing). */
  key: Buffer;
  /** 32 hex digits, the same on every device of the folder. */
  folderId: string;
  /** 32 hex digits, this device's own. */
  device: string;
}

export interface SegmentHeader {
  device: string;
  seq: number;
}

export interface OpenedSegment extends SegmentHeader {
  records: ChangeRecord[];
  /** The writer's trailer; null for a segment written before trailers (or one that does not parse): detectors 0. */
  trailer: SegmentTrailer | null;
}

const PayloadSchema = z.object({ v: z.literal(1), records: z.array(ChangeRecordSchema) }).strict();

/**
 * What the writer says about its records, in the padding after them. An Engram from before the
 * trailer reads only the first length's JSON, strictly (its PayloadSchema refuses an unknown key
 * and its header check refuses another format byte, so neither could carry this), and never looks
 * at the padding: the trailer reaches newer devices and costs older ones nothing. It is sealed with
 * the records, so only a holder of the sync key can write it.
 * - `detectors`: the generation of redaction detectors (shared/redaction DETECTORS_VERSION) that
 *   judged the records' text; a segment without a trailer was written before it: 0.
 * - `by_hand`: ids of memories in the segment the user edited by hand, left as written (as the
 *   re-scrub leaves them).
 * Not strict: a later Engram may add keys, which this one passes over.
 */
export const SegmentTrailerSchema = z.object({
  detectors: z.number().int().nonnegative(),
  by_hand: z.array(z.string().max(200)).max(100_000).optional(),
  /** The name the writer gives itself (shared/api device-name.ts), for display only; one that does not read is passed over, not the trailer. */
  device_name: z.string().max(200).optional().catch(undefined),
});
export type SegmentTrailer = z.infer<typeof SegmentTrailerSchema>;

/** The smallest bucket (1 KiB, then powers of two) that holds n bytes. */
export function bucketSize(n: number): number {
  let b = MIN_BUCKET;
  while (b < n) b *= 2;
  return b;
}

function isBucket(n: number): boolean {
  return n >= MIN_BUCKET && (n & (n - 1)) === 0;
}

function segmentKey(id: SyncIdentity): Buffer {
  if (id.key.length !== 32) throw new SyncError('IO', 'the sync key must be 32 bytes');
  return Buffer.from(hkdfSync('sha256', id.key, Buffer.from(id.folderId, 'hex'), 'engram-sync-segment-v1', 32));
}

function header(device: string, seq: number): Buffer {
  const h = Buffer.alloc(HEADER_BYTES);
  MAGIC.copy(h, 0);
  h.writeUInt8(VERSION, 4);
  Buffer.from(device, 'hex').copy(h, 5);
  h.writeBigUInt64BE(BigInt(seq), 21);
  return h;
}

/** The plaintext of a segment, padded to its bucket: length (u32 BE) | JSON | [length (u32 BE) | trailer JSON] | zeros. */
function pad(json: Buffer, trailer: Buffer | null): Buffer {
  const used = json.length + 4 + (trailer ? trailer.length + 4 : 0);
  const out = Buffer.alloc(bucketSize(used));
  out.writeUInt32BE(json.length, 0);
  json.copy(out, 4);
  if (trailer) {
    out.writeUInt32BE(trailer.length, 4 + json.length);
    trailer.copy(out, 8 + json.length);
  }
  return out;
}

/** The bytes of the records as they would be sealed, to let the writer split a batch under MAX_SEGMENT_PLAIN. */
export function recordsBytes(records: ChangeRecord[]): number {
  return Buffer.byteLength(JSON.stringify({ v: 1, records })) + 4;
}

/** The bytes a trailer adds to the plaintext. */
export function trailerBytes(trailer: SegmentTrailer): number {
  return Buffer.byteLength(JSON.stringify(trailer)) + 4;
}

/** Seals records; without a trailer the segment is as an Engram before trailers wrote it (tests stand in for one so). */
export function sealSegment(id: SyncIdentity, seq: number, records: ChangeRecord[], trailer: SegmentTrailer | null = null): Buffer {
  const json = Buffer.from(JSON.stringify({ v: 1, records }));
  const tail = trailer ? Buffer.from(JSON.stringify(SegmentTrailerSchema.parse(trailer))) : null;
  if (json.length + 4 + (tail ? tail.length + 4 : 0) > MAX_SEGMENT_PLAIN) throw new SyncError('IO', `a segment holds at most ${MAX_SEGMENT_PLAIN} bytes; split the batch`);
  const head = header(id.device, seq);
  const nonce = randomBytes(NONCE);
  const c = createCipheriv('aes-256-gcm', segmentKey(id), nonce);
  c.setAAD(head);
  const body = Buffer.concat([c.update(pad(json, tail)), c.final()]);
  return Buffer.concat([head, nonce, body, c.getAuthTag()]);
}

/** The clear header only (who wrote it, which number), without opening it; null when not a segment. */
export function readHeader(bytes: Buffer): SegmentHeader | null {
  if (bytes.length < HEADER_BYTES || !bytes.subarray(0, 4).equals(MAGIC)) return null;
  return { device: bytes.subarray(5, 21).toString('hex'), seq: Number(bytes.readBigUInt64BE(21)) };
}

/** Opens and checks a segment, or throws a SyncError whose message is one line naming `name`. */
export function openSegment(id: SyncIdentity, bytes: Buffer, name: string): OpenedSegment {
  if (bytes.length < 4 || !bytes.subarray(0, 4).equals(MAGIC)) throw new SyncError('FOREIGN', `${name} is not an Engram sync segment`);
  if (bytes.length < HEADER_BYTES + NONCE + TAG + MIN_BUCKET) throw new SyncError('TRUNCATED', `${name} is cut short (${bytes.length} bytes); refused`);
  const version = bytes.readUInt8(4);
  if (version !== VERSION) throw new SyncError('INVALID', `${name} is segment format ${version}, made by a newer Engram; update Engram on this device`);
  const ctLength = bytes.length - HEADER_BYTES - NONCE - TAG;
  if (!isBucket(ctLength)) throw new SyncError('TRUNCATED', `${name} is cut short or padded wrongly (${bytes.length} bytes); refused`);
  const head = bytes.subarray(0, HEADER_BYTES);
  const { device, seq } = readHeader(bytes) as SegmentHeader;
  let plain: Buffer;
  try {
    const d = createDecipheriv('aes-256-gcm', segmentKey(id), bytes.subarray(HEADER_BYTES, HEADER_BYTES + NONCE));
    d.setAAD(head);
    d.setAuthTag(bytes.subarray(bytes.length - TAG));
    plain = Buffer.concat([d.update(bytes.subarray(HEADER_BYTES + NONCE, bytes.length - TAG)), d.final()]);
  } catch {
    throw new SyncError('TAMPERED', `${name} does not authenticate (changed, or sealed with another sync key or for another folder); refused`);
  }
  const length = plain.readUInt32BE(0);
  if (length > plain.length - 4) throw new SyncError('INVALID', `${name} has a bad length inside; refused`);
  let payload: z.infer<typeof PayloadSchema>;
  try {
    payload = PayloadSchema.parse(JSON.parse(plain.subarray(4, 4 + length).toString('utf8')));
  } catch {
    throw new SyncError('INVALID', `${name} holds records this Engram cannot read (a newer version?); refused`);
  }
  return { device, seq, records: payload.records, trailer: readTrailer(plain, 4 + length) };
}

/**
 * The trailer after the records, or null: zeros there (a segment from before trailers), or a trailer
 * that does not parse, read as detectors 0, so what it brings is judged again here rather than trusted.
 */
function readTrailer(plain: Buffer, at: number): SegmentTrailer | null {
  if (at + 4 > plain.length) return null;
  const length = plain.readUInt32BE(at);
  if (length === 0 || length > plain.length - at - 4) return null;
  try {
    return SegmentTrailerSchema.parse(JSON.parse(plain.subarray(at + 4, at + 4 + length).toString('utf8')));
  } catch {
    return null;
  }
}

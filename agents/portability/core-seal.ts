import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { ExportedMemorySchema, type ExportedMemory } from './export-document.js';

/**
 * The seal an export puts on its core blocks (issue 28). A core block is in every answer's prompt,
 * so a line restored into one steers Engram as the user's own words do; a JSON export is plain text
 * anyone can write or edit, and an archive sealed with a passphrase opens for whoever was given it.
 * The export's writer signs its core memories with a key only this Engram's master key gives
 * (HMAC-SHA256 under HKDF(master key, "engram-export-core-seal-v1")); the importer restores core
 * blocks only from a file whose seal it can check, i.e. the user's own export put back.
 */
const INFO = 'engram-export-core-seal-v1';

const sealKey = (masterKey: Buffer): Buffer => Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), INFO, 32));

/** JSON with every object's keys in order: the same memory gives the same bytes, however it was read. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

/** The core memories of an export as an importer reads them (written to JSON and parsed back). */
const asRead = (m: ExportedMemory): ExportedMemory => ExportedMemorySchema.parse(JSON.parse(JSON.stringify(m)));

function digest(masterKey: Buffer, memories: readonly ExportedMemory[]): Buffer {
  const h = createHmac('sha256', sealKey(masterKey));
  for (const m of memories) if (m.kind === 'core') h.update(canonical(asRead(m))).update('\n');
  return h.digest();
}

/** The seal of an export's core memories (in file order), base64. */
export function coreSeal(masterKey: Buffer, memories: readonly ExportedMemory[]): string {
  return digest(masterKey, memories).toString('base64');
}

/** Did this Engram (its master key) seal these core memories as they stand? False without a seal. */
export function coreSealHolds(masterKey: Buffer, memories: readonly ExportedMemory[], seal: string | undefined): boolean {
  if (!seal) return false;
  const want = Buffer.from(seal, 'base64');
  const got = digest(masterKey, memories);
  return want.length === got.length && timingSafeEqual(want, got);
}

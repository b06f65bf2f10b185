import { createHash, randomBytes } from 'node:crypto';
import { openSync, readdirSync, readFileSync, readSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileDurable } from '../store/index.js';
import type { ChangeRecord } from './change-record.js';
import { HEADER_BYTES, MAX_SEGMENT_PLAIN, openSegment, readHeader, recordsBytes, sealSegment, trailerBytes, type OpenedSegment, type SyncIdentity } from './segment-seal.js';
import { SyncError, type SyncErrorCode } from './sync-error.js';

/** Segment files: a random name, so nothing about their content, date or device shows in the folder listing. */
const SEGMENT_NAME = /^[0-9a-f]{32}\.egs$/;
const REFUSED_CODES = ['TAMPERED', 'TRUNCATED', 'REPLAYED', 'FOREIGN', 'INVALID'] as const;

const ImportedSchema = z.object({ device: z.string(), seq: z.number().int(), sha: z.string() });

/**
 * What this device has imported from, and refused in, the sync folder. Kept on this device (never
 * in the folder). Saved after the records of a pass are applied: a crash in between imports the
 * same segments again, which changes nothing (imports are idempotent).
 */
export const SyncLedgerSchema = z.object({
  v: z.literal(1),
  /** File name → whose segment, which number, and the hash of its bytes. Own segments too. */
  imported: z.record(z.string(), ImportedSchema),
  /** Refused files by name, with the hash refused, so each bad file is counted once until it changes. */
  refused: z.record(z.string(), z.object({ sha: z.string(), code: z.enum(REFUSED_CODES), message: z.string() })),
  counts: z.object({ TAMPERED: z.number(), TRUNCATED: z.number(), REPLAYED: z.number(), FOREIGN: z.number(), INVALID: z.number() }),
  /** Highest sequence number this device has written. */
  lastSeq: z.number().int().nonnegative(),
  /** Other devices: their highest imported number and when this device last imported from them (epoch ms). */
  devices: z.record(z.string(), z.object({ lastSeq: z.number().int(), lastSeenAt: z.number() })),
});
export type SyncLedger = z.infer<typeof SyncLedgerSchema>;

export function emptyLedger(): SyncLedger {
  return { v: 1, imported: {}, refused: {}, counts: { TAMPERED: 0, TRUNCATED: 0, REPLAYED: 0, FOREIGN: 0, INVALID: 0 }, lastSeq: 0, devices: {} };
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

function segmentNames(dir: string): string[] {
  try {
    return readdirSync(dir).filter((n) => SEGMENT_NAME.test(n)).sort();
  } catch (err) {
    throw new SyncError('IO', `cannot read the sync folder ${dir}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
}

/** This device's highest number already in the folder: a device whose ledger was lost must not reuse one (others would refuse it as a replay). */
function highestOwnSeq(dir: string, device: string): number {
  let max = 0;
  const head = Buffer.alloc(HEADER_BYTES);
  for (const name of segmentNames(dir)) {
    const fd = openSync(join(dir, name), 'r');
    try {
      const n = readSync(fd, head, 0, HEADER_BYTES, 0);
      const h = n === HEADER_BYTES ? readHeader(head) : null;
      if (h && h.device === device) max = Math.max(max, h.seq);
    } finally {
      closeSync(fd);
    }
  }
  return max;
}

/** What the writer says in each segment's trailer (segment-seal.ts): its detectors, and which memories the user edited by hand. */
export interface WriterNote {
  detectors: number;
  byHand: (memoryId: string) => boolean;
  /** The name this device gives itself, for the other devices to show beside its id. */
  name?: string | null;
}

const handMarked = (r: ChangeRecord, note: WriterNote | null): boolean => note !== null && r.op === 'memory.put' && note.byHand(r.id);

/**
 * Records cut into batches that each seal under the segment size limit. A batch's sealed JSON is
 * the empty batch's plus each record's own JSON and a comma between them, so its size is kept as a
 * running sum: measuring the whole batch again for every record made a 10,000-memory export take
 * ~2 ms of CPU per memory (quadratic in the records per segment). The trailer's grows the same way:
 * each memory edited by hand adds its id to it.
 */
export function batches(records: ChangeRecord[], note: WriterNote | null = null): ChangeRecord[][] {
  const empty = recordsBytes([]) + (note ? trailerBytes({ detectors: note.detectors, by_hand: [], ...(note.name ? { device_name: note.name } : {}) }) : 0);
  const out: ChangeRecord[][] = [];
  let cur: ChangeRecord[] = [];
  let size = empty;
  for (const r of records) {
    // A hand-marked id adds its JSON string and, at worst, a comma to the trailer.
    const own = Buffer.byteLength(JSON.stringify(r)) + (handMarked(r, note) ? Buffer.byteLength(JSON.stringify((r as { id: string }).id)) + 1 : 0);
    const grown = size + own + (cur.length > 0 ? 1 : 0);
    if (cur.length > 0 && grown > MAX_SEGMENT_PLAIN) {
      out.push(cur);
      cur = [];
      size = empty;
    }
    size += own + (cur.length > 0 ? 1 : 0);
    cur.push(r);
  }
  if (cur.length > 0) out.push(cur);
  return out;
}

/**
 * Appends records to the folder as new sealed segments of this device (one per ~1 MiB of records),
 * each written durably under a random name, with the writer's note as its trailer (none: as an
 * Engram before trailers wrote it); updates the ledger. Returns the file names written.
 */
export function writeSegments(dir: string, id: SyncIdentity, ledger: SyncLedger, records: ChangeRecord[], note: WriterNote | null = null): string[] {
  if (records.length === 0) return [];
  let seq = Math.max(ledger.lastSeq, highestOwnSeq(dir, id.device));
  const names: string[] = [];
  for (const batch of batches(records, note)) {
    seq += 1;
    const byHand = note ? [...new Set(batch.filter((r) => handMarked(r, note)).map((r) => (r as { id: string }).id))] : [];
    const bytes = sealSegment(id, seq, batch, note ? { detectors: note.detectors, ...(byHand.length ? { by_hand: byHand } : {}), ...(note.name ? { device_name: note.name } : {}) } : null);
    const name = `${randomBytes(16).toString('hex')}.egs`;
    writeFileDurable(join(dir, name), bytes, { exclusive: true, mode: 0o600 });
    ledger.imported[name] = { device: id.device, seq, sha: sha256(bytes) };
    ledger.lastSeq = seq;
    names.push(name);
  }
  return names;
}

export interface ImportRefusal {
  name: string;
  code: SyncErrorCode;
  message: string;
}

export interface ImportResult {
  /** Other devices' segments applied in this pass. */
  imported: number;
  /** Files refused for the first time in this pass (each also counted in the ledger). */
  refused: ImportRefusal[];
}

/**
 * One import pass over the folder: every segment not yet imported is opened and checked, and the
 * others' are handed to `apply` (ordered by device, then number). Refused files change nothing;
 * if `apply` throws, the pass stops and what was not applied stays unimported, to be tried again.
 * The caller saves the ledger after the pass.
 */
export async function importSegments(
  dir: string,
  id: SyncIdentity,
  ledger: SyncLedger,
  apply: (segment: OpenedSegment) => Promise<void> | void,
  now: () => number = Date.now,
): Promise<ImportResult> {
  const refused: ImportRefusal[] = [];
  const seen = new Map<string, { name: string; sha: string }>();
  for (const [name, e] of Object.entries(ledger.imported)) seen.set(`${e.device}:${e.seq}`, { name, sha: e.sha });
  const refuse = (name: string, sha: string, err: SyncError) => {
    const code = (REFUSED_CODES as readonly string[]).includes(err.code) ? (err.code as (typeof REFUSED_CODES)[number]) : 'INVALID';
    ledger.refused[name] = { sha, code, message: err.message };
    ledger.counts[code] += 1;
    refused.push({ name, code, message: err.message });
  };
  const fresh: { name: string; sha: string; segment: OpenedSegment }[] = [];
  for (const name of segmentNames(dir)) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(join(dir, name));
    } catch {
      continue; // removed or renamed under us by the replicator: the next pass sees it as it is then
    }
    const sha = sha256(bytes);
    const had = ledger.imported[name];
    if (had?.sha === sha || ledger.refused[name]?.sha === sha) continue;
    let segment: OpenedSegment;
    try {
      segment = openSegment(id, bytes, name);
    } catch (err) {
      if (err instanceof SyncError) refuse(name, sha, err);
      else throw err;
      continue;
    }
    const key = `${segment.device}:${segment.seq}`;
    const prior = seen.get(key);
    if (prior) {
      const what = prior.name === name ? `${name} was rewritten after it was imported` : `${name} repeats segment ${segment.seq} of device ${segment.device.slice(0, 8)}, already imported from ${prior.name}`;
      refuse(name, sha, new SyncError('REPLAYED', `${what}; refused`));
      continue;
    }
    seen.set(key, { name, sha });
    delete ledger.refused[name];
    fresh.push({ name, sha, segment });
  }
  fresh.sort((a, b) => (a.segment.device < b.segment.device ? -1 : a.segment.device > b.segment.device ? 1 : a.segment.seq - b.segment.seq));
  let imported = 0;
  for (const f of fresh) {
    const { device, seq } = f.segment;
    if (device !== id.device) {
      await apply(f.segment);
      imported += 1;
      const d = ledger.devices[device];
      ledger.devices[device] = { lastSeq: Math.max(d?.lastSeq ?? 0, seq), lastSeenAt: now() };
    } else {
      ledger.lastSeq = Math.max(ledger.lastSeq, seq);
    }
    ledger.imported[f.name] = { device, seq, sha: f.sha };
  }
  return { imported, refused };
}

import { readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { DETECTORS_VERSION } from '../../shared/redaction/index.js';
import type { ChangeRecord } from './change-record.js';
import { openSegment, type SyncIdentity } from './segment-seal.js';
import { writeSegments, type SyncLedger, type WriterNote } from './sync-folder.js';

/**
 * Which of this device's own segments still wait to be sealed again after its re-scrub: the store
 * is masked by the current detectors, but a segment sealed before holds the text as it was then
 * (encrypted with the sync key), for every device that has the folder.
 */
export const ResealStateSchema = z.object({ v: z.literal(1), detectors: z.number().int().nonnegative(), pending: z.array(z.string()) });
export type ResealState = z.infer<typeof ResealStateSchema>;

/** Own segments looked at per sync pass: at most ~2 MiB of records to open, redact and seal, so a pass stays short. */
export const RESEAL_PER_PASS = 2;

/** This device's segments named in its ledger, as they stand when its re-scrub is done: every one is looked at once. */
export function resealStart(ledger: SyncLedger, device: string): ResealState {
  const pending = Object.entries(ledger.imported)
    .filter(([, e]) => e.device === device)
    .sort((a, b) => a[1].seq - b[1].seq)
    .map(([name]) => name);
  return { v: 1, detectors: DETECTORS_VERSION, pending };
}

/**
 * Seals own segments again, a few per pass: each segment written before these detectors is opened,
 * its records redacted (`redact`), and, when that changes any, the same records (same clocks, so
 * every device's merge decides as before: a device that imported the old file applies nothing new,
 * one that had not gets the masked text) are written as new segments of this device under new
 * numbers, and the old file is deleted (the replicator deletes it on the other devices). A file is
 * never rewritten in place: every reader refuses a segment changed after import. A crash between
 * the new segment and the delete leaves both, which import as one (the same records). Files that
 * are gone, do not open, or are already at these detectors are passed over.
 */
export function resealSlice(
  dir: string,
  id: SyncIdentity,
  ledger: SyncLedger,
  state: ResealState,
  redact: (records: ChangeRecord[]) => { records: ChangeRecord[]; note: WriterNote },
  limit = RESEAL_PER_PASS,
): { resealed: number } {
  let resealed = 0;
  const take = state.pending.splice(0, limit);
  for (const name of take) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(join(dir, name));
    } catch {
      continue; // gone (removed by hand, or by the replicator): nothing left to mend
    }
    let opened;
    try {
      opened = openSegment(id, bytes, name);
    } catch {
      continue;
    }
    if (opened.device !== id.device || (opened.trailer?.detectors ?? 0) >= DETECTORS_VERSION) continue;
    const { records, note } = redact(opened.records);
    if (JSON.stringify(records) === JSON.stringify(opened.records)) continue;
    writeSegments(dir, id, ledger, records, note);
    try {
      unlinkSync(join(dir, name));
    } catch {
      // already gone
    }
    delete ledger.imported[name];
    resealed++;
  }
  return { resealed };
}

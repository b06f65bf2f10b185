import type { SyncStatus } from '../../shared/api/index.js';
import type { SyncState } from './sync-control.js';

const iso = (ms: number) => new Date(ms).toISOString();

/** How sync stands, as the contract says it (sync.status, and the sync.status event). */
export function syncStatusDto(s: SyncState): SyncStatus {
  const c = s.ledger.counts;
  return {
    on: s.on,
    folder: s.folder,
    device: s.device,
    key_kept: s.keyKind,
    pending_changes: s.pendingChanges,
    pending_segments: s.pendingSegments,
    devices: Object.entries(s.ledger.devices).map(([device, d]) => ({ device, name: s.names[device] ?? null, last_seq: d.lastSeq, last_seen_at: d.lastSeenAt ? iso(d.lastSeenAt) : null })),
    refused: { tampered: c.TAMPERED, truncated: c.TRUNCATED, replayed: c.REPLAYED, foreign: c.FOREIGN, invalid: c.INVALID },
    refused_files: Object.entries(s.ledger.refused)
      .slice(-50)
      .map(([name, r]) => ({ name, code: r.code, message: r.message })),
    last_pass_at: s.lastPass ? iso(s.lastPass.at) : null,
    last_error: s.lastPass?.error ?? null,
  };
}

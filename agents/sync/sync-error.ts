/**
 * Why a sync step stopped or a segment was refused. `message` is one line a user can act on.
 * TAMPERED: it does not authenticate (changed bytes, or another sync key or folder);
 * TRUNCATED: shorter than its own framing says; REPLAYED: a device and sequence number already
 * imported from another file or with other bytes; FOREIGN: not an Engram segment at all;
 * INVALID: authentic, but its records do not parse (a newer Engram, or a bug).
 * PAIRING: a pairing code that does not check out; STATE: asked of sync in the wrong state (off, or
 * already on); FOLDER: a sync folder that cannot be used; OFFER: an exclusion offer that is not
 * open (answered already, or its items no longer excluded here).
 */
export type SyncErrorCode = 'TAMPERED' | 'TRUNCATED' | 'REPLAYED' | 'FOREIGN' | 'INVALID' | 'IO' | 'PAIRING' | 'STATE' | 'FOLDER' | 'OFFER';

export class SyncError extends Error {
  constructor(
    readonly code: SyncErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'SyncError';
  }
}

import type { Database as Db } from 'better-sqlite3-multiple-ciphers';
import type { StoreEvents } from './store-events.js';
import type { BlobStore } from './blob-store.js';
import { StoreError, toStoreError } from './errors.js';
import { decodeHidden, encodeHidden } from './frame-hidden.js';
import { isValidId, newId } from './ids.js';
import type { FrameRecord, Millis, NewFrame } from './types.js';

interface FrameRow extends Omit<FrameRecord, 'damaged' | 'hidden'> {
  damaged: number;
  hidden: string | null;
}
const toRecord = (r: FrameRow): FrameRecord => ({ ...r, damaged: r.damaged === 1, hidden: decodeHidden(r.hidden) });

/** Frame metadata in the database, pixels in encrypted files. The row is written after its file, so a row never lacks one. */
export class FrameRepo {
  constructor(
    private readonly db: Db,
    private readonly blobs: BlobStore,
    private readonly events: StoreEvents,
    private readonly deleteCiting: (type: 'frame', ids: string[]) => void,
  ) {}

  insert(frame: NewFrame, image: Buffer): FrameRecord {
    const id = this.idFor(frame);
    return this.insertRow(id, frame, this.blobs.write(id, image));
  }

  /**
   * insert() with the file written off the event loop (capture's path). `stillWanted` is asked once
   * the file is on disk, right before the row: a forget that ran meanwhile drops the frame (null).
   */
  async insertAsync(frame: NewFrame, image: Buffer, stillWanted: () => boolean = () => true): Promise<FrameRecord | null> {
    const id = this.idFor(frame);
    const bytes = await this.blobs.writeAsync(id, image);
    if (!stillWanted()) {
      this.blobs.remove(id);
      return null;
    }
    return this.insertRow(id, frame, bytes);
  }

  private idFor(frame: NewFrame): string {
    const id = frame.id ?? newId('frm', frame.captured_at);
    if (!isValidId(id)) throw new StoreError('INVALID_INPUT', 'invalid frame id');
    return id;
  }

  private insertRow(id: string, frame: NewFrame, bytes: number): FrameRecord {
    const rec: FrameRecord = {
      id,
      display: frame.display,
      captured_at: frame.captured_at,
      width: frame.width,
      height: frame.height,
      phash: frame.phash,
      bytes,
      app: frame.app,
      title: frame.title,
      url: frame.url,
      damaged: false,
      hidden: decodeHidden(encodeHidden(frame.hidden)),
    };
    try {
      this.db
        .prepare(`INSERT INTO frames (id, display, captured_at, width, height, phash, bytes, app, title, url, hidden)
          VALUES (@id, @display, @captured_at, @width, @height, @phash, @bytes, @app, @title, @url, @hidden)`)
        .run({ ...rec, damaged: undefined, hidden: encodeHidden(frame.hidden) });
    } catch (err) {
      this.blobs.remove(id);
      throw toStoreError(err, 'storing a frame');
    }
    this.events.emit('frame', { op: 'insert', ids: [id] });
    return rec;
  }

  get(id: string): FrameRecord | null {
    const r = this.db.prepare('SELECT * FROM frames WHERE id = ?').get(id) as FrameRow | undefined;
    return r ? toRecord(r) : null;
  }

  list(opts: { since?: Millis; until?: Millis; limit?: number; offset?: number; order?: 'newest' | 'oldest' } = {}): FrameRecord[] {
    const order = opts.order === 'oldest' ? 'ASC' : 'DESC';
    const rows = this.db
      .prepare(`SELECT * FROM frames WHERE captured_at >= ? AND captured_at <= ? ORDER BY captured_at ${order} LIMIT ? OFFSET ?`)
      .all(opts.since ?? 0, opts.until ?? Number.MAX_SAFE_INTEGER, Math.min(opts.limit ?? 500, 10_000), opts.offset ?? 0) as FrameRow[];
    return rows.map(toRecord);
  }

  /**
   * Kept frames that have no observation yet, oldest first: their text was still being read when
   * the process stopped (a second Ctrl-C, a crash, a kill). Capture re-queues them at start.
   */
  listUnread(limit = 1000): FrameRecord[] {
    const rows = this.db
      .prepare(
        `SELECT * FROM frames WHERE id NOT IN (SELECT frame_id FROM observations WHERE frame_id IS NOT NULL)
          ORDER BY captured_at ASC LIMIT ?`,
      )
      .all(Math.max(0, Math.min(limit, 10_000))) as FrameRow[];
    return rows.map(toRecord);
  }

  /** How many kept frames have no observation yet (see listUnread). */
  countUnread(): number {
    return (this.db.prepare('SELECT count(*) AS n FROM frames WHERE id NOT IN (SELECT frame_id FROM observations WHERE frame_id IS NOT NULL)').get() as { n: number }).n;
  }

  count(): number {
    return (this.db.prepare('SELECT count(*) AS n FROM frames').get() as { n: number }).n;
  }

  totalBytes(): number {
    return (this.db.prepare('SELECT COALESCE(sum(bytes), 0) AS n FROM frames').get() as { n: number }).n;
  }

  /** Decrypted image bytes. A missing or tampered file marks the frame damaged and throws a clear error. */
  readImage(id: string): Buffer {
    if (!this.get(id)) throw new StoreError('NOT_FOUND', `no frame ${id}`);
    try {
      return this.blobs.read(id);
    } catch (err) {
      this.db.prepare('UPDATE frames SET damaged = 1 WHERE id = ?').run(id);
      throw err;
    }
  }

  /** A frame whose file decrypts but holds no image that can be decoded is damaged too. */
  markDamaged(id: string): void {
    this.db.prepare('UPDATE frames SET damaged = 1 WHERE id = ?').run(id);
  }

  /** Deletes frames (rows and files) and the memories that cite them. */
  delete(ids: string[]): number {
    if (!ids.length) return 0;
    const n = this.db.transaction(() => {
      this.deleteCiting('frame', ids);
      let count = 0;
      const del = this.db.prepare('DELETE FROM frames WHERE id = ?');
      for (const id of ids) count += del.run(id).changes;
      return count;
    })();
    for (const id of ids) this.blobs.remove(id);
    if (n) this.events.emit('frame', { op: 'delete', ids });
    return n;
  }

  /**
   * Retention: frames older than maxAgeMs go, then the oldest until the total fits maxBytes.
   * Only pixels are recycled: observations (text) and memories stay.
   */
  recycle(opts: { maxBytes: number; maxAgeMs: number; now?: Millis }): number {
    const now = opts.now ?? Date.now();
    const old = (this.db.prepare('SELECT id FROM frames WHERE captured_at < ?').all(now - opts.maxAgeMs) as { id: string }[]).map((r) => r.id);
    let removed = this.dropPixels(old);
    let total = this.totalBytes();
    while (total > opts.maxBytes) {
      const batch = this.db.prepare('SELECT id, bytes FROM frames ORDER BY captured_at ASC LIMIT 200').all() as { id: string; bytes: number }[];
      if (!batch.length) break;
      const pick: string[] = [];
      for (const f of batch) {
        if (total <= opts.maxBytes) break;
        pick.push(f.id);
        total -= f.bytes;
      }
      removed += this.dropPixels(pick);
    }
    return removed;
  }

  /** Removes frame files and rows but keeps what was learned from them (observation rows lose their frame link). */
  private dropPixels(ids: string[]): number {
    if (!ids.length) return 0;
    const del = this.db.prepare('DELETE FROM frames WHERE id = ?');
    const n = this.db.transaction(() => ids.reduce((acc, id) => acc + del.run(id).changes, 0))();
    for (const id of ids) this.blobs.remove(id);
    if (n) this.events.emit('frame', { op: 'recycle', ids });
    return n;
  }
}

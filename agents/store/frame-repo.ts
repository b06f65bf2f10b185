import type { Database as Db } from 'better-sqlite3-multiple-ciphers';
import type { StoreEvents } from './store-events.js';
import type { BlobStore } from './blob-store.js';
import { StoreError, toStoreError } from './errors.js';
import { composeBands, cutBands, encodeBand, type BandKeys, type RawPixels } from './frame-bands.js';
import { decodeHidden, encodeHidden } from './frame-hidden.js';
import { isValidId, newId } from './ids.js';
import { withoutControls } from '../../shared/text/index.js';
import type { FrameRecord, Millis, NewFrame } from './types.js';

interface FrameRow extends Omit<FrameRecord, 'damaged' | 'hidden'> {
  damaged: number;
  hidden: string | null;
  bands?: string | null;
}
const toRecord = ({ bands: _bands, ...r }: FrameRow): FrameRecord => ({ ...r, damaged: r.damaged === 1, hidden: decodeHidden(r.hidden) });

/** A band of the new frame: its key, and its encoded pixels when the store may not have them yet. */
interface BandIn {
  key: Buffer;
  raw: Buffer;
  webp: Buffer | null;
}

/**
 * Frame metadata in the database; pixels either as bands in the database (capture's frames since
 * migration 021: only the bands no stored frame shows are added, in the frame's transaction) or
 * whole in an encrypted file (frames from before, and imported ones). A file is written before its
 * row, so a row never lacks one.
 */
export class FrameRepo {
  constructor(
    private readonly db: Db,
    private readonly blobs: BlobStore,
    private readonly events: StoreEvents,
    private readonly deleteCiting: (type: 'frame', ids: string[]) => void,
    private readonly bandKeys: BandKeys,
    /** Empties the WAL after a delete: a band's pixels live in the database, and old page images of it must not linger there. */
    private readonly compact: () => void = () => undefined,
  ) {}

  insert(frame: NewFrame, image: Buffer): FrameRecord {
    const id = this.idFor(frame);
    return this.insertRow(id, frame, this.blobs.write(id, image));
  }

  /**
   * insert() off the event loop (capture's path). Raw pixels are kept as bands: those the store
   * already has are named, only the new ones are encoded, and all commit with the row. An encoded
   * image is kept whole in its file, written off the event loop. `stillWanted` is asked right
   * before the row: a forget that ran meanwhile drops the frame (null).
   */
  async insertAsync(frame: NewFrame, image: Buffer | RawPixels, stillWanted: () => boolean = () => true): Promise<FrameRecord | null> {
    const id = this.idFor(frame);
    if (!Buffer.isBuffer(image)) return this.insertBands(id, frame, image, stillWanted);
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

  private async insertBands(id: string, frame: NewFrame, raw: RawPixels, stillWanted: () => boolean): Promise<FrameRecord | null> {
    if (raw.width !== frame.width || raw.height !== frame.height) throw new StoreError('INVALID_INPUT', 'frame pixels do not match the frame size');
    const known = this.db.prepare('SELECT 1 FROM frame_bands WHERE key = ?').pluck();
    const bands: BandIn[] = cutBands(raw).map((b) => ({ key: this.bandKeys.of(b, raw.width, raw.channels), raw: b, webp: null }));
    const encode = async (pick: (b: BandIn) => boolean) => {
      const done = new Map<string, Buffer>();
      for (const b of bands) {
        if (b.webp || !pick(b)) continue;
        const hex = b.key.toString('hex');
        b.webp = done.get(hex) ?? (await encodeBand(b.raw, raw.width, raw.channels));
        done.set(hex, b.webp);
      }
    };
    await encode((b) => !known.get(b.key));
    // A band named as known may be gone by now (a forget or retention took its last frame): it is
    // encoded and the row tried again, so a frame never names pixels the store does not hold.
    for (let attempt = 0; ; attempt++) {
      if (!stillWanted()) return null;
      try {
        return this.insertRow(id, frame, 0, bands);
      } catch (err) {
        if (!(err instanceof BandGone) || attempt > 0) throw err instanceof BandGone ? new StoreError('IO', 'storing a frame: its bands keep vanishing') : err;
        await encode(() => true);
      }
    }
  }

  /** Stores the bands the database lacks and returns the frame's list of band ids and the bytes it added. */
  private putBands(bands: BandIn[]): { ids: number[]; bytes: number } {
    const find = this.db.prepare('SELECT id FROM frame_bands WHERE key = ?').pluck();
    const addKey = this.db.prepare('INSERT INTO frame_bands (key) VALUES (?)');
    const addPixels = this.db.prepare('INSERT INTO frame_band_pixels (id, data) VALUES (?, ?)');
    const ids: number[] = [];
    let bytes = 0;
    for (const b of bands) {
      let bandId = find.get(b.key) as number | bigint | undefined;
      if (bandId === undefined) {
        if (!b.webp) throw new BandGone();
        bandId = addKey.run(b.key).lastInsertRowid;
        addPixels.run(bandId, b.webp);
        bytes += b.webp.length;
      }
      ids.push(Number(bandId));
    }
    return { ids, bytes };
  }

  private insertRow(id: string, frame: NewFrame, fileBytes: number, bands?: BandIn[]): FrameRecord {
    const rec: FrameRecord = {
      id,
      display: frame.display,
      captured_at: frame.captured_at,
      width: frame.width,
      height: frame.height,
      phash: frame.phash,
      bytes: fileBytes,
      // A window title is a page's or a document's: kept without terminal escapes or bidi overrides.
      app: frame.app == null ? frame.app : withoutControls(frame.app),
      title: frame.title == null ? frame.title : withoutControls(frame.title),
      url: frame.url == null ? frame.url : withoutControls(frame.url),
      damaged: false,
      hidden: decodeHidden(encodeHidden(frame.hidden)),
    };
    try {
      this.db.transaction(() => {
        let list: string | null = null;
        if (bands) {
          const put = this.putBands(bands);
          rec.bytes = put.bytes;
          list = JSON.stringify(put.ids);
        }
        // A frame kept whole names no bands column, so it is written the same on a database before 021.
        const [col, val] = list === null ? ['', ''] : [', bands', ', @bands'];
        this.db
          .prepare(`INSERT INTO frames (id, display, captured_at, width, height, phash, bytes, app, title, url, hidden${col})
            VALUES (@id, @display, @captured_at, @width, @height, @phash, @bytes, @app, @title, @url, @hidden${val})`)
          .run({ ...rec, damaged: undefined, hidden: encodeHidden(frame.hidden), ...(list === null ? {} : { bands: list }) });
      })();
    } catch (err) {
      if (err instanceof BandGone) throw err;
      if (!bands) this.blobs.remove(id);
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

  /** Bytes of pixels kept: frame files, and every stored band once however many frames show it. */
  totalBytes(): number {
    return this.fileBytes() + (this.db.prepare('SELECT COALESCE(sum(length(data)), 0) FROM frame_band_pixels').pluck().get() as number);
  }

  /** Bytes of the frames kept whole in their own files (bands are in the database). */
  fileBytes(): number {
    return this.db.prepare('SELECT COALESCE(sum(bytes), 0) FROM frames WHERE bands IS NULL').pluck().get() as number;
  }

  /**
   * Decrypted image bytes (WebP): the file, or the frame's bands put back together. A missing or
   * tampered file, or a band that is not there, marks the frame damaged and throws a clear error.
   */
  async readImage(id: string): Promise<Buffer> {
    const row = this.db.prepare('SELECT width, height, bands FROM frames WHERE id = ?').get(id) as { width: number; height: number; bands: string | null } | undefined;
    if (!row) throw new StoreError('NOT_FOUND', `no frame ${id}`);
    try {
      if (row.bands === null) return this.blobs.read(id);
      const pixels = this.bandPixels(id, row.bands);
      try {
        return await composeBands(pixels, row.width, row.height);
      } catch (err) {
        if (err instanceof StoreError) throw err;
        throw new StoreError('IO', `frame bands of ${id} are damaged (they cannot be decoded)`);
      }
    } catch (err) {
      this.db.prepare('UPDATE frames SET damaged = 1 WHERE id = ?').run(id);
      throw err;
    }
  }

  private bandPixels(id: string, list: string): Buffer[] {
    const get = this.db.prepare('SELECT data FROM frame_band_pixels WHERE id = ?').pluck();
    let ids: unknown;
    try {
      ids = JSON.parse(list);
    } catch {
      ids = null;
    }
    if (!Array.isArray(ids)) throw new StoreError('IO', `frame bands of ${id} are damaged (no list)`);
    return ids.map((b) => {
      const data = typeof b === 'number' ? (get.get(b) as Buffer | undefined) : undefined;
      if (!data) throw new StoreError('IO', `frame bands of ${id} are missing`);
      return data;
    });
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
    if (n) this.compact();
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
      // A frame's `bytes` are what it added (its file, or its new bands); bands a newer frame still
      // shows stay, so the total is measured again after each batch rather than trusted.
      const pick: string[] = [];
      let guess = total;
      for (const f of batch) {
        if (guess <= opts.maxBytes) break;
        pick.push(f.id);
        guess -= f.bytes;
      }
      removed += this.dropPixels(pick);
      total = this.totalBytes();
    }
    return removed;
  }

  /** Removes frame files and rows but keeps what was learned from them (observation rows lose their frame link). */
  private dropPixels(ids: string[]): number {
    if (!ids.length) return 0;
    const del = this.db.prepare('DELETE FROM frames WHERE id = ?');
    const n = this.db.transaction(() => ids.reduce((acc, id) => acc + del.run(id).changes, 0))();
    for (const id of ids) this.blobs.remove(id);
    if (n) this.compact();
    if (n) this.events.emit('frame', { op: 'recycle', ids });
    return n;
  }
}

/** A band the new frame names as known was removed before the frame's row committed. */
class BandGone extends Error {}

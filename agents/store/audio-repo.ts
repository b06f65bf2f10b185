import type { Database as Db } from 'better-sqlite3-multiple-ciphers';
import type { BlobStore } from './blob-store.js';
import { StoreError, toStoreError } from './errors.js';
import { newId } from './ids.js';
import type { AudioRecord, Millis } from './types.js';

/** Encrypted audio chunks (speech only: silence is never stored), same scheme and retention as frames. */
export class AudioRepo {
  constructor(
    private readonly db: Db,
    private readonly blobs: BlobStore,
  ) {}

  insert(meta: { started_at: Millis; duration_ms: number; mime: string }, bytes: Buffer): AudioRecord {
    const id = newId('aud', meta.started_at);
    const size = this.blobs.write(id, bytes);
    const rec: AudioRecord = { id, started_at: meta.started_at, duration_ms: meta.duration_ms, bytes: size, mime: meta.mime };
    try {
      this.db.prepare('INSERT INTO audio (id, started_at, duration_ms, bytes, mime) VALUES (@id, @started_at, @duration_ms, @bytes, @mime)').run(rec);
    } catch (err) {
      this.blobs.remove(id);
      throw toStoreError(err, 'storing audio');
    }
    return rec;
  }

  get(id: string): AudioRecord | null {
    return (this.db.prepare('SELECT * FROM audio WHERE id = ?').get(id) as AudioRecord | undefined) ?? null;
  }

  read(id: string): Buffer {
    if (!this.get(id)) throw new StoreError('NOT_FOUND', `no audio ${id}`);
    return this.blobs.read(id);
  }

  idsBetween(from: Millis, to: Millis): string[] {
    return (this.db.prepare('SELECT id FROM audio WHERE started_at >= ? AND started_at <= ?').all(from, to) as { id: string }[]).map((r) => r.id);
  }

  count(): number {
    return (this.db.prepare('SELECT count(*) AS n FROM audio').get() as { n: number }).n;
  }

  totalBytes(): number {
    return (this.db.prepare('SELECT COALESCE(sum(bytes), 0) AS n FROM audio').get() as { n: number }).n;
  }

  /** Removes rows (inside the caller's transaction); files are removed by removeFiles after commit. */
  deleteRows(ids: string[]): number {
    const del = this.db.prepare('DELETE FROM audio WHERE id = ?');
    return ids.reduce((acc, id) => acc + del.run(id).changes, 0);
  }

  removeFiles(ids: string[]): void {
    for (const id of ids) this.blobs.remove(id);
  }

  recycle(opts: { maxAgeMs: number; now?: Millis }): number {
    const ids = this.idsBetween(0, (opts.now ?? Date.now()) - opts.maxAgeMs);
    const n = this.db.transaction(() => this.deleteRows(ids))();
    this.removeFiles(ids);
    return n;
  }
}

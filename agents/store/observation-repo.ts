import type { Database as Db } from 'better-sqlite3-multiple-ciphers';
import type { StoreEvents } from './store-events.js';
import { StoreError } from './errors.js';
import { newId } from './ids.js';
import { withoutControls } from '../../shared/text/index.js';
import { indexObservationPassages } from './passage-index.js';
import type { Millis, NewObservation, ObservationRecord } from './types.js';

const MAX_TEXT = 100_000;

/** What capture perceived (redacted OCR text or a transcript), waiting for the meta-agent until processed. */
/** A string column that may be empty (null), without controls. */
const cleanOrNull = <T extends string | null | undefined>(s: T): T => (typeof s === 'string' ? (withoutControls(s) as T) : s);

export class ObservationRepo {
  constructor(
    private readonly db: Db,
    private readonly events: StoreEvents,
    private readonly deleteCiting: (type: 'observation', ids: string[]) => number,
    /** Called after a screen observation's passages are written (the store's passage-embedding queue). */
    private readonly onPassages: () => void = () => {},
  ) {}

  insert(o: NewObservation): ObservationRecord {
    if (o.kind !== 'screen' && o.kind !== 'audio') throw new StoreError('INVALID_INPUT', 'observation kind must be screen or audio');
    if (typeof o.text !== 'string') throw new StoreError('INVALID_INPUT', 'observation text must be a string');
    const rec: ObservationRecord = {
      id: o.id ?? newId('obs', o.observed_at),
      kind: o.kind,
      frame_id: o.frame_id,
      audio_id: o.audio_id,
      display: o.display,
      observed_at: o.observed_at,
      // Screen text, titles and captions are strangers' words: kept without terminal escapes or bidi overrides.
      app: cleanOrNull(o.app),
      title: cleanOrNull(o.title),
      url: cleanOrNull(o.url),
      text: withoutControls(o.text.slice(0, MAX_TEXT)),
      caption: cleanOrNull(o.caption),
      processed_at: null,
    };
    this.db.transaction(() => {
      this.db
        .prepare(`INSERT INTO observations (id, kind, frame_id, audio_id, display, observed_at, app, title, url, text, caption)
          VALUES (@id, @kind, @frame_id, @audio_id, @display, @observed_at, @app, @title, @url, @text, @caption)`)
        .run({ ...rec, processed_at: undefined });
      // Screen text becomes passages with the observation, in the same transaction: searchable at
      // once, and gone with it (sightings cascade).
      if (rec.kind === 'screen') indexObservationPassages(this.db, { ...rec, app: rec.app ?? null, title: rec.title ?? null, url: rec.url ?? null });
    })();
    if (rec.kind === 'screen') this.onPassages();
    this.events.emit('observation', { op: 'insert', ids: [rec.id] });
    return rec;
  }

  get(id: string): ObservationRecord | null {
    return (this.db.prepare('SELECT * FROM observations WHERE id = ?').get(id) as ObservationRecord | undefined) ?? null;
  }

  list(opts: { since?: Millis; until?: Millis; limit?: number; offset?: number; app?: string; order?: 'newest' | 'oldest' } = {}): ObservationRecord[] {
    const order = opts.order === 'oldest' ? 'ASC' : 'DESC';
    const appClause = opts.app ? 'AND app = ?' : '';
    const params: unknown[] = [opts.since ?? 0, opts.until ?? Number.MAX_SAFE_INTEGER];
    if (opts.app) params.push(opts.app);
    return this.db
      .prepare(`SELECT * FROM observations WHERE observed_at >= ? AND observed_at <= ? ${appClause} ORDER BY observed_at ${order} LIMIT ? OFFSET ?`)
      .all(...params, Math.min(opts.limit ?? 500, 10_000), opts.offset ?? 0) as ObservationRecord[];
  }

  listUnprocessed(limit = 100): ObservationRecord[] {
    return this.db.prepare('SELECT * FROM observations WHERE processed_at IS NULL ORDER BY observed_at ASC LIMIT ?').all(limit) as ObservationRecord[];
  }

  markProcessed(ids: string[], now: Millis = Date.now()): void {
    const stmt = this.db.prepare('UPDATE observations SET processed_at = ? WHERE id = ?');
    this.db.transaction(() => ids.forEach((id) => stmt.run(now, id)))();
  }

  /** Deletes observations and every memory citing them, in one transaction. */
  delete(ids: string[]): { observations: number; memories: number } {
    if (!ids.length) return { observations: 0, memories: 0 };
    const r = this.db.transaction(() => {
      const memories = this.deleteCiting('observation', ids);
      const del = this.db.prepare('DELETE FROM observations WHERE id = ?');
      return { observations: ids.reduce((acc, id) => acc + del.run(id).changes, 0), memories };
    })();
    if (r.observations) this.events.emit('observation', { op: 'delete', ids });
    return r;
  }

  count(): number {
    return (this.db.prepare('SELECT count(*) AS n FROM observations').get() as { n: number }).n;
  }
}

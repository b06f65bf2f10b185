import type { Database as Db } from 'better-sqlite3-multiple-ciphers';
import type { MemoryKind } from '../../shared/index.js';
import type { Millis } from './types.js';

/** A screen or audio moment as the timeline lists it: its text cut short, its frame's health. */
export interface TimelineObservationRow {
  id: string;
  kind: 'screen' | 'audio';
  frame_id: string | null;
  /** The frame's file failed to read or decode once (see FrameRepo.readImage). */
  frame_damaged: boolean;
  observed_at: Millis;
  app: string | null;
  title: string | null;
  url: string | null;
  /** The caption (if any) then the text, cut to `textChars` characters ('' when 0). */
  text: string;
}

export interface TimelineFrameRow {
  id: string;
  captured_at: Millis;
  app: string | null;
  title: string | null;
  url: string | null;
  width: number;
  height: number;
  damaged: boolean;
}

export interface TimelineMemoryRow {
  id: string;
  kind: MemoryKind;
  experience: boolean;
  title: string;
  /** Cut to `textChars` characters. */
  text: string;
  app: string | null;
  /** occurred_at, or created_at when the memory has no time of its own. */
  at: Millis;
  ended_at: Millis | null;
}

export interface TimelineRows {
  /** Oldest first. */
  observations: TimelineObservationRow[];
  /** Frames of the window that no observation of the window reads (OCR behind, or never run); oldest first. */
  frames: TimelineFrameRow[];
  /** Current (not superseded) memories placed in the window; oldest first. */
  memories: TimelineMemoryRow[];
  /** Ids of the current memories citing each frame or observation of the window, keyed by the source's id. */
  citing: Map<string, string[]>;
  /** One of the lists reached the limit: the window holds more than this. */
  truncated: boolean;
}

type ObservationSql = [id: string, kind: 'screen' | 'audio', frame_id: string | null, observed_at: number, app: string | null, title: string | null, url: string | null, text: string, caption: string | null];
type FrameSql = [id: string, captured_at: number, app: string | null, title: string | null, url: string | null, width: number, height: number, damaged: number];
type MemorySql = [id: string, kind: MemoryKind, experience: number, title: string, text: string, app: string | null, at: number, ended_at: number | null];

/**
 * Everything the timeline shows of [from, to) in four queries, reading only the columns it shows
 * and the start of each text, or none (textChars 0): a day of screen text is megabytes (whole OCR
 * pages), a row shows two lines of it. Who cites what comes from one join instead of a query per
 * memory. Memories merged into others (superseded) are left out, as citers too.
 */
export function timelineRows(db: Db, from: Millis, to: Millis, opts: { limit: number; textChars: number }): TimelineRows {
  const { limit } = opts;
  // textChars 0: no text at all (SQLite then does not even read it).
  const textChars = Math.max(0, Math.floor(opts.textChars));
  const text = textChars > 0 ? `substr(text, 1, ${textChars})` : "''";
  // Raw rows (arrays), turned into one object each below: half the allocations of row objects.
  const observations = db
    .prepare(
      `SELECT id, kind, frame_id, observed_at, app, title, url, ${text}, ${textChars > 0 ? 'caption' : 'NULL'}
       FROM observations WHERE observed_at >= ? AND observed_at < ? ORDER BY observed_at LIMIT ?`,
    )
    .raw()
    .all(from, to, limit) as ObservationSql[];
  // Most frames of a window are read by one of its observations: their id and health are enough.
  const frames = db.prepare('SELECT id, damaged FROM frames WHERE captured_at >= ? AND captured_at < ? ORDER BY captured_at LIMIT ?').raw().all(from, to, limit) as [string, number][];
  const memories = db
    .prepare(
      `SELECT id, kind, is_experience, title, ${text}, app, COALESCE(occurred_at, created_at), ended_at
       FROM memories WHERE superseded_by IS NULL AND COALESCE(occurred_at, created_at) >= ? AND COALESCE(occurred_at, created_at) < ?
       ORDER BY COALESCE(occurred_at, created_at), seq LIMIT ?`,
    )
    .raw()
    .all(from, to, limit) as MemorySql[];
  const cites = db
    .prepare(
      `SELECT p.source_id, p.memory_id FROM observations o
         JOIN provenance p ON p.source_type = 'observation' AND p.source_id = o.id
         JOIN memories m ON m.id = p.memory_id AND m.superseded_by IS NULL
       WHERE o.observed_at >= ? AND o.observed_at < ?
       UNION ALL
       SELECT p.source_id, p.memory_id FROM frames f
         JOIN provenance p ON p.source_type = 'frame' AND p.source_id = f.id
         JOIN memories m ON m.id = p.memory_id AND m.superseded_by IS NULL
       WHERE f.captured_at >= ? AND f.captured_at < ?`,
    )
    .raw()
    .all(from, to, from, to) as [string, string][];

  const citing = new Map<string, string[]>();
  for (const [source, memory] of cites) {
    const list = citing.get(source);
    if (list) list.push(memory);
    else citing.set(source, [memory]);
  }

  const inWindow = new Set<string>();
  const damaged = new Set<string>();
  for (const [id, d] of frames) {
    inWindow.add(id);
    if (d === 1) damaged.add(id);
  }
  const read = new Set<string>();
  const damagedOutside = db.prepare('SELECT damaged FROM frames WHERE id = ?').pluck();
  const outObservations: TimelineObservationRow[] = new Array<TimelineObservationRow>(observations.length);
  for (let i = 0; i < observations.length; i++) {
    const [id, kind, frame_id, observed_at, app, title, url, text, caption] = observations[i]!;
    let frameDamaged = false;
    if (frame_id) {
      read.add(frame_id);
      // A frame outside the window (captured a moment before midnight, read after it) is rare.
      frameDamaged = inWindow.has(frame_id) ? damaged.has(frame_id) : damagedOutside.get(frame_id) === 1;
    }
    outObservations[i] = { id, kind, frame_id, frame_damaged: frameDamaged, observed_at, app, title, url, text: caption ? `${caption}. ${text}`.slice(0, textChars) : text };
  }

  // Frames nothing read yet (an OCR backlog): few, fetched whole.
  const unread: TimelineFrameRow[] = [];
  const frameRow = db.prepare('SELECT id, captured_at, app, title, url, width, height, damaged FROM frames WHERE id = ?').raw();
  for (const [id] of frames) {
    if (read.has(id)) continue;
    const f = frameRow.get(id) as FrameSql | undefined;
    if (f) unread.push({ id: f[0], captured_at: f[1], app: f[2], title: f[3], url: f[4], width: f[5], height: f[6], damaged: f[7] === 1 });
  }
  const outMemories: TimelineMemoryRow[] = memories.map(([id, kind, experience, title, text, app, at, ended_at]) => ({ id, kind, experience: experience === 1, title, text, app, at, ended_at }));

  return {
    observations: outObservations,
    frames: unread,
    memories: outMemories,
    citing,
    truncated: observations.length >= limit || frames.length >= limit || memories.length >= limit,
  };
}

/**
 * Ids of the items of [from, to) whose title, app, URL or text contains `needle` (already lower
 * case): the timeline's filter box, over whole texts. SQLite's lower() folds ASCII letters only.
 */
export function timelineMatch(db: Db, from: Millis, to: Millis, needle: string, limit: number): string[] {
  const has = (col: string) => `instr(lower(COALESCE(${col}, '')), @needle) > 0`;
  return db
    .prepare(
      `SELECT id FROM (
         SELECT id FROM observations WHERE observed_at >= @from AND observed_at < @to
           AND (${has('text')} OR ${has('caption')} OR ${has('title')} OR ${has('app')} OR ${has('url')})
           ORDER BY observed_at LIMIT @limit)
       UNION ALL SELECT id FROM (
         SELECT id FROM frames WHERE captured_at >= @from AND captured_at < @to
           AND (${has('title')} OR ${has('app')} OR ${has('url')})
           ORDER BY captured_at LIMIT @limit)
       UNION ALL SELECT id FROM (
         SELECT id FROM memories WHERE superseded_by IS NULL AND COALESCE(occurred_at, created_at) >= @from AND COALESCE(occurred_at, created_at) < @to
           AND (${has('title')} OR ${has('text')} OR ${has('app')})
           ORDER BY COALESCE(occurred_at, created_at), seq LIMIT @limit)`,
    )
    .pluck()
    .all({ from, to, needle, limit }) as string[];
}

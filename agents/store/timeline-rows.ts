import type { Database as Db } from 'better-sqlite3-multiple-ciphers';
import type { MemoryKind } from '../../shared/index.js';
import { decodeHidden } from './frame-hidden.js';
import type { HiddenCounts } from '../../shared/api/index.js';
import type { Millis } from './types.js';

/** A screen or audio moment as the timeline lists it: its text cut short, its frame's health. */
export interface TimelineObservationRow {
  id: string;
  kind: 'screen' | 'audio';
  frame_id: string | null;
  /** The frame's file failed to read or decode once (see FrameRepo.readImage). */
  frame_damaged: boolean;
  /** Excluded windows masked in its frame, by reason; null when none (or no frame). */
  frame_hidden: HiddenCounts | null;
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
  hidden: HiddenCounts | null;
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

type ObservationSql = [id: string, kind: 'screen' | 'audio', frame_id: string | null, damaged: number, hidden: string | null, observed_at: number, app: string | null, title: string | null, url: string | null, text: string, caption: string | null];
type FrameSql = [id: string, captured_at: number, app: string | null, title: string | null, url: string | null, width: number, height: number, damaged: number, hidden: string | null];
type MemorySql = [id: string, kind: MemoryKind, experience: number, title: string, text: string, app: string | null, at: number, ended_at: number | null];

/**
 * Everything the timeline shows of [from, to) in four queries, reading only the columns it shows
 * and the start of each text, or none (textChars 0): a day of screen text is megabytes (whole OCR
 * pages), a row shows two lines of it. Frame health comes with each observation (a join), frames
 * nobody read yet from one NOT IN, who cites what from one join instead of a query per memory.
 * Memories merged into others (superseded) are left out, as citers too.
 */
export function timelineRows(db: Db, from: Millis, to: Millis, opts: { limit: number; textChars: number }): TimelineRows {
  const { limit } = opts;
  // textChars 0: no text at all (SQLite then does not even read it).
  const textChars = Math.max(0, Math.floor(opts.textChars));
  const text = textChars > 0 ? `substr(o.text, 1, ${textChars})` : "''";
  // Raw rows (arrays), turned into one object each below: half the allocations of row objects.
  const observations = db
    .prepare(
      `SELECT o.id, o.kind, o.frame_id, COALESCE(f.damaged, 0), f.hidden, o.observed_at, o.app, o.title, o.url, ${text}, ${textChars > 0 ? 'o.caption' : 'NULL'}
       FROM observations o LEFT JOIN frames f ON f.id = o.frame_id
       WHERE o.observed_at >= ? AND o.observed_at < ? ORDER BY o.observed_at LIMIT ?`,
    )
    .raw()
    .all(from, to, limit) as ObservationSql[];
  // Frames no observation of the window reads (an OCR backlog): usually few.
  const frames = db
    .prepare(
      `SELECT id, captured_at, app, title, url, width, height, damaged, hidden FROM frames
       WHERE captured_at >= ? AND captured_at < ?
         AND id NOT IN (SELECT frame_id FROM observations WHERE observed_at >= ? AND observed_at < ? AND frame_id IS NOT NULL)
       ORDER BY captured_at LIMIT ?`,
    )
    .raw()
    .all(from, to, from, to, limit) as FrameSql[];
  const memories = db
    .prepare(
      `SELECT id, kind, is_experience, title, ${text.replace('o.text', 'text')}, app, COALESCE(occurred_at, created_at), ended_at
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
  const outObservations = new Array<TimelineObservationRow>(observations.length);
  for (let i = 0; i < observations.length; i++) {
    const [id, kind, frame_id, damaged, hidden, observed_at, app, title, url, txt, caption] = observations[i]!;
    outObservations[i] = { id, kind, frame_id, frame_damaged: damaged === 1, frame_hidden: decodeHidden(hidden), observed_at, app, title, url, text: caption ? `${caption}. ${txt}`.slice(0, textChars) : txt };
  }
  return {
    observations: outObservations,
    frames: frames.map(([id, captured_at, app, title, url, width, height, damaged, hidden]) => ({ id, captured_at, app, title, url, width, height, damaged: damaged === 1, hidden: decodeHidden(hidden) })),
    memories: memories.map(([id, kind, experience, title, txt, app, at, ended_at]) => ({ id, kind, experience: experience === 1, title, text: txt, app, at, ended_at })),
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

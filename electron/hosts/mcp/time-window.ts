import * as chrono from 'chrono-node';
import { parseQuestionTime } from '../../../agents/chat/index.js';
import { ToolError } from './tool-error.js';

/** A window of time in epoch ms; either end may be open. */
export interface TimeWindow {
  from: number | null;
  to: number | null;
}

export interface TimeArgs {
  /** Words for a span: "yesterday", "last week", "this morning", "between Monday and Wednesday", "in March". */
  time_range?: string;
  /** A point: ISO 8601 ("2026-11-29T10:00:00Z") or words ("3 days ago", "last Monday 9am"). */
  since?: string;
  until?: string;
}

/** One point in time from ISO or words, never in the future by default ("Monday" is the last Monday). */
export function parsePoint(text: string, what: string, now: Date): number {
  const t = text.trim();
  if (/^\d{4}-\d{2}-\d{2}/.test(t)) {
    const ms = Date.parse(t);
    if (!Number.isNaN(ms)) return ms;
    throw new ToolError(`${what}: "${text}" is not a valid ISO date`);
  }
  const d = chrono.parseDate(t, now, { forwardDate: false });
  if (!d) throw new ToolError(`${what}: cannot understand the time "${text}" (try "3 days ago", "yesterday 9am" or an ISO date)`);
  return d.getTime();
}

/**
 * The window asked for: time_range words (read the way chat reads them), narrowed by since/until.
 * Null when no time was given.
 */
export function parseTimeWindow(args: TimeArgs, now: Date = new Date()): TimeWindow | null {
  let from: number | null = null;
  let to: number | null = null;
  if (args.time_range !== undefined && args.time_range.trim() !== '') {
    const t = args.time_range.trim();
    const range = /^\d{4}-\d{2}-\d{2}/.test(t) ? null : parseQuestionTime(t, now).range;
    if (range) {
      from = range.from;
      to = range.to;
    } else {
      // An ISO interval "A/B", or a single date meaning from then until now.
      const [a, b] = t.split('/');
      from = parsePoint(a!, 'time_range', now);
      to = b !== undefined ? parsePoint(b, 'time_range', now) : now.getTime();
    }
  }
  if (args.since !== undefined) from = Math.max(from ?? -Infinity, parsePoint(args.since, 'since', now));
  if (args.until !== undefined) to = Math.min(to ?? Infinity, parsePoint(args.until, 'until', now));
  if (from === null && to === null) return null;
  if (from !== null && to !== null && from > to) throw new ToolError('the time window ends before it starts');
  return { from, to };
}

export const windowJson = (w: TimeWindow | null) =>
  w ? { from: w.from !== null ? new Date(w.from).toISOString() : null, to: w.to !== null ? new Date(w.to).toISOString() : null } : null;

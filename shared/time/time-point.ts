// chrono-node's English parser, loaded on the first parse (chrono-en.ts).
import * as chrono from './chrono-en.js';
import { parseQuestionTime } from './question-time.js';

/** A time given by a caller (a CLI flag, an MCP argument) that cannot be read: its message is one line for the user. */
export class TimeArgError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TimeArgError';
  }
}

/**
 * One point in time from ISO 8601 ("2026-11-29T10:00") or words chrono-node understands ("15 minutes
 * ago", "yesterday 3pm", "last Monday"), never in the future by default ("Monday" is the last one).
 * `what` names the argument in the error ("--since", "since").
 */
export function parseTimePoint(text: string, what: string, now: Date = new Date()): number {
  const t = text.trim();
  if (/^\d{4}-\d{2}-\d{2}/.test(t)) {
    const ms = Date.parse(t);
    if (!Number.isNaN(ms)) return ms;
    throw new TimeArgError(`${what}: "${text}" is not a valid ISO date`);
  }
  const d = chrono.parseDate(t, now, { forwardDate: false });
  if (!d) throw new TimeArgError(`${what}: cannot understand the time "${text}" (try "15 minutes ago", "yesterday 9am" or an ISO date)`);
  return d.getTime();
}

/** A window of time in epoch ms; either end may be open. */
export interface TimeWindow {
  from: number | null;
  to: number | null;
}

export interface TimeWindowArgs {
  /** Words for a span: "yesterday", "last week", "this morning", "between Monday and Wednesday", "in March"; or an ISO "A/B". */
  time_range?: string;
  /** A point: ISO 8601 ("2026-11-29T10:00:00Z") or words ("3 days ago", "last Monday 9am"). */
  since?: string;
  until?: string;
}

/**
 * The window asked for: time_range words (read the way chat reads a question), narrowed by
 * since/until. Null when no time was given.
 */
export function parseTimeWindow(args: TimeWindowArgs, now: Date = new Date()): TimeWindow | null {
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
      from = parseTimePoint(a!, 'time_range', now);
      to = b !== undefined ? parseTimePoint(b, 'time_range', now) : now.getTime();
    }
  }
  if (args.since !== undefined) from = Math.max(from ?? -Infinity, parseTimePoint(args.since, 'since', now));
  if (args.until !== undefined) to = Math.min(to ?? Infinity, parseTimePoint(args.until, 'until', now));
  if (from === null && to === null) return null;
  if (from !== null && to !== null && from > to) throw new TimeArgError('the time window ends before it starts');
  return { from, to };
}

/** A window as ISO strings, for JSON answers. */
export const timeWindowJson = (w: TimeWindow | null) =>
  w ? { from: w.from !== null ? new Date(w.from).toISOString() : null, to: w.to !== null ? new Date(w.to).toISOString() : null } : null;

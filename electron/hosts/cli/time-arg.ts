import * as chrono from 'chrono-node';
import { CliError } from './command.js';

/**
 * A point in time given on the command line: ISO 8601 ("2026-11-29T10:00"), or words chrono-node
 * understands ("15 minutes ago", "4 days ago", "yesterday 3pm", "last Monday").
 */
export function parseTimeArg(text: string, flag: string, now: Date = new Date()): number {
  const t = text.trim();
  if (/^\d{4}-\d{2}-\d{2}/.test(t)) {
    const ms = Date.parse(t);
    if (!Number.isNaN(ms)) return ms;
  }
  const d = chrono.parseDate(t, now);
  if (!d) throw new CliError(`${flag}: cannot understand the time "${text}" (try "15 minutes ago", "yesterday" or an ISO date)`);
  return d.getTime();
}

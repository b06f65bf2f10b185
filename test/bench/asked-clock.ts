/**
 * A kept capture asked as its user would have asked it: minutes after it ended, on its own day.
 * Without this, a capture reused after midnight answers "what did I look at first today" with
 * nothing (the day asked is the next one) and every comparison across midnight is wrong.
 *
 * The bench asks through the CLI in this process, so the clock it reads is this process's Date:
 * shifting Date (now and a Date made without arguments) shifts the product's "now" alone. Timers
 * and performance.now() keep running on the real clock.
 */
import { z } from 'zod';

const RealDate = Date;

/** Shifts this process's Date so that now is `asOf` (ms since the epoch); returns the undo. */
export function askAsOf(asOf: number): () => void {
  const offset = asOf - RealDate.now();
  function ShiftedDate(this: unknown, ...args: unknown[]): Date | string {
    // Date() called as a function gives the current time as a string.
    if (!new.target) return new RealDate(RealDate.now() + offset).toString();
    return Reflect.construct(RealDate, args.length ? args : [RealDate.now() + offset], new.target) as Date;
  }
  ShiftedDate.prototype = RealDate.prototype;
  Object.setPrototypeOf(ShiftedDate, RealDate);
  Object.defineProperty(ShiftedDate, 'now', { value: () => RealDate.now() + offset });
  globalThis.Date = ShiftedDate as unknown as DateConstructor;
  return () => {
    globalThis.Date = RealDate;
  };
}

/** What an export's memories say of their times (the rest of the export is not read). */
const ExportTimes = z.object({
  memories: z.array(z.object({ occurred_at: z.string().nullish(), ended_at: z.string().nullish(), created_at: z.string().nullish() }).passthrough()),
});

/**
 * When the kept day ended, by its export: the newest time a memory says it happened (its end, else
 * its start) among memories written down after it happened. Not when a memory was written: opening
 * an old store re-scrubs it with newer detectors, and what that moves to the vault is written now.
 * Nor a plan's time: an event read off a screen for next week happened after it was written down.
 */
export function newestTime(exportJson: string): number | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(exportJson);
  } catch {
    return null;
  }
  const times = ExportTimes.safeParse(parsed);
  if (!times.success) return null;
  let newest: number | null = null;
  for (const m of times.data.memories) {
    const start = m.occurred_at ? RealDate.parse(m.occurred_at) : NaN;
    const end = m.ended_at ? RealDate.parse(m.ended_at) : start;
    const written = m.created_at ? RealDate.parse(m.created_at) : NaN;
    if (!Number.isFinite(end) || !Number.isFinite(written) || (Number.isFinite(start) ? start : end) > written) continue;
    if (newest === null || end > newest) newest = end;
  }
  return newest;
}

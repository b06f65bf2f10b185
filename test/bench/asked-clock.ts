/**
 * A kept capture asked as its user would have asked it: minutes after it ended, on its own day.
 * Without this, a capture reused after midnight answers "what did I look at first today" with
 * nothing (the day asked is the next one) and every comparison across midnight is wrong.
 *
 * The bench asks through the CLI in this process, so the clock it reads is this process's Date:
 * shifting Date (now and a Date made without arguments) shifts the product's "now" alone. Timers
 * and performance.now() keep running on the real clock.
 */
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

/** The newest time an export of the store names (its last capture's memories): when the kept day ended. */
export function newestTime(exportJson: string): number | null {
  let newest: number | null = null;
  for (const m of exportJson.matchAll(/"(?:occurred_at|created_at|seen_at)"\s*:\s*"(\d{4}-\d\d-\d\dT[\d:.]+Z)"/g)) {
    const t = RealDate.parse(m[1]!);
    if (Number.isFinite(t) && (newest === null || t > newest)) newest = t;
  }
  return newest;
}

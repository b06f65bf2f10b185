import type { SessionStats } from '../reliability/session-process.js';

/** Issue 34's memory targets for the process that captures and thinks. */
export const STEADY_RSS_MAX_MB = 200;
export const GROWTH_MAX_MB = 20;
/** Two hours of capture at the default 3 s interval. */
export const TWO_HOURS_FRAMES = 2400;

const mb = (b: number) => Math.round((b / 1e6) * 10) / 10;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : 0;
};

/**
 * The soak's memory figures from its stats lines (one every 10 s), counted from the warm line on
 * (modules, sharp and the first frames loaded). RSS jumps with every garbage collection and every
 * burst of native work, so "start" and "steady" are medians of the first and last quarter of the
 * warm lines rather than single readings, growth is their difference, and the trend is a
 * least-squares line of RSS over frames captured in the run's second half, read at two hours' frames.
 */
export function soakMemory(stats: SessionStats[], warmIndex: number) {
  const warm = stats.slice(Math.max(0, warmIndex));
  const q = Math.max(1, Math.floor(warm.length / 4));
  const first = warm.slice(0, q);
  const last = warm.slice(-q);
  const field = (xs: SessionStats[], f: (s: SessionStats) => number) => mb(median(xs.map(f)));
  const rss = (s: SessionStats) => s.rss;
  // Least squares of RSS (bytes) on frames captured, over the second half of the warm lines: the
  // first half still holds warm-up (JIT code, caches filling) that does not go on.
  const tail = warm.slice(Math.floor(warm.length / 2));
  const n = tail.length;
  const mx = tail.reduce((a, s) => a + s.frames, 0) / Math.max(1, n);
  const my = tail.reduce((a, s) => a + s.rss, 0) / Math.max(1, n);
  const sxx = tail.reduce((a, s) => a + (s.frames - mx) ** 2, 0);
  const slope = sxx > 0 ? tail.reduce((a, s) => a + (s.frames - mx) * (s.rss - my), 0) / sxx : 0;
  const partsAt = (s: SessionStats | undefined) =>
    s?.rss_parts ? Object.fromEntries(Object.entries(s.rss_parts).map(([k, v]) => [k, mb(v)])) : null;
  return {
    rss_start_mb: field(first, rss),
    rss_steady_mb: field(last, rss),
    rss_growth_mb: Math.round((field(last, rss) - field(first, rss)) * 10) / 10,
    rss_peak_mb: mb(Math.max(0, ...stats.map(rss))),
    rss_first_line_mb: mb(stats[0]?.rss ?? 0),
    rss_trend_mb_per_1000_frames: Math.round((slope * 1000) / 1e5) / 10,
    rss_at_two_hours_by_trend_mb: mb(my + slope * (TWO_HOURS_FRAMES - mx)),
    heap_used_mb: { start: field(first, (s) => s.heap), steady: field(last, (s) => s.heap), peak: mb(Math.max(0, ...stats.map((s) => s.heap))) },
    external_mb: { start: field(first, (s) => s.external ?? 0), steady: field(last, (s) => s.external ?? 0) },
    array_buffers_mb: { start: field(first, (s) => s.array_buffers ?? 0), steady: field(last, (s) => s.array_buffers ?? 0) },
    rss_parts_mb: { start: partsAt(first[0]), end: partsAt(last.at(-1)) },
  };
}

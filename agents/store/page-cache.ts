/**
 * How big SQLite's page cache is when the host does not choose (issue 34, memory growth).
 *
 * The cache keeps every page read or written until it is full, and capture writes pages all day
 * (frames, observations, word boxes, passages) that it never reads again: so the process's RSS
 * grows by the cache's floor, whatever it is, until the database outgrows it (a 256 MiB cap grew
 * the soak by 61 MB; side by side over ~1,600 frames, a 16 MiB floor grew the main malloc arena
 * 31.7 -> 47.0 MB and RSS by 22 MB, a 4 MiB cache kept the arena at 29.8 and RSS within 5 MB).
 * What queries need hot is the memories and their indexes, so the cap follows the number of
 * memories instead: 4 MiB for a new store (the write path's b-tree interior pages fit many times
 * over), ~2.6 KiB more per memory, up to the 256 MiB that keeps hybrid p95 at 38 ms at 100,000
 * memories (commit 1293926). Pages freed by a smaller cap are not given back to the OS, so it is
 * set at open and re-evaluated only upwards as memories accumulate.
 */
export const MIN_CACHE_MIB = 4;
export const MAX_CACHE_MIB = 256;
/** The number of memories the cache is at its cap for (the store bench's 100k size). */
const FULL_AT_MEMORIES = 100_000;
const KIB_PER_MEMORY = ((MAX_CACHE_MIB - MIN_CACHE_MIB) * 1024) / FULL_AT_MEMORIES;

export function cacheMiBFor(memories: number): number {
  const mib = MIN_CACHE_MIB + Math.ceil((Math.max(0, memories) * KIB_PER_MEMORY) / 1024);
  return Math.min(MAX_CACHE_MIB, mib);
}

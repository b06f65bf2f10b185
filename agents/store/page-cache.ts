/**
 * How big SQLite's page cache is when the host does not choose (issue 34, memory growth).
 *
 * The cache keeps every page read or written until it is full, and capture writes pages all day
 * (frames, observations, word boxes, passages): with a fixed 256 MiB cap the soak's RSS grew by
 * the size of what it wrote (235 → 296 MB over 2,400 frames; writing 144 MB of rows grew RSS by
 * 218 MB at 256 MiB and by 45 MB at 16 MiB). What queries need hot is the memories and their
 * indexes, so the cap follows the number of memories instead: 16 MiB for a new store, ~2.5 KiB
 * more per memory, up to the 256 MiB that keeps hybrid p95 at 38 ms at 100,000 memories
 * (commit 1293926). Pages freed by a smaller cap are not given back to the OS, so it is set at
 * open and re-evaluated only upwards as memories accumulate.
 */
export const MIN_CACHE_MIB = 16;
export const MAX_CACHE_MIB = 256;
const KIB_PER_MEMORY = 2.5;

export function cacheMiBFor(memories: number): number {
  const mib = MIN_CACHE_MIB + Math.ceil((Math.max(0, memories) * KIB_PER_MEMORY) / 1024);
  return Math.min(MAX_CACHE_MIB, mib);
}

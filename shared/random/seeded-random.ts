/** Uniform draws in [0, 1). */
export type RandomSource = () => number;

/**
 * mulberry32: a small seedable generator (32-bit state), so one seed gives the same draws on every
 * machine: exploration in experience memory, the order npm test starts its files in. Good enough
 * for sampling and shuffling, not for secrets.
 */
export function seededRandom(seed: number): RandomSource {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

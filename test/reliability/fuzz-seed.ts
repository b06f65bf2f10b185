import { randomInt } from 'node:crypto';

/**
 * The fuzzers' seed: fresh on every run (so each run explores new inputs), printed, and replayable
 * with FUZZ_SEED=N. A fixed seed would check the same few thousand inputs forever.
 */
export function fuzzSeed(label: string): number {
  const given = process.env.FUZZ_SEED;
  const seed = given !== undefined && given !== '' ? Number(given) : randomInt(1, 2 ** 31 - 1);
  if (!Number.isSafeInteger(seed)) throw new Error(`FUZZ_SEED must be an integer, got ${JSON.stringify(given)}`);
  console.log(`${label}: seed ${seed} (replay: FUZZ_SEED=${seed})`);
  return seed;
}

/** Seeded randomness: the same draws for the same seed, everywhere. */
export { seededRandom, type RandomSource } from './seeded-random.js';

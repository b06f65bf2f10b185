/**
 * Randomness for exploration (Thompson sampling): Beta draws built on a seedable generator
 * (shared/random), so a test or a caller that passes a seed gets the same draws every time.
 */
import { seededRandom, type RandomSource } from '../../shared/random/index.js';

export { seededRandom, type RandomSource };

/** A standard normal draw (Box–Muller). */
function normal(random: RandomSource): number {
  let u = 0;
  while (u <= Number.EPSILON) u = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** Gamma(shape, 1) by Marsaglia and Tsang; shapes below 1 through the boost Gamma(a) = Gamma(a + 1)·U^(1/a). */
export function gammaSample(shape: number, random: RandomSource): number {
  if (!(shape > 0)) throw new RangeError('Gamma shape must be positive');
  if (shape < 1) {
    let u = 0;
    while (u <= Number.EPSILON) u = random();
    return gammaSample(shape + 1, random) * Math.pow(u, 1 / shape);
  }
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number;
    let v: number;
    do {
      x = normal(random);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = random();
    if (u < 1 - 0.0331 * x * x * x * x) return d * v;
    if (Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v;
  }
}

/** One draw from Beta(a, b). */
export function betaSample(a: number, b: number, random: RandomSource): number {
  const x = gammaSample(a, random);
  const y = gammaSample(b, random);
  return x + y === 0 ? 0.5 : x / (x + y);
}

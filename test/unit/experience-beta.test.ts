import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { betaCdf, betaQuantile, jeffreysLowerBound, lnGamma } from '../../agents/experience/index.js';

// Reference values from scipy.stats.beta (ppf at 0.05, cdf at 0.3).
const SCIPY: Array<[number, number, number, number]> = [
  [9.5, 1.5, 0.6694371967398653, 3.324315212437986e-5],
  [1.5, 0.5, 0.22851981380632877, 0.07727428998754561],
  [0.5, 0.5, 0.0061558297024311365, 0.36901011956554536],
  [3.5, 2.5, 0.2606337086791971, 0.07718093452208066],
  [100.5, 3.5, 0.9332016037689334, 3.720312633838329e-49],
  [0.5, 10.5, 0.000191736288974476, 0.99317817418603],
  [2, 3, 0.09761146288641434, 0.3483],
  [50.5, 50.5, 0.4185121511453916, 1.4185200833883273e-5],
];

describe('Beta distribution', () => {
  it('matches scipy to 1e-8 (quantile) and the CDF to 1e-9', () => {
    for (const [a, b, q05, cdf03] of SCIPY) {
      expect(Math.abs(betaQuantile(0.05, a, b) - q05), `ppf(${a},${b})`).toBeLessThan(1e-8);
      expect(Math.abs(betaCdf(0.3, a, b) - cdf03), `cdf(${a},${b})`).toBeLessThan(1e-9);
    }
  });

  it('matches closed forms: Beta(a,1), Beta(1,b) and the arcsine law Beta(0.5,0.5)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.001, max: 0.999, noNaN: true }), fc.double({ min: 0.5, max: 50, noNaN: true }), (p, s) => {
        expect(Math.abs(betaQuantile(p, s, 1) - Math.pow(p, 1 / s))).toBeLessThan(1e-6);
        expect(Math.abs(betaQuantile(p, 1, s) - (1 - Math.pow(1 - p, 1 / s)))).toBeLessThan(1e-6);
        expect(Math.abs(betaQuantile(p, 0.5, 0.5) - Math.sin((Math.PI * p) / 2) ** 2)).toBeLessThan(1e-6);
      }),
      { numRuns: 200 },
    );
  });

  it('is the inverse of the CDF', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 0.99, noNaN: true }), fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 200 }), (p, s, f) => {
        const x = betaQuantile(p, 0.5 + s, 0.5 + f);
        expect(Math.abs(betaCdf(x, 0.5 + s, 0.5 + f) - p)).toBeLessThan(1e-7);
      }),
      { numRuns: 200 },
    );
  });

  it('lnGamma agrees with factorials', () => {
    expect(lnGamma(1)).toBeCloseTo(0, 12);
    expect(lnGamma(6)).toBeCloseTo(Math.log(120), 10);
    expect(lnGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 10);
  });

  it('ranks 9/10 above a lucky 1/1, and more evidence above less at the same rate', () => {
    expect(jeffreysLowerBound(9, 1)).toBeGreaterThan(jeffreysLowerBound(1, 0));
    expect(jeffreysLowerBound(90, 10)).toBeGreaterThan(jeffreysLowerBound(9, 1));
    expect(jeffreysLowerBound(0, 5)).toBeLessThan(0.01);
  });

  it('rejects nonsense input', () => {
    expect(() => betaQuantile(1.5, 1, 1)).toThrow(RangeError);
    expect(() => betaCdf(0.5, 0, 1)).toThrow(RangeError);
  });
});

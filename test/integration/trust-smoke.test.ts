import { describe, expect, it } from 'vitest';
import { runTrustCases } from '../helpers/trust-attack.js';
import { TRUST_CASES, TRUST_SMOKE } from '../helpers/trust-cases.js';

/**
 * A few cases of the trust bench (`npm run bench -- trust` runs them all) in every `npm test`:
 * real capture, brain, chat, CLI and MCP paths against a model that obeys every injection.
 */
describe('trust bench, smoke subset', { timeout: 240_000 }, () => {
  it('nothing steered, nothing leaked', async () => {
    const report = await runTrustCases(TRUST_CASES.filter((c) => TRUST_SMOKE.includes(c.name)));
    expect(report.cases).toBe(TRUST_SMOKE.length);
    expect(report.results.filter((r) => r.steered || r.leaked)).toEqual([]);
  });
});

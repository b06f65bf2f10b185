import { defineConfig } from 'vitest/config';
import CostSequencer from './test/runner/cost-sequencer.js';
import TimingReporter from './test/runner/timing-reporter.js';

// One runner for unit, integration and browser (playwright-core) tests. Files run in forks so a
// native addon crash or a leaked worker cannot take the whole run down; two at a time on 2 cores.
// Files start longest first (test/runner/cost-sequencer.ts) so both workers end together; the
// timing reporter prints how long the workers stood idle.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    sequence: { sequencer: CostSequencer },
    reporters: ['default', new TimingReporter()],
  },
});

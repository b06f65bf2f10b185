import { defineConfig } from 'vitest/config';

// One runner for unit, integration and browser (playwright-core) tests. Files run in forks so a
// native addon crash or a leaked worker cannot take the whole run down; two at a time on 2 cores.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ['default'],
  },
});

import { createRequire } from 'node:module';
import { expect, it } from 'vitest';

// Every data command loads shared/time (through the store's retriever); chrono-node, 51 modules,
// must load only when a time is actually read (shared/time/chrono-en.ts).
const cache = createRequire(import.meta.url).cache;
const chronoLoaded = () => Object.keys(cache).some((k) => k.includes('/chrono-node/'));

it('shared/time loads chrono-node on the first parse, not on import', async () => {
  const time = await import('../../shared/time/index.js');
  expect(chronoLoaded()).toBe(false);
  const now = new Date('2026-11-30T12:00:00Z');
  expect(time.parseTimePoint('2026-11-29T10:00:00Z', '--since', now)).toBe(Date.parse('2026-11-29T10:00:00Z'));
  expect(chronoLoaded()).toBe(false);
  const t = time.parseTimePoint('2 hours ago', '--since', now);
  expect(chronoLoaded()).toBe(true);
  expect(t).toBe(now.getTime() - 2 * 3600_000);
});

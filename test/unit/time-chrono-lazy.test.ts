import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';

// Every data command loads shared/time (through the store's retriever); chrono-node, 51 modules,
// must load only when a time is actually read (shared/time/chrono-en.ts).
// Checked in a process of its own: in a worker that other test files ran in first (`npm run
// test:unit` shares workers), chrono-node may be loaded already and the check would say nothing.
const timeModule = pathToFileURL(resolve(import.meta.dirname, '../../shared/time/index.ts')).href;
const script = `
import { createRequire } from 'node:module';
const cache = createRequire(import.meta.url).cache;
const loaded = () => Object.keys(cache).some((k) => k.includes('/chrono-node/'));
const time = await import(${JSON.stringify(timeModule)});
const steps = [loaded()];
const now = new Date('2026-11-30T12:00:00Z');
const iso = time.parseTimePoint('2026-11-29T10:00:00Z', '--since', now);
steps.push(loaded());
const rel = time.parseTimePoint('2 hours ago', '--since', now);
steps.push(loaded());
console.log(JSON.stringify({ steps, iso, rel, now: now.getTime() }));
`;

it('shared/time loads chrono-node on the first parse, not on import', () => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 });
  expect(r.stderr).toBe('');
  const out = JSON.parse(r.stdout.trim()) as { steps: boolean[]; iso: number; rel: number; now: number };
  // Not on import, not for an ISO time (read without chrono), then on the first relative time.
  expect(out.steps).toEqual([false, false, true]);
  expect(out.iso).toBe(Date.parse('2026-11-29T10:00:00Z'));
  expect(out.rel).toBe(out.now - 2 * 3600_000);
});

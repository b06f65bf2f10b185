import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

type Display = { display: string; stop(): Promise<void> };
const root = join(import.meta.dirname, '..', '..');

// scripts/xvfb.mjs gives the test run, the trust bench and the screen bench each a private X display.
// Two of them starting at once took the same free number: both drew their windows on one screen.
describe('a private X display (scripts/xvfb.mjs)', () => {
  const started: Display[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((d) => d.stop()));
  });

  it('is never shared: displays started at the same moment each get their own, with its window manager running', async () => {
    const { startDisplay } = (await import(pathToFileURL(join(root, 'scripts', 'xvfb.mjs')).href)) as { startDisplay: (o: { width: number; height: number }) => Promise<Display> };
    const all = await Promise.allSettled([0, 1, 2].map(() => startDisplay({ width: 320, height: 200 })));
    for (const r of all) if (r.status === 'fulfilled') started.push(r.value);
    expect(all.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    expect(new Set(started.map((d) => d.display)).size).toBe(3);
    for (const d of started) {
      expect(execFileSync('xprop', ['-display', d.display, '-root', '_NET_SUPPORTING_WM_CHECK'], { encoding: 'utf8' })).toContain('window id');
    }
  });
});

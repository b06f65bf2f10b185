import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore, StaticKeyProvider } from '../../agents/store/index.js';
import { startEngram } from '../../electron/engine/index.js';
import { KillableScript } from '../helpers/killable-script.js';
import { ChangingScreen, FixedWindow, TextOcr } from '../fakes/fake-screen-stack.js';

/**
 * Nothing taken is lost when capture is stopped at once (a second Ctrl-C, a crash, kill -9) while
 * frames wait for their text: the frames are in the store without observations, and the next
 * start reads them (real store, real process killed, fake OCR) — once.
 */
describe('frames left unread by a hard stop', { timeout: 120_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'engram-hardstop-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const key = randomBytes(32);
  const open = () => openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder: null });

  it('get their text at the next start, and only once', async () => {
    const child = new KillableScript('capture-hard-stop.ts', [dir, '3'], { ENGRAM_KEY: key.toString('hex') });
    await child.until('kept', 60_000, 'the capture run never kept its frames');
    expect(await child.kill9()).toBe('SIGKILL');
    expect(child.out).toContain('kept 3');

    // After the kill: three frames stored, none with an observation.
    const store = await open();
    try {
      expect(store.frames.count()).toBe(3);
      expect(store.observations.list({ limit: 100 })).toEqual([]);
      expect(store.frames.countUnread()).toBe(3);

      // The next start (capture not ticking yet: the start-up pass alone) reads them.
      const lines: string[] = [];
      const engram = await startEngram({
        store,
        host: 'headless',
        version: 'test',
        env: {},
        chat: false,
        log: (l) => lines.push(l),
        capture: { screen: new ChangingScreen(), windows: new FixedWindow(), ocr: new TextOcr('quarterly budget review with Ana'), start: false },
      });
      await engram.capture!.drain();
      await engram.close();
      expect(lines).toContain('capture: reading the text of 3 frames the last run kept unread');
      const frames = store.frames.list({ limit: 100 });
      const obs = store.observations.list({ limit: 100 });
      expect(obs).toHaveLength(3);
      expect(new Set(obs.map((o) => o.frame_id))).toEqual(new Set(frames.map((f) => f.id)));
      for (const o of obs) {
        expect(o.text).toBe('quarterly budget review with Ana');
        // The frame's own window, recorded when it was kept, not the window in front now.
        expect(o.title).toBe('budget notes');
        expect(o.observed_at).toBe(frames.find((f) => f.id === o.frame_id)!.captured_at);
      }
      expect(store.frames.countUnread()).toBe(0);

      // A later start finds nothing left to read: no second observation per frame.
      const again: string[] = [];
      const second = await startEngram({
        store,
        host: 'headless',
        version: 'test',
        env: {},
        chat: false,
        log: (l) => again.push(l),
        capture: { screen: new ChangingScreen(), windows: new FixedWindow(), ocr: new TextOcr('something else'), start: false },
      });
      await second.capture!.drain();
      await second.close();
      expect(again.filter((l) => l.includes('kept unread'))).toEqual([]);
      expect(store.observations.list({ limit: 100 })).toHaveLength(3);
    } finally {
      await store.close();
    }
  });
});

import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dayKey, openApp } from './screens.js';
import type { UiHarness } from './ui-harness.js';
import { uiForFile } from './ui-session.js';

/**
 * Scrub the day (issue 31), in Chromium against the HTTP host: dragging along the track and the
 * arrow keys move the cursor, and with it the frame drawn and the app and title shown; Enter opens
 * the moment's view; its pictures are decoded in a worker; a moment's "See it in the day" opens the
 * scrubber on it. No timing is asserted here (the UI bench measures frames per second).
 */

let browser: Browser;
let h: UiHarness;
/** The seeded day's kept frames, oldest first: observation ids with their app and title. */
let frames: { id: string; app: string | null; title: string | null }[];

uiForFile({}, (ui) => {
  ({ browser, h } = ui);
  const day = h.seeded!.dayStart;
  // The seed's last half hour falls on the seeded day too when the run starts just after midnight.
  frames = [...h.seeded!.observations, ...h.seeded!.recent.observations]
    .map((id) => h.store.observations.get(id)!)
    .filter((o) => o.observed_at >= day && o.observed_at < day + 86_400_000 && o.frame_id)
    .sort((a, b) => a.observed_at - b.observed_at)
    .map((o) => ({ id: o.id, app: o.app, title: o.title }));
  expect(frames.length).toBeGreaterThan(5);
});

const shown = (page: Page) => page.getByTestId('scrub-canvas').getAttribute('data-shown');
const slider = (page: Page) => page.getByRole('slider', { name: 'Frames of the day' });

describe('the day scrubber', { timeout: 120_000 }, () => {
  it('moves with the arrow keys and a drag, showing each frame with its app and title, and opens the moment', async () => {
    const page = await openApp(browser, h);
    await page.goto(`${h.base}/#/timeline/${dayKey(h.seeded!.dayStart)}`);
    const track = slider(page);
    await track.waitFor();
    const n = frames.length;
    expect(await track.getAttribute('aria-valuemax')).toBe(String(n));
    // It opens at the day's last frame, its picture drawn.
    await expect.poll(() => shown(page)).toBe(String(n - 1));
    expect(await page.getByTestId('scrub-title').textContent()).toBe(frames[n - 1]!.title ?? '');

    // A tap of ← moves one frame back: the picture, the app and the title follow.
    await track.focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => shown(page)).toBe(String(n - 2));
    expect(await track.getAttribute('aria-valuenow')).toBe(String(n - 1));
    expect(await page.getByTestId('scrub-app').textContent()).toBe(frames[n - 2]!.app);
    expect(await page.getByTestId('scrub-title').textContent()).toBe(frames[n - 2]!.title ?? '');
    await page.keyboard.press('Home');
    await expect.poll(() => shown(page)).toBe('0');
    expect(await page.getByTestId('scrub-title').textContent()).toBe(frames[0]!.title ?? '');

    // Holding → flips on through several frames; letting go stops.
    await page.keyboard.down('ArrowRight');
    await expect.poll(async () => Number(await track.getAttribute('aria-valuenow')), { timeout: 10_000 }).toBeGreaterThan(3);
    await page.keyboard.up('ArrowRight');
    // A flip begun just before the key came up may still be rendering: read once it has settled.
    await page.waitForTimeout(200);
    const stopped = Number(await track.getAttribute('aria-valuenow'));
    await page.waitForTimeout(500);
    expect(Number(await track.getAttribute('aria-valuenow'))).toBe(stopped);

    // A drag from the start to the middle of the track lands on the middle frame, and a drag to the end on the last.
    const box = (await track.boundingBox())!;
    await page.mouse.move(box.x + 1, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 8 });
    const mid = Math.round(((box.width / 2 - 0) / box.width) * (n - 1));
    await expect.poll(async () => Math.abs(Number(await shown(page)) - mid)).toBeLessThanOrEqual(1);
    const at = Number(await shown(page));
    expect(await page.getByTestId('scrub-title').textContent()).toBe(frames[at]!.title ?? '');
    await page.mouse.move(box.x + box.width - 1, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    await expect.poll(() => shown(page)).toBe(String(n - 1));

    // Enter opens the moment under the cursor in the moment view.
    await track.focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => shown(page)).toBe(String(n - 2));
    await page.keyboard.press('Enter');
    await page.getByTestId('moment').waitFor();
    expect(decodeURIComponent(new URL(page.url()).hash)).toBe(`#/moment/${frames[n - 2]!.id}`);
    expect(await page.getByTestId('moment-title').textContent()).toBe(frames[n - 2]!.title);
    await page.close();
  });

  it('decodes its pictures in a worker: nothing unpacked or decoded on the main thread while scrubbing', async () => {
    const page = await openApp(browser, h);
    // Counts the main thread's picture decodes (a worker's own createImageBitmap is not this one).
    await page.addInitScript(() => {
      const w = window as unknown as { createImageBitmap: typeof createImageBitmap; mainDecodes: number };
      const real = w.createImageBitmap.bind(window);
      w.mainDecodes = 0;
      w.createImageBitmap = ((...args: Parameters<typeof createImageBitmap>) => {
        w.mainDecodes++;
        return real(...args);
      }) as typeof createImageBitmap;
    });
    await page.reload();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await page.goto(`${h.base}/#/timeline/${dayKey(h.seeded!.dayStart)}`);
    const track = slider(page);
    await track.waitFor();
    const n = frames.length;
    await expect.poll(() => shown(page)).toBe(String(n - 1));
    await track.focus();
    await page.keyboard.press('Home');
    await expect.poll(() => shown(page)).toBe('0');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => shown(page)).toBe('1');
    expect(await page.evaluate(() => (window as unknown as { mainDecodes: number }).mainDecodes)).toBe(0);
    expect(page.workers().map((w) => w.url()).filter((u) => u.includes('thumb-decode-worker'))).toHaveLength(1);
    await page.close();
  });

  it('a moment seen from a search hit or a citation opens in the day with the scrubber on it', async () => {
    const page = await openApp(browser, h);
    // By its observation (a citation, a timeline hit) and by its frame (a memory's source).
    const byFrame = h.store.observations.get(frames[3]!.id)!.frame_id!;
    for (const [id, k] of [[frames[2]!.id, 2], [byFrame, 3]] as const) {
      await page.goto(`${h.base}/#/moment/${id}`);
      await page.getByTestId('moment').waitFor();
      await page.getByTestId('moment-in-day').click();
      const track = slider(page);
      await track.waitFor();
      await expect.poll(() => shown(page)).toBe(String(k));
      expect(await track.getAttribute('aria-valuenow')).toBe(String(k + 1));
      expect(await page.getByTestId('scrub-title').textContent()).toBe(frames[k]!.title ?? '');
      // Enter goes back to the same moment.
      await track.focus();
      await page.keyboard.press('Enter');
      await page.getByTestId('moment').waitFor();
      expect(decodeURIComponent(new URL(page.url()).hash)).toBe(`#/moment/${frames[k]!.id}`);
    }
    await page.close();
  });
});

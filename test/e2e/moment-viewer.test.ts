import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openApp } from './screens.js';
import type { UiHarness } from './ui-harness.js';
import { uiForFile } from './ui-session.js';

/** Hits you can see (issue 31), in Chromium against the HTTP host: every match highlighted on the screenshot, next/previous, app, window and time, and the page to open again. */

let browser: Browser;
let h: UiHarness;
let frame: string;
let obs: string;

uiForFile({}, (ui) => {
  ({ browser, h } = ui);
  obs = h.seeded!.observations.find((id) => h.store.observations.get(id)!.url !== null)!;
  frame = h.store.observations.get(obs)!.frame_id!;
  // The words OCR would have kept with this frame (960 x 600): three of them say "release".
  const words = ['PostgreSQL', 'release', 'notes', 'release', 'date', 'Release', 'team'].map((text, i) => ({ text, x0: 40 + (i % 4) * 200, y0: 60 + Math.floor(i / 4) * 100, x1: 180 + (i % 4) * 200, y1: 90 + Math.floor(i / 4) * 100, confidence: 90 }));
  expect(h.store.frameWords.put(frame, { width: 960, height: 600, words })).toBe(true);
});

describe('the moment viewer', { timeout: 120_000 }, () => {
  it('highlights every match on the screenshot and steps through them', async () => {
    const page = await openApp(browser, h);
    await page.goto(`${h.base}/#/moment/${obs}/release`);
    await page.getByTestId('moment').waitFor();
    const hits = page.getByTestId('moment-hit');
    await expect.poll(() => hits.count()).toBe(3);
    expect(await page.getByTestId('moment-count').textContent()).toBe('1 of 3');
    expect(await hits.nth(0).getAttribute('data-current')).toBe('true');
    // The boxes sit where the words are, scaled to the picture: the first "release" starts at 240/960 of its width.
    await page.locator('img.moment-image').waitFor();
    const img = (await page.locator('img.moment-image').boundingBox())!;
    const first = (await hits.nth(0).boundingBox())!;
    expect(Math.abs(first.x - img.x - (240 / 960) * img.width)).toBeLessThan(2);
    expect(Math.abs(first.y - img.y - (60 / 600) * img.height)).toBeLessThan(2);

    await page.getByRole('button', { name: 'Next match' }).click();
    expect(await page.getByTestId('moment-count').textContent()).toBe('2 of 3');
    expect(await hits.nth(1).getAttribute('data-current')).toBe('true');
    expect(await hits.nth(0).getAttribute('data-current')).toBe('false');
    await page.getByRole('button', { name: 'Next match' }).click();
    await page.getByRole('button', { name: 'Next match' }).click();
    expect(await page.getByTestId('moment-count').textContent()).toBe('1 of 3');
    await page.getByRole('button', { name: 'Previous match' }).click();
    expect(await page.getByTestId('moment-count').textContent()).toBe('3 of 3');

    const o = h.store.observations.get(obs)!;
    expect(await page.getByTestId('moment-app').textContent()).toBe(o.app);
    expect(await page.getByTestId('moment-title').textContent()).toBe(o.title);
    expect(await page.getByTestId('moment-time').textContent()).toMatch(/\d/);
    // "Open that again": the page it showed, as a link that opens outside the app.
    const open = page.getByTestId('moment-open-url');
    expect(await open.getAttribute('href')).toBe(o.url);
    expect(await open.getAttribute('target')).toBe('_blank');
    await page.close();
  });

  it('says so when nothing matches, and shows no highlight', async () => {
    const page = await openApp(browser, h);
    await page.goto(`${h.base}/#/moment/${frame}/zanzibar`);
    await page.getByTestId('moment').waitFor();
    await expect.poll(() => page.getByTestId('moment-count').textContent()).toBe('No match for “zanzibar”');
    expect(await page.getByTestId('moment-hit').count()).toBe(0);
    await page.close();
  });
});

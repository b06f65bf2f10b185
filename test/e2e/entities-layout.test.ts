import type { Browser } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openApp } from './screens.js';
import type { UiHarness } from './ui-harness.js';
import { uiForFile } from './ui-session.js';

/**
 * The People & projects header at the widths people use (issue 35: at 1440 px the title wrapped one
 * word per line and the description ran under the search box). Debian's Chromium against the HTTP
 * host; each width keeps a screenshot for a human to look at and checks the header's boxes.
 */

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box): boolean => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

let browser: Browser;
let h: UiHarness;
const SHOTS = join(tmpdir(), 'engram-entities-layout');

uiForFile({ seed: false }, (ui) => {
  ({ browser, h } = ui);
  mkdirSync(SHOTS, { recursive: true });
});

describe('People & projects header layout', { timeout: 180_000 }, () => {
  for (const width of [1280, 1440, 1920]) {
    it(`lays out at ${width} px: title on one line, nothing overlapping`, async () => {
      const page = await openApp(browser, h, { width, height: 900 });
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /People & projects/ }).click();
      const header = page.locator('.entities-page .page-header');
      await header.waitFor();
      await page.screenshot({ path: join(SHOTS, `people-${width}.png`) });
      const title = header.getByRole('heading', { level: 1 });
      const box = async (l: ReturnType<typeof page.locator>): Promise<Box> => (await l.boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
      const t = await box(title);
      const d = await box(header.locator('.subtitle'));
      const s = await box(header.getByLabel('Search people and projects'));
      const k = await box(header.getByLabel('Kind'));
      // One line: the heading is no taller than its own line height.
      const lineHeight = await title.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || parseFloat(getComputedStyle(el).fontSize) * 1.3);
      expect(t.height, `title height at ${width}`).toBeLessThanOrEqual(lineHeight * 1.2);
      expect(t.width).toBeGreaterThan(100);
      for (const [name, a, b] of [['title/description', t, d], ['title/search', t, s], ['description/search', d, s], ['title/kind', t, k], ['description/kind', d, k], ['search/kind', s, k]] as const) {
        expect(overlap(a, b), `${name} overlap at ${width}: ${JSON.stringify([a, b])}`).toBe(false);
      }
      await page.context().close();
    });
  }

  it('the active "People & projects" item stays on one line beside its shortcut hint at 1440 px', async () => {
    const page = await openApp(browser, h, { width: 1440, height: 900 });
    const item = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /People & projects/ });
    await item.click();
    await page.locator('.entities-page .page-header').waitFor();
    await page.mouse.move(900, 600);
    const label = item.locator('.nav-label');
    const lines = async () => label.evaluate((el) => {
      const cs = getComputedStyle(el);
      const lh = parseFloat(cs.lineHeight) || parseFloat(cs.fontSize) * 1.3;
      return { height: el.getBoundingClientRect().height, lh, cut: el.scrollWidth > el.clientWidth };
    });
    const rest = await lines();
    expect(rest.height, 'label height at rest').toBeLessThanOrEqual(rest.lh * 1.2);
    expect(rest.cut, 'the label is whole at rest').toBe(false);
    // With the hint shown (hover), still one line.
    await item.hover();
    await expect.poll(async () => item.locator('.kbd').isVisible()).toBe(true);
    const hovered = await lines();
    expect(hovered.height, 'label height on hover').toBeLessThanOrEqual(hovered.lh * 1.2);
    const itemBox = (await item.boundingBox())!;
    const kbdBox = (await item.locator('.kbd').boundingBox())!;
    expect(kbdBox.y + kbdBox.height).toBeLessThanOrEqual(itemBox.y + itemBox.height);
    await page.screenshot({ path: join(SHOTS, 'sidebar-1440.png') });
    await page.context().close();
  });
});

import { existsSync, mkdirSync, statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './chromium.js';
import { AppTab, pageErrors, shootAllScreens, shootOfflineChat } from './screens.js';
import { startUiHarness, type UiHarness } from './ui-harness.js';

/** Screenshots of every screen, light and dark, saved as test artefacts to be looked at. */

const DIR = 'test-artifacts/screens';
let h: UiHarness;
let chrome: Awaited<ReturnType<typeof launchChromium>>;
/** The file's one tab: each test loads the app anew in it (screens.ts), in its colour scheme, on its host. */
let tab: AppTab;

beforeAll(async () => {
  mkdirSync(DIR, { recursive: true });
  h = await startUiHarness({ llm: true, capture: true, captureIntervalS: 5 });
  h.fake!.setHandler(() => ({
    text: 'Yesterday morning you worked on the **MirixDB migration** in VS Code [1], then agreed with Ana in #launch to move the Northwind launch to March 14 [2].\n\nIn the afternoon the rollback test was fixed by wrapping the partition copy in one transaction [3].',
    eventDelayMs: 2,
  }));
  chrome = await launchChromium();
  tab = new AppTab(chrome.browser, h);
});
afterAll(async () => {
  await tab?.close();
  await chrome?.close();
  await h?.close();
});

// Many steps per test, in a browser, on a shared machine: generous time, no retries.
describe('screens', { timeout: 240_000 }, () => {
  for (const dark of [false, true]) {
    it(`saves a screenshot of every screen (${dark ? 'dark' : 'light'})`, async () => {
      const unlabelled = new Map<string, string[]>();
      const files = await shootAllScreens(chrome.browser, h, { dark, dir: DIR, unlabelled, tab });
      // Accessible: every control on every screen has a name assistive tech can read.
      for (const [screen, list] of unlabelled) expect({ screen, list }).toEqual({ screen, list: [] });
      // No script errors and no Content-Security-Policy violations on any screen.
      expect(pageErrors()).toEqual([]);
      expect(files.length).toBe(8);
      for (const f of files) {
        expect(existsSync(f)).toBe(true);
        expect(statSync(f).size).toBeGreaterThan(20_000);
      }
    });
  }

  it('works from the keyboard: shortcuts between screens, arrows and Space in the timeline, Delete asks first', async () => {
    const page = await tab.open();
    await page.keyboard.press('Control+2');
    await expect.poll(() => new URL(page.url()).hash).toBe('#/timeline');
    const d = new Date(h.seeded!.dayStart);
    await page.goto(`${h.base}/#/timeline/${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`);
    const list = page.getByRole('listbox');
    await list.waitFor();
    await list.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const active = await list.getAttribute('aria-activedescendant');
    expect(active).toMatch(/^tl-/);
    await page.keyboard.press('Space');
    await page.keyboard.press('Shift+ArrowDown');
    await expect.poll(() => page.getByRole('region', { name: 'Selection' }).textContent()).toMatch(/selected/);
    await page.keyboard.press('Delete');
    await page.getByRole('alertdialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });
    await page.keyboard.press('Control+5');
    await page.getByRole('tab', { name: /Episodic/ }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => new URL(page.url()).hash).toBe('#/memories/semantic');
  });

  it('saves the offline chat (no model key): notice and an extractive answer with sources', async () => {
    const offline = await startUiHarness({ llm: false });
    try {
      const file = await shootOfflineChat(chrome.browser, offline, { dir: DIR, tab });
      expect(statSync(file).size).toBeGreaterThan(20_000);
    } finally {
      // Off the offline host before it closes.
      await tab.leave();
      await offline.close();
    }
  });
});

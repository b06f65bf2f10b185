import { existsSync, mkdirSync, statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './chromium.js';
import { shootAllScreens, shootOfflineChat } from './screens.js';
import { startUiHarness, type UiHarness } from './ui-harness.js';

/** Screenshots of every screen, light and dark, saved as test artefacts to be looked at. */

const DIR = 'test-artifacts/screens';
let h: UiHarness;
let chrome: Awaited<ReturnType<typeof launchChromium>>;

beforeAll(async () => {
  mkdirSync(DIR, { recursive: true });
  h = await startUiHarness({ llm: true, capture: true, captureIntervalS: 5 });
  h.fake!.setHandler(() => ({
    text: 'Yesterday morning you worked on the **MirixDB migration** in VS Code [1], then agreed with Ana in #launch to move the Northwind launch to March 14 [2].\n\nIn the afternoon the rollback test was fixed by wrapping the partition copy in one transaction [3].',
    eventDelayMs: 2,
  }));
  chrome = await launchChromium();
});
afterAll(async () => {
  await chrome?.close();
  await h?.close();
});

describe('screens', () => {
  for (const dark of [false, true]) {
    it(`saves a screenshot of every screen (${dark ? 'dark' : 'light'})`, async () => {
      const files = await shootAllScreens(chrome.browser, h, { dark, dir: DIR });
      expect(files.length).toBe(8);
      for (const f of files) {
        expect(existsSync(f)).toBe(true);
        expect(statSync(f).size).toBeGreaterThan(20_000);
      }
    });
  }

  it('saves the offline chat (no model key): notice and an extractive answer with sources', async () => {
    const offline = await startUiHarness({ llm: false });
    try {
      const file = await shootOfflineChat(chrome.browser, offline, { dir: DIR });
      expect(statSync(file).size).toBeGreaterThan(20_000);
    } finally {
      await offline.close();
    }
  });
});

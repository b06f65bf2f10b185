import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './chromium.js';
import { AppTab } from './screens.js';
import { startUiHarness, type UiHarness } from './ui-harness.js';

// Issue 34: on battery with the battery saver on, the capture card and the Privacy screen say so
// (capture.status' battery_saver, through the real HTTP host), and how many screens wait for text.

let chrome: Awaited<ReturnType<typeof launchChromium>>;
let browser: Browser;
let h: UiHarness | null = null;
let tab: AppTab;

beforeAll(async () => {
  chrome = await launchChromium();
  browser = chrome.browser;
  tab = new AppTab(browser);
});
afterAll(async () => {
  await tab?.close();
  await chrome?.close();
});
afterEach(async () => {
  await tab?.leave();
  await h?.close();
  h = null;
});

async function api<T>(hh: UiHarness, name: string, input: unknown = {}): Promise<T> {
  const r = await fetch(`${hh.base}/api/call`, { method: 'POST', headers: { Authorization: `Bearer ${hh.token}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ name, input }) });
  const body = (await r.json()) as { ok: boolean; output: T; error?: { message: string } };
  if (!body.ok) throw new Error(`${name}: ${body.error?.message}`);
  return body.output;
}

describe('battery saver in the window', { timeout: 120_000 }, () => {
  it('the capture card and Privacy say "battery saver on" while on battery, with the screens waiting for text, and stop on AC', async () => {
    let battery = true;
    h = await startUiHarness({ seed: false, capture: true, captureIntervalS: 0.5, capturePower: { onBattery: () => battery } });
    const hh = h;
    const page = await tab.open({ host: hh });
    const detail = page.getByTestId('capture-detail');
    await expect.poll(() => detail.textContent(), { timeout: 15_000 }).toMatch(/^Battery saver on · /);

    await page.evaluate(() => (location.hash = '#/privacy'));
    const line = page.getByTestId('privacy-capture-state');
    // Frames are kept but their text waits for AC: the count shows (the window asks for the status every 15 s).
    await expect
      .poll(() => line.textContent(), { timeout: 40_000 })
      .toMatch(/Battery saver on: a screen half as often, and text read once on power or when you step away \(\d+ waiting\)\./);

    // Back on AC: the line goes, and the screens that waited are read.
    battery = false;
    await expect.poll(() => line.textContent(), { timeout: 40_000 }).not.toMatch(/Battery saver/);
    await expect.poll(() => detail.textContent(), { timeout: 40_000 }).not.toMatch(/Battery saver/);
    await expect.poll(async () => (await api<{ battery_saver?: unknown; ocr_backlog: number }>(hh, 'capture.status')).ocr_backlog, { timeout: 30_000 }).toBe(0);
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAIN_SETTINGS_KEY, BrainSettingsSchema, defaultBrainSettings } from '../../shared/settings/index.js';
import { launchChromium } from './chromium.js';
import { AppTab } from './screens.js';
import { startUiHarness, type UiHarness } from './ui-harness.js';

/** Settings → Brain (issue 30), in headless Chromium against the HTTP host. */

let chrome: Awaited<ReturnType<typeof launchChromium>>;
let browser: Browser;
let h: UiHarness;
let tab: AppTab;

beforeAll(async () => {
  chrome = await launchChromium();
  browser = chrome.browser;
  h = await startUiHarness({ seed: false, env: {} });
  tab = new AppTab(browser, h);
}, 240_000);
afterAll(async () => {
  await tab?.close();
  await h?.close();
  await chrome?.close();
});

const brain = () => h.store.settings.get(BRAIN_SETTINGS_KEY, BrainSettingsSchema, defaultBrainSettings());
const nav = (page: Page, name: RegExp) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();

describe('Settings → Brain', { timeout: 180_000 }, () => {
  it('sets the experience half-life, chaining steps, segment gap and dream timing; they are stored and shown after a reload', async () => {
    h.store.settings.delete(BRAIN_SETTINGS_KEY);
    const page = await tab.open();
    await nav(page, /Settings/);
    const card = page.getByRole('region', { name: 'Brain' });
    await card.getByRole('switch', { name: 'Older experiences weigh less' }).click();
    await expect.poll(() => brain().experience_half_life_days).toBe(90);
    const set = async (label: string, value: string) => {
      const field = card.getByLabel(label);
      await field.fill(value);
      await field.press('Enter');
    };
    await set('Experience half-life in days', '30');
    await expect.poll(() => brain().experience_half_life_days).toBe(30);
    await set('Maximum chaining steps', '8');
    await expect.poll(() => brain().max_chaining_steps).toBe(8);
    await set('Segment collapse gap in minutes', '45');
    await expect.poll(() => brain().segment_collapse_min).toBe(45);
    await set('Consolidate at most every so many hours', '12');
    await set('Consolidate after idle minutes', '20');
    await expect.poll(() => brain().dream).toEqual({ auto: true, min_interval_h: 12, idle_min: 20 });
    // Out of range: not saved, the field goes back to the stored value.
    await set('Maximum chaining steps', '99');
    await expect.poll(() => card.getByLabel('Maximum chaining steps').inputValue()).toBe('8');
    expect(brain().max_chaining_steps).toBe(8);
    await card.getByRole('switch', { name: 'Consolidate by itself' }).click();
    await expect.poll(() => brain().dream.auto).toBe(false);

    await page.reload();
    await nav(page, /Settings/);
    const again = page.getByRole('region', { name: 'Brain' });
    await expect.poll(() => again.getByLabel('Experience half-life in days').inputValue()).toBe('30');
    expect(await again.getByLabel('Maximum chaining steps').inputValue()).toBe('8');
    expect(await again.getByLabel('Segment collapse gap in minutes').inputValue()).toBe('45');
    expect(await again.getByRole('switch', { name: 'Consolidate by itself' }).getAttribute('aria-checked')).toBe('false');
    // Aging off again: the stored half-life is null (old outcomes count fully).
    await again.getByRole('switch', { name: 'Older experiences weigh less' }).click();
    await expect.poll(() => brain().experience_half_life_days).toBeNull();
  });
});

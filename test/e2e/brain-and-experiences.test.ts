import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BRAIN_SETTINGS_KEY, BrainSettingsSchema, defaultBrainSettings } from '../../shared/settings/index.js';
import { AppTab } from './screens.js';
import type { UiHarness } from './ui-harness.js';
import { uiForFile } from './ui-session.js';

/** Settings → Brain and the What worked view (issue 30), in headless Chromium against the HTTP host. */

let h: UiHarness;
let tab: AppTab;

uiForFile({ seed: false, env: {} }, (ui) => {
  ({ h, tab } = ui);
});

const brain = () => h.store.settings.get(BRAIN_SETTINGS_KEY, BrainSettingsSchema, defaultBrainSettings());
const nav = (page: Page, name: RegExp) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();

describe('Settings → Brain', { timeout: 180_000 }, () => {
  it('sets the experience half-life, chaining steps, chaining cost cap, segment gap and dream timing; they are stored and shown after a reload', async () => {
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
    await set('Chaining calls per batch', '40');
    await expect.poll(() => brain().chain_budget_calls).toBe(40);
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
    expect(await again.getByLabel('Chaining calls per batch').inputValue()).toBe('40');
    expect(await again.getByLabel('Segment collapse gap in minutes').inputValue()).toBe('45');
    expect(await again.getByRole('switch', { name: 'Consolidate by itself' }).getAttribute('aria-checked')).toBe('false');
    // Aging off again: the stored half-life is null (old outcomes count fully).
    await again.getByRole('switch', { name: 'Older experiences weigh less' }).click();
    await expect.poll(() => brain().experience_half_life_days).toBeNull();
  });
});

describe('Memories → Experiences: What worked', { timeout: 180_000 }, () => {
  it('shows each task with its actions, their counts and confidence, failed-only actions as "tried, failed"', async () => {
    const record = async (task: string, action: string, outcome: 'success' | 'failure') => {
      const r = await h.server.api.dispatch('experiences.record', { task, action, outcome });
      if (!r.ok) throw new Error(r.error.message);
    };
    for (let i = 0; i < 3; i++) await record('login page times out under load', 'raise the connection pool of the auth service', 'success');
    await record('login page times out under load', 'raise the connection pool of the auth service', 'failure');
    await record('login page times out under load', 'add a second web node', 'failure');
    const page = await tab.open();
    await nav(page, /Memories/);
    await page.getByRole('tab', { name: /Experiences/ }).click();
    const view = page.getByRole('region', { name: 'What worked' });
    const task = view.getByTestId('worked-task').filter({ hasText: 'login page times out under load' });
    await task.waitFor();
    await expect.poll(() => task.textContent()).toContain('5 experiences');
    const actions = task.getByTestId('worked-action');
    expect(await actions.count()).toBe(2);
    const best = await actions.nth(0).textContent();
    expect(best).toContain('raise the connection pool of the auth service');
    expect(best).toContain('3 successes, 1 failure');
    // The 90% Jeffreys interval of 3 of 4: 5% bound 0.36, 95% bound 0.97.
    expect(best).toMatch(/works 3\d%–9\d% of the time/);
    expect(await actions.nth(1).textContent()).toContain('Tried, failed: add a second web node');
  });
});

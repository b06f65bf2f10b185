import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buildGraph } from '../../agents/graph/index.js';
import { openApp } from './screens.js';
import type { UiHarness } from './ui-harness.js';
import { uiForFile } from './ui-session.js';

/** People & projects in headless Chromium against the HTTP host: list → entity page → rename, merge, delete. */

let browser: Browser;
let h: UiHarness;
const T0 = Date.UTC(2026, 10, 2, 9);

function write(text: string, at: number): string {
  const m = h.store.memories.insert({ kind: 'episodic', title: text.slice(0, 48), text, fields: { event_type: 'message', actor: 'Ben Okafor' }, occurred_at: at });
  buildGraph(h.store, [{ id: m.id, kind: m.kind, title: m.title, text: m.text, fields: m.fields, at }]);
  return m.id;
}

uiForFile({ seed: false }, (ui) => {
  ({ browser, h } = ui);
  write('Ana Souza will review the Atlas launch checklist on Friday.', T0);
  write('Ana Souza signed off the Atlas launch budget.', T0 + 86_400_000);
  write('Carla Mendes booked the room for the offsite.', T0 + 2 * 86_400_000);
});

describe('People & projects', { timeout: 180_000 }, () => {
  it('lists, opens an entity page, renames, merges and deletes', async () => {
    const page = await openApp(browser, h);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /People & projects/ }).click();
    const list = page.getByTestId('entity-list');
    await list.waitFor();
    await page.getByLabel('Search people and projects').fill('souza');
    await expect.poll(() => list.getByTestId('entity-item').count()).toBe(1);
    await list.getByTestId('entity-item').first().click();
    const ent = page.getByTestId('entity-page');
    await ent.waitFor();
    expect(await page.getByTestId('entity-name').textContent()).toBe('Ana Souza');
    await expect.poll(() => page.getByTestId('entity-moments').locator('li').count()).toBe(2);

    // Rename: the old name stays as an alias.
    await ent.getByRole('button', { name: 'Rename' }).click();
    await page.getByLabel('New name').fill('Ana Beatriz Souza');
    await page.getByTestId('confirm-rename').click();
    await expect.poll(() => page.getByTestId('entity-name').textContent()).toBe('Ana Beatriz Souza');
    await expect.poll(() => page.getByTestId('entity-aliases').textContent()).toContain('Ana Souza');
    const anaId = h.store.graph.list({ query: 'beatriz' })[0]!.id;

    // Merge Carla into Ana (a wrong but visible merge): Carla's moment moves over, her entry is gone.
    await ent.getByRole('button', { name: 'Merge…' }).click();
    await page.getByLabel('Find the duplicate').fill('carla');
    await page.getByRole('radio', { name: /Carla Mendes/ }).check();
    await page.getByTestId('confirm-merge').click();
    await expect.poll(() => page.getByTestId('entity-moments').locator('li').count()).toBe(3);
    expect(h.store.graph.list({ query: 'carla' }).map((e) => e.id)).toEqual([anaId]);
    // The page's history says what happened, newest first, as a memory's history does.
    const history = page.getByTestId('entity-history');
    await expect.poll(() => history.locator('li').count()).toBe(2);
    expect(await history.locator('li').first().textContent()).toContain('Merged “Carla Mendes”');
    expect(await history.locator('li').nth(1).textContent()).toContain('renamed');

    // Delete: the confirmation says the memories stay, and they do.
    const memories = h.store.memories.count({});
    await ent.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect.poll(() => dialog.textContent()).toContain('memories that mention it stay');
    await page.getByTestId('confirm-delete-entity').click();
    await expect.poll(() => h.store.graph.get(anaId)).toBeNull();
    await expect.poll(() => page.url()).not.toContain(anaId);
    expect(h.store.memories.count({})).toBe(memories);
    await page.getByLabel('Search people and projects').fill('souza');
    await expect.poll(() => page.getByText('No matches').count()).toBeGreaterThan(0);
  });
});

import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buildGraph } from '../../agents/graph/index.js';
import { dayKey, openApp } from './screens.js';
import type { UiHarness } from './ui-harness.js';
import { uiForFile } from './ui-session.js';

/** The archive in the window (issue 30): hidden by default, shown and marked on request, restored from its detail; opening a detail is a use. */

let browser: Browser;
let h: UiHarness;
let oldId = '';
let freshId = '';
let meetingId = '';
const AT = Date.now() - 3_600_000;

const used = (via: string) => h.store.counters.get(`memory.used.${via}`);

uiForFile({ seed: false }, (ui) => {
  ({ browser, h } = ui);
  const old = h.store.memories.insert({ kind: 'semantic', title: 'Lisbon office door code changed', text: 'The Lisbon office door code changed in spring.', fields: {} });
  oldId = old.id;
  // Archived through the store's own pass, as the brain's timer would after months unused.
  expect(h.store.memories.archiveUnused(Date.now() + 1000)).toEqual([oldId]);
  freshId = h.store.memories.insert({ kind: 'semantic', title: 'Team lunch moved to Thursdays', text: 'Team lunch is on Thursdays now.', fields: {} }).id;
  const text = 'Ana Souza will review the Atlas launch checklist on Friday.';
  const m = h.store.memories.insert({ kind: 'episodic', title: 'Atlas checklist review', text, fields: { event_type: 'message', actor: 'Ben Okafor' }, occurred_at: AT });
  buildGraph(h.store, [{ id: m.id, kind: m.kind, title: m.title, text: m.text, fields: m.fields, at: AT }]);
  meetingId = m.id;
});

describe('Archived memories in the window', { timeout: 180_000 }, () => {
  it('hides, shows marked, restores, and counts an opened detail as a use', async () => {
    const page = await openApp(browser, h);
    await page.goto(`${h.base}/#/memories/semantic`);
    const list = page.getByTestId('memory-list');
    await list.waitFor();
    await expect.poll(() => list.getByTestId('memory-card').count()).toBe(1);
    expect(await list.getByTestId('memory-card').getAttribute('data-memory-id')).toBe(freshId);

    // Listing is not a use; opening a detail moves its last use, once.
    expect(h.store.memories.get(freshId)!.last_accessed_at).toBeNull();
    await list.getByTestId('memory-card').click();
    await page.getByTestId('memory-detail').waitFor();
    await expect.poll(() => h.store.memories.get(freshId)!.last_accessed_at).not.toBeNull();
    await expect.poll(() => h.store.memories.get(freshId)!.access_count).toBe(1);
    expect(used('open')).toBe(1);
    expect(used('search')).toBe(0);

    // Shown on request, and marked.
    await page.getByLabel('Show archived').check();
    await expect.poll(() => list.getByTestId('memory-card').count()).toBe(2);
    const archived = list.locator(`[data-memory-id="${oldId}"]`);
    expect(await archived.getByTestId('archived-badge').count()).toBe(1);
    expect(await list.locator(`[data-memory-id="${freshId}"]`).getByTestId('archived-badge').count()).toBe(0);
    expect(await archived.getAttribute('class')).toContain('mem-card-archived');

    // Restore from its detail: back in search, the mark gone, and restoring is a use.
    await archived.click();
    const detail = page.getByTestId('memory-detail');
    await detail.getByTestId('memory-archived-at').waitFor();
    await detail.getByTestId('restore-memory').click();
    await expect.poll(() => h.store.memories.get(oldId)!.archived_at).toBeNull();
    await expect.poll(() => detail.getByTestId('restore-memory').count()).toBe(0);
    await expect.poll(() => archived.getByTestId('archived-badge').count()).toBe(0);
    expect(h.store.memories.get(oldId)!.last_accessed_at).not.toBeNull();
    await page.getByLabel('Show archived').uncheck();
    await expect.poll(() => list.getByTestId('memory-card').count()).toBe(2);

    // Opened from a search hit: counted as search, not as a plain open.
    const opens = used('open');
    await page.goto(`${h.base}/#/memories/semantic`);
    await page.getByLabel('Search Semantic').fill('lunch');
    await expect.poll(() => list.getByTestId('memory-card').count()).toBe(1);
    await list.getByTestId('memory-card').click();
    await expect.poll(() => used('search')).toBe(1);
    expect(used('open')).toBe(opens);
  });

  it('counts a memory opened in the timeline as timeline and one followed from a person as graph', async () => {
    const page = await openApp(browser, h);
    await page.goto(`${h.base}/#/timeline/${dayKey(AT)}`);
    const row = page.locator(`[data-testid="timeline-item"][data-item-id="${meetingId}"]`);
    await row.waitFor();
    expect(used('timeline')).toBe(0);
    await row.click();
    await expect.poll(() => used('timeline')).toBe(1);
    expect(h.store.memories.get(meetingId)!.access_count).toBe(1);

    const opens = used('open');
    const ana = h.store.graph.list({ query: 'souza' })[0]!;
    await page.goto(`${h.base}/#/people/${ana.id}`);
    await page.getByTestId('entity-moments').locator('a').first().click();
    await page.getByTestId('memory-detail').waitFor();
    await expect.poll(() => used('graph')).toBe(1);
    expect(used('open')).toBe(opens);
    expect(h.store.memories.get(meetingId)!.access_count).toBe(2);
  });

  it('keeps "Show archived" across a reload of the window, and off stays off', async () => {
    const parked = h.store.memories.insert({ kind: 'semantic', title: 'Old parking permit rules', text: 'The old parking permit rules applied until March.', fields: {} });
    expect(h.store.memories.archiveUnused(Date.now() + 1000)).toContain(parked.id);
    // One live memory, so the list is never the empty state whichever tests ran before.
    const live = h.store.memories.insert({ kind: 'semantic', title: 'Parking office opens at eight', text: 'The parking office opens at eight.', fields: {} });
    const page = await openApp(browser, h);
    await page.goto(`${h.base}/#/memories/semantic`);
    const list = page.getByTestId('memory-list');
    await list.waitFor();
    const card = list.locator(`[data-memory-id="${parked.id}"]`);
    await list.locator(`[data-memory-id="${live.id}"]`).waitFor();
    expect(await card.count()).toBe(0);

    await page.getByLabel('Show archived').check();
    await expect.poll(() => card.count()).toBe(1);
    await page.reload();
    await list.waitFor();
    expect(await page.getByLabel('Show archived').isChecked()).toBe(true);
    await expect.poll(() => card.count()).toBe(1);

    await page.getByLabel('Show archived').uncheck();
    await expect.poll(() => card.count()).toBe(0);
    await page.reload();
    await list.locator(`[data-memory-id="${live.id}"]`).waitFor();
    expect(await page.getByLabel('Show archived').isChecked()).toBe(false);
    expect(await card.count()).toBe(0);
  });
});

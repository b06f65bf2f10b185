import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CAPTURE_SETTINGS_KEY, CaptureSettingsSchema, defaultCaptureSettings } from '../../shared/settings/index.js';
import { dayKey } from './screens.js';
import { callApi, type UiHarness } from './ui-harness.js';
import { hostPerTest } from './ui-session.js';

/** The scenarios of the UI issue, in headless Chromium against the headless host on a seeded temp data dir. */

let h: UiHarness | null = null;
/** The file's one tab (each test loads the app anew in it, screens.ts), and each test's own host. */
const ui = hostPerTest();

async function ask(page: Page, text: string) {
  await page.getByLabel('Ask about anything you have seen or said').fill(text);
  await page.keyboard.press('Enter');
}

describe('the window in a browser', { timeout: 180_000 }, () => {
  it('streams an answer whose citation opens the cited memory', async () => {
    h = await ui.start({ llm: true });
    const words = 'You worked on the MirixDB migration in VS Code yesterday morning [1] and agreed to move the launch [2].'.split(' ');
    h.fake!.setHandler(() => ({ text: words.join(' '), eventDelayMs: 60 }));
    const page = await ui.tab.open({ host: h });
    await ask(page, 'What did I work on yesterday?');

    // While tokens arrive the live answer is on screen and grows; then the stored turn replaces it.
    const live = page.getByTestId('live-answer');
    await live.waitFor({ timeout: 15_000 });
    await expect.poll(async () => (await live.textContent().catch(() => '')) ?? '', { timeout: 15_000 }).toContain('MirixDB');
    const final = page.getByTestId('assistant-message').last();
    await final.waitFor({ timeout: 20_000 });
    await expect.poll(() => final.textContent()).toContain('agreed to move the launch');
    expect(h.fake!.requests.length).toBeGreaterThan(0);
    expect(h.fake!.requests.some((r) => r.stream)).toBe(true);

    const threads = await callApi<{ threads: { id: string }[] }>(h, 'chat.listThreads');
    const { messages } = await callApi<{ messages: { role: string; citations: { n: number; memory_id: string }[] }[] }>(h, 'chat.messages', { thread_id: threads.threads[0]!.id });
    const cited = messages.find((m) => m.role === 'assistant')!.citations.find((c) => c.n === 1)!;
    expect(cited).toBeTruthy();

    await final.locator('button.cite', { hasText: '1' }).first().click();
    await page.getByTestId('memory-detail').waitFor();
    expect(decodeURIComponent(new URL(page.url()).hash)).toContain(cited.memory_id);
    const memory = h.store.memories.get(cited.memory_id)!;
    await expect.poll(() => page.getByTestId('memory-detail').textContent()).toContain(memory.title || memory.text.slice(0, 20));
  });

  it('shows the seeded frames on the timeline, with their thumbnails', async () => {
    h = await ui.start();
    const page = await ui.tab.open({ host: h });
    await page.goto(`${h.base}/#/timeline/${dayKey(h.seeded!.dayStart)}`);
    const obs = page.locator('[data-testid="timeline-item"][data-item-type="observation"]');
    await obs.first().waitFor();
    expect(await obs.count()).toBeGreaterThan(3);
    const firstId = await obs.first().getAttribute('data-item-id');
    expect(h.seeded!.observations).toContain(firstId);
    // Thumbnails are decrypted on demand and arrive as in-memory blob: URLs.
    const img = obs.first().locator('img.thumb');
    await img.waitFor({ timeout: 10_000 });
    expect(await img.getAttribute('src')).toMatch(/^blob:/);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  });

  it('deleting a memory removes it from the timeline, its tab and search', async () => {
    h = await ui.start();
    const id = h.seeded!.memories['sem_launch']!;
    const page = await ui.tab.open({ host: h });
    const day = dayKey(h.seeded!.dayStart);
    await page.goto(`${h.base}/#/timeline/${day}`);
    await page.getByTestId('timeline-item').first().waitFor();
    // The list is virtualised: filter to semantic memories so the row is in view.
    await page.getByRole('button', { name: 'Semantic' }).click();
    await page.locator(`[data-item-id="${id}"]`).waitFor();

    await page.goto(`${h.base}/#/memories/semantic/${id}`);
    await page.getByTestId('memory-detail').waitFor();
    await page.locator(`[data-memory-id="${id}"]`).waitFor();
    await page.getByTestId('memory-detail').getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('confirm-delete-memory').click();
    await expect.poll(() => page.locator(`[data-memory-id="${id}"]`).count()).toBe(0);

    // Search in the tab finds other memories about the launch, not this one.
    await page.getByLabel('Search Semantic').fill('Northwind launch');
    await page.locator('[data-testid="memory-card"]').first().waitFor();
    expect(await page.locator(`[data-memory-id="${id}"]`).count()).toBe(0);
    const search = await callApi<{ results: { memory: { id: string } }[] }>(h, 'memories.search', { query: 'Northwind launch March 14' });
    expect(search.results.map((r) => r.memory.id)).not.toContain(id);

    await page.goto(`${h.base}/#/timeline/${day}`);
    await page.getByTestId('timeline-item').first().waitFor();
    await page.getByRole('button', { name: 'Semantic' }).click();
    await expect.poll(() => page.locator('[data-testid="timeline-item"][data-item-type="memory"]').count()).toBeGreaterThan(0);
    expect(await page.locator(`[data-item-id="${id}"]`).count()).toBe(0);
    expect(h.store.memories.get(id)).toBeNull();
  });

  it('pausing capture shows the paused state and stops new frames', async () => {
    h = await ui.start({ seed: false, capture: true, captureIntervalS: 0.5 });
    const page = await ui.tab.open({ host: h });
    const card = page.getByTestId('capture-card');
    await expect.poll(() => card.textContent(), { timeout: 10_000 }).toContain('Capturing');
    await expect.poll(() => h!.store.frames.count(), { timeout: 15_000 }).toBeGreaterThan(1);

    await card.getByRole('button', { name: 'Pause capture' }).click();
    await page.getByRole('menuitem', { name: 'Until I resume' }).click();
    await expect.poll(() => card.textContent()).toContain('Paused');
    await expect.poll(() => card.textContent()).toContain('Until you resume');
    await h.capture!.drain();
    const frozen = h.store.frames.count();
    await page.waitForTimeout(2500);
    expect(h.store.frames.count()).toBe(frozen);
    // The Privacy screen says the same.
    await page.goto(`${h.base}/#/privacy`);
    await expect.poll(() => page.getByTestId('privacy-capture-state').textContent()).toContain('Nothing is recorded until you resume');

    await card.getByRole('button', { name: 'Resume' }).click();
    await expect.poll(() => card.textContent()).toContain('Capturing');
    await expect.poll(() => h!.store.frames.count(), { timeout: 10_000 }).toBeGreaterThan(frozen);
  });

  it('redaction switches on the Privacy screen work from the keyboard, save, survive a reload, and ask before card numbers are kept', async () => {
    h = await ui.start({ seed: false });
    const stored = () => h!.store.settings.get(CAPTURE_SETTINGS_KEY, CaptureSettingsSchema, defaultCaptureSettings()).redaction;
    const page = await ui.tab.open({ host: h });
    await page.goto(`${h.base}/#/privacy`);
    const emails = page.getByRole('switch', { name: 'Redact email addresses' });
    const cards = page.getByRole('switch', { name: 'Redact card numbers' });
    await expect.poll(() => emails.getAttribute('aria-checked')).toBe('false');
    expect(await cards.getAttribute('aria-checked')).toBe('true');

    // A switch is a button: Space toggles it, and the host saves at once.
    await emails.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => emails.getAttribute('aria-checked')).toBe('true');
    await expect.poll(() => stored().emails).toBe(true);

    // Card numbers are not switched off silently: it asks, and "Keep redacting" changes nothing.
    await cards.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog');
    await expect.poll(() => dialog.textContent()).toContain('Stop redacting card numbers?');
    await dialog.getByRole('button', { name: 'Keep redacting' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await cards.getAttribute('aria-checked')).toBe('true');
    expect(stored().cards).toBe(true);
    expect(await page.getByTestId('redaction-warning').count()).toBe(0);

    await cards.click();
    await page.getByTestId('confirm-redaction-off').click();
    await expect.poll(() => cards.getAttribute('aria-checked')).toBe('false');
    await expect.poll(() => page.getByTestId('redaction-warning').textContent()).toContain('Card numbers are not redacted');
    expect(stored()).toMatchObject({ cards: false, emails: true, secrets: true, passwords: true, phones: false });

    // After a reload the page shows what the host kept, warning included.
    await page.reload();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await expect.poll(() => page.getByRole('switch', { name: 'Redact email addresses' }).getAttribute('aria-checked')).toBe('true');
    expect(await page.getByRole('switch', { name: 'Redact card numbers' }).getAttribute('aria-checked')).toBe('false');
    await expect.poll(() => page.getByTestId('redaction-warning').textContent()).toContain('still removed from anything sent to a model');

    // Turning it back on needs no confirmation and clears the warning.
    await page.getByRole('switch', { name: 'Redact card numbers' }).click();
    await expect.poll(() => page.getByTestId('redaction-warning').count()).toBe(0);
    await expect.poll(() => stored().cards).toBe(true);
  });

  it('"forget the last 15 minutes" removes exactly that window', async () => {
    h = await ui.start();
    const { recent } = h.seeded!;
    const before = { frames: h.store.frames.count(), observations: h.store.observations.count() };
    const page = await ui.tab.open({ host: h });
    await page.goto(`${h.base}/#/timeline`);
    await page.getByRole('button', { name: 'Forget…' }).click();
    await page.getByRole('menuitem', { name: 'Last 15 minutes' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('list', { name: 'What will be deleted' }).waitFor();
    const text = (await dialog.textContent()) ?? '';
    expect(text).toMatch(/screenshots\s*3/);
    expect(text).toMatch(/screen readings\s*3/);
    await page.getByTestId('confirm-forget').click();
    await dialog.waitFor({ state: 'detached' });

    // Moments 12, 6 and 1 minutes ago are gone; 25 and 40 minutes ago, and yesterday, are not.
    for (let i = 0; i < recent.at.length; i++) {
      const inWindow = recent.at[i]! >= Date.now() - 15 * 60_000 - 60_000;
      expect(h.store.observations.get(recent.observations[i]!) === null).toBe(inWindow);
      expect(h.store.frames.get(recent.frames[i]!) === null).toBe(inWindow);
    }
    expect(h.store.frames.count()).toBe(before.frames - 3);
    expect(h.store.observations.count()).toBe(before.observations - 3);
    for (const id of h.seeded!.frames) expect(h.store.frames.get(id)).not.toBeNull();
  });

  it('selecting a range on the timeline and deleting it removes those moments and their memories', async () => {
    h = await ui.start();
    const page = await ui.tab.open({ host: h });
    await page.goto(`${h.base}/#/timeline/${dayKey(h.seeded!.dayStart)}`);
    const obs = page.locator('[data-testid="timeline-item"][data-item-type="observation"]');
    await obs.first().waitFor();
    const ids = await Promise.all([0, 1, 2].map((i) => obs.nth(i).getAttribute('data-item-id')));
    await obs.nth(0).getByTestId('timeline-check').click();
    await obs.nth(2).getByTestId('timeline-check').click({ modifiers: ['Shift'] });
    await expect.poll(() => page.getByRole('region', { name: 'Selection' }).textContent()).toMatch(/\b[34] selected/);
    const citing = h.store.memories.bySource('observation', ids as string[]);
    expect(citing.length).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Delete selected' }).click();
    await page.getByTestId('confirm-delete').click();
    await expect.poll(() => ids.every((id) => h!.store.observations.get(id!) === null)).toBe(true);
    for (const m of citing) expect(h.store.memories.get(m)).toBeNull();
    await expect.poll(() => page.locator(`[data-item-id="${ids[0]}"]`).count()).toBe(0);
  });
});

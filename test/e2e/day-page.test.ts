import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { localTimeZone, ZonedCalendar } from '../../shared/time/index.js';
import { unlabelledControls } from './a11y.js';
import { openApp, pageErrors } from './screens.js';
import { startUiHarness, type UiHarness } from './ui-harness.js';
import { uiForFile } from './ui-session.js';

/**
 * The Day page (issue 31), in Chromium against the HTTP host: a scripted day whose durations are
 * known (Code 09:00-10:00, a browser 10:00-10:30, Slack 10:30-10:45 and then the screen locked)
 * must show its total, its minutes per app and its hour bars, all as day.report counted them.
 */

const DATE = '2026-03-10';
const cal = ZonedCalendar.for(localTimeZone());
const dayStart = cal.at(2026, 3, 10);
const clock = (h: number, m = 0, s = 0) => dayStart + ((h * 60 + m) * 60 + s) * 1000;
const PULLS = 'https://github.com/engram/pulls';

let browser: Browser;
let h: UiHarness;

/** Work in one window from..to: a changed screen every `every` seconds. */
function work(h: UiHarness, from: number, to: number, every: number, app: string, title: string, url: string | null) {
  for (let t = from, i = 0; t < to; t += every * 1000, i++) {
    h.store.observations.insert({ kind: 'screen', frame_id: null, audio_id: null, display: 'main', observed_at: t, app, title, url, text: `${title} line ${i}`, caption: null });
  }
}

uiForFile({ seed: false }, (ui) => {
  ({ browser, h } = ui);
  seedDay(h);
});

/** The scripted day; returns the id of its one memory. */
function seedDay(h: UiHarness): string {
  return h.store.transaction(() => {
    work(h, clock(9), clock(10), 15, 'Code', 'budget.ts — engram — Visual Studio Code', null);
    work(h, clock(10), clock(10, 30), 30, 'firefox', 'Pull requests · engram - Mozilla Firefox', PULLS);
    // The last moment (10:44:40) earns its 30-second tail: Slack is 15 min 10 s.
    work(h, clock(10, 30), clock(10, 45), 20, 'Slack', 'general - Acme - Slack', null);
    const m = h.store.memories.insert({ kind: 'episodic', title: 'Budget review with Ana Souza', text: 'Reviewed the budget with Ana Souza.', occurred_at: clock(9, 30) });
    h.store.graph.mention(h.store.graph.upsertEntity({ name: 'Ana Souza', kind: 'person', at: clock(9, 30) }), m.id, 'subject');
    return m.id;
  });
}

const minutesOf = async (rows: import('playwright-core').Locator) => {
  const out: Record<string, number> = {};
  for (const row of await rows.all()) out[(await row.getAttribute('data-name'))!] = Number(await row.getAttribute('data-minutes'));
  return out;
};

describe('the Day page', { timeout: 120_000 }, () => {
  it('shows the day as day.report counted it: total, minutes per app, hour bars, the page, the person', async () => {
    const page = await openApp(browser, h);
    await page.goto(`${h.base}/#/day/${DATE}`);
    const active = page.getByTestId('day-active');
    await active.waitFor();
    // 60 + 30 + 15 min 10 s of known work: 1 h 45 min.
    expect(await active.textContent()).toBe('1 h 45 min');

    const apps = await minutesOf(page.getByTestId('day-app'));
    expect(apps).toEqual({ Code: 60, firefox: 30, Slack: 15.2 });
    const appTexts = await page.getByTestId('day-app').allTextContents();
    expect(appTexts).toEqual(['Code1 h', 'firefox30 min', 'Slack15 min']);

    // One bar for 09:00 (60 min) and one for 10:00 (45 min 10 s), none for the hours without work.
    const bars = page.getByTestId('day-hour-bar');
    const hours: Record<string, number> = {};
    for (const b of await bars.all()) hours[(await b.getAttribute('data-hour'))!] = Number(await b.getAttribute('data-minutes'));
    expect(hours).toEqual({ '9': 60, '10': 45.2 });
    // Taller for the fuller hour, and said in words for screen readers.
    const [nine, ten] = [await bars.nth(0).boundingBox(), await bars.nth(1).boundingBox()];
    expect(nine!.height).toBeGreaterThan(ten!.height);
    expect(await page.getByTestId('day-hours-table').locator('tbody tr').allTextContents()).toEqual([
      '09:001 hCode 1 h',
      '10:0045 minfirefox 30 min, Slack 15 min',
    ]);

    // The page visited opens outside the app; the person the day's memory names links to their page.
    const doc = page.getByTestId('day-document').first();
    expect(await doc.locator('a').getAttribute('href')).toBe(PULLS);
    expect(await doc.locator('a').getAttribute('target')).toBe('_blank');
    expect(await page.getByTestId('day-person').allTextContents()).toEqual(['Ana Souza1 memory']);
    expect(await unlabelledControls(page)).toEqual([]);
    expect(pageErrors()).toEqual([]);
    await page.close();
  });

  it('moves to the next day and the date picker, and says so when a day is empty', async () => {
    const page = await openApp(browser, h);
    await page.getByRole('link', { name: /^Day/ }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#/day');
    await page.goto(`${h.base}/#/day/${DATE}`);
    await page.getByTestId('day-active').waitFor();
    await page.getByRole('link', { name: 'Next day' }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#/day/2026-03-11');
    await page.getByText('Nothing seen or heard on this day').waitFor();
    expect(await page.getByTestId('day-app').count()).toBe(0);
    await page.getByLabel('Date', { exact: true }).fill(DATE);
    await expect.poll(() => new URL(page.url()).hash).toBe(`#/day/${DATE}`);
    await expect.poll(() => page.getByTestId('day-active').textContent()).toBe('1 h 45 min');
    await page.close();
  });

  it('offline, offers no summary and says a model is needed', async () => {
    const page = await openApp(browser, h);
    await page.goto(`${h.base}/#/day/${DATE}`);
    await page.getByTestId('day-summary-offline').waitFor();
    expect(await page.getByRole('button', { name: 'Summarise my day' }).count()).toBe(0);
    await page.close();
  });

  it('with a model, writes the summary when asked and links its citations to the memories', async () => {
    const online = await startUiHarness({ seed: false, llm: true, env: {} });
    try {
      const id = seedDay(online);
      online.fake!.setHandler(() => ({ text: 'You spent the morning on the budget with Ana [1].' }));
      const page = await openApp(browser, online);
      await page.goto(`${online.base}/#/day/${DATE}`);
      await page.getByRole('button', { name: 'Summarise my day' }).click();
      await expect.poll(() => page.getByTestId('day-summary-text').textContent(), { timeout: 30_000 }).toBe('You spent the morning on the budget with Ana 1.');
      expect(await page.getByTestId('day-summary-cite').getAttribute('href')).toBe(`#/memories/episodic/${id}`);
      expect(online.fake!.requests.length).toBe(1);
      await page.close();
    } finally {
      await online.close();
    }
  });
});

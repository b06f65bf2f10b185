import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { NO_OPEN_PATH } from '../../electron/api/handlers/open-path-handlers.js';
import { dayKey, openApp } from './screens.js';
import type { UiHarness } from './ui-harness.js';
import { uiForFile } from './ui-session.js';

/**
 * Links into the moment view (issue 31), in Chromium against the HTTP host: a chat citation of a
 * screen source opens the moment with the question's words highlighted, a timeline item opens its
 * moment (Enter, or Open moment, with the filter's words), a search hit on screen text opens it
 * with the query, a memory's screen source opens it with the memory's words; a citation opens its
 * moment after a reload too (the answer stores it). Following a citation or the timeline's Open
 * memory counts no extra 'open' use: the citation and the timeline's detail already counted it.
 */

let browser: Browser;
let h: UiHarness;
/** The seeded browser session's moments (the PostgreSQL 16 release notes). */
let browserObs: string[];
const used = (via: string) => h.store.counters.get(`memory.used.${via}`);

function momentOf(page: Page): { id: string; query: string } {
  const [screen, id, query] = new URL(page.url()).hash.replace(/^#\//, '').split('/').map(decodeURIComponent);
  expect(screen).toBe('moment');
  return { id: id!, query: query ?? '' };
}

uiForFile({ llm: true }, (ui) => {
  ({ browser, h } = ui);
  browserObs = h.seeded!.observations.filter((id) => h.store.observations.get(id)!.app === 'Google Chrome');
  expect(browserObs.length).toBeGreaterThan(1);
  // The words OCR would have kept with each browser frame (960 x 600), as the capture pipeline stores them.
  const lines = ['PostgreSQL 16 Released!', 'Logical replication from standby servers', 'Parallel FULL and RIGHT joins'];
  for (const id of browserObs) {
    const frame = h.store.observations.get(id)!.frame_id!;
    const words = lines.flatMap((line, row) => line.split(' ').map((text, col) => ({ text, x0: 40 + col * 150, y0: 60 + row * 60, x1: 170 + col * 150, y1: 90 + row * 60, confidence: 90 })));
    expect(h.store.frameWords.put(frame, { width: 960, height: 600, words })).toBe(true);
  }
});

describe('links into the moment view', { timeout: 180_000 }, () => {
  it('a chat citation of a screen source opens its moment with the question’s words; one of a memory counts no extra open', async () => {
    // A fact learned in chat (no screen behind it) that the question's words also find.
    h.store.memories.insert({ kind: 'semantic', title: 'Logical replication in PostgreSQL', text: 'Logical replication in PostgreSQL needs wal_level set to logical.' });
    await h.store.flushEmbeddings();
    // The model marks every memory it was shown; the citations that help stay (issue 35).
    h.fake!.setHandler((req) => {
      const shown = [...new Set([...JSON.stringify(req.body).matchAll(/\[(\d{1,3})\]/g)].map((x) => `[${x[1]}]`))];
      return { text: `You read the PostgreSQL 16 release notes ${shown.join(' ')}.` };
    });
    const page = await openApp(browser, h);
    await page.getByLabel('Ask about anything you have seen or said').fill('When did I read about logical replication in PostgreSQL?');
    await page.keyboard.press('Enter');
    const answer = page.getByTestId('assistant-message').last();
    await answer.waitFor({ timeout: 30_000 });
    const cards = answer.getByTestId('source-card');
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const hrefs = await cards.evaluateAll((els) => els.map((e) => e.getAttribute('href') ?? ''));
    const toMoment = hrefs.findIndex((x) => x.startsWith('#/moment/'));
    expect(toMoment, `no citation opened a moment: ${hrefs.join(' ')}`).toBeGreaterThanOrEqual(0);

    const opens = used('open');
    await cards.nth(toMoment).click();
    await page.getByTestId('moment').waitFor();
    const m = momentOf(page);
    expect(browserObs).toContain(m.id);
    // The question's words, not its filler: the words on screen light up.
    expect(m.query.split(' ')).toEqual(expect.arrayContaining(['logical', 'replication', 'PostgreSQL']));
    expect(m.query.split(' ')).not.toContain('When');
    await expect.poll(() => page.getByTestId('moment-hit').count()).toBeGreaterThanOrEqual(3);
    expect(await page.getByTestId('moment-count').textContent()).toMatch(/^1 of \d+$/);

    // A citation of a memory (no screen passage behind it) opens the memory, and its use was counted when cited.
    await page.goBack();
    await answer.waitFor();
    const toMemory = hrefs.findIndex((x) => x.startsWith('#/memories/'));
    expect(toMemory, `no citation opened a memory: ${hrefs.join(' ')}`).toBeGreaterThanOrEqual(0);
    {
      await cards.nth(toMemory).click();
      await page.getByTestId('memory-detail').waitFor();
      await page.waitForTimeout(500);
      await page.goBack();
      await answer.waitFor();
    }
    // And the [n] in the answer goes where its card goes.
    const n = await cards.nth(toMoment).locator('.source-n').textContent();
    await answer.locator('button.cite', { hasText: n! }).first().click();
    await page.getByTestId('moment').waitFor();
    expect(momentOf(page).id).toBe(m.id);
    expect(used('open')).toBe(opens);

    // After a reload the stored answer still knows its moment: the card and the [n] open it, highlighted.
    await page.goBack();
    await answer.waitFor();
    await page.reload();
    const stored = page.getByTestId('assistant-message').last();
    await stored.waitFor({ timeout: 30_000 });
    const again = stored.getByTestId('source-card');
    await expect.poll(() => again.count(), { timeout: 15_000 }).toBe(hrefs.length);
    expect(await again.evaluateAll((els) => els.map((e) => e.getAttribute('href') ?? ''))).toEqual(hrefs);
    await stored.locator('button.cite', { hasText: n! }).first().click();
    await page.getByTestId('moment').waitFor();
    expect(momentOf(page)).toEqual(m);
    await expect.poll(() => page.getByTestId('moment-hit').count()).toBeGreaterThanOrEqual(3);
    await page.close();
  });

  it('a timeline moment opens its view (Enter or Open moment, with the filter’s words); Open memory counts no extra open', async () => {
    const page = await openApp(browser, h);
    await page.goto(`${h.base}/#/timeline/${dayKey(h.seeded!.dayStart)}`);
    await page.getByPlaceholder('Filter by text, title or URL').fill('replication');
    const row = page.locator(`[data-testid="timeline-item"][data-item-id="${browserObs[1]}"]`);
    await row.waitFor();
    await row.click();
    const open = page.getByTestId('timeline-open-moment');
    await open.waitFor();
    await open.click();
    await page.getByTestId('moment').waitFor();
    expect(momentOf(page)).toEqual({ id: browserObs[1], query: 'replication' });
    await expect.poll(() => page.getByTestId('moment-hit').count()).toBe(1);

    // From the keyboard: Enter on the focused row.
    await page.goBack();
    await page.getByPlaceholder('Filter by text, title or URL').fill('replication');
    await row.waitFor();
    await row.click();
    await page.getByRole('listbox').press('ArrowDown');
    await page.getByRole('listbox').press('Enter');
    await page.getByTestId('moment').waitFor();
    expect(browserObs).toContain(momentOf(page).id);

    // A memory's detail in the timeline counts 'timeline'; its Open memory lands in Memories without an 'open'.
    const memId = h.seeded!.memories['ep_browser']!;
    await page.goto(`${h.base}/#/timeline/${dayKey(h.seeded!.dayStart)}`);
    await page.getByPlaceholder('Filter by text, title or URL').fill('Read the PostgreSQL');
    const mem = page.locator(`[data-testid="timeline-item"][data-item-id="${memId}"]`);
    await mem.waitFor();
    const timeline = used('timeline');
    const opens = used('open');
    await mem.click();
    await expect.poll(() => used('timeline')).toBe(timeline + 1);
    await page.getByTestId('timeline-open-memory').click();
    await page.getByTestId('memory-detail').waitFor();
    await page.waitForTimeout(500);
    expect(used('open')).toBe(opens);
    expect(used('timeline')).toBe(timeline + 1);
    await page.close();
  });

  it('a memory’s screen source opens its moment with the memory’s words', async () => {
    const page = await openApp(browser, h);
    await page.goto(`${h.base}/#/memories/resource/${h.seeded!.memories['res_pg']!}`);
    await page.getByTestId('memory-detail').waitFor();
    const source = page.getByTestId('prov-moment').first();
    await source.waitFor({ timeout: 15_000 });
    await source.click();
    await page.getByTestId('moment').waitFor();
    const m = momentOf(page);
    expect(browserObs.map((id) => h.store.observations.get(id)!.frame_id)).toContain(m.id);
    expect(m.query).toBe('PostgreSQL 16 release notes');
    await expect.poll(() => page.getByTestId('moment-hit').count()).toBeGreaterThanOrEqual(2);
    await page.close();
  });

  it('a search hit on screen text opens its moment with the query', async () => {
    const page = await openApp(browser, h);
    await page.goto(`${h.base}/#/memories/resource`);
    await page.getByLabel('Search Resource').fill('replication');
    const link = page.getByTestId('memory-hit-moment').first();
    await link.waitFor({ timeout: 15_000 });
    await link.click();
    await page.getByTestId('moment').waitFor();
    const m = momentOf(page);
    expect(browserObs).toContain(m.id);
    expect(m.query).toBe('replication');
    await expect.poll(() => page.getByTestId('moment-hit').count()).toBe(1);
    await page.close();
  });

  it('a file path on the moment offers Open, which browser mode refuses in one line (Copy path stays)', async () => {
    const term = h.seeded!.observations.find((id) => h.store.observations.get(id)!.app === 'Terminal')!;
    const page = await openApp(browser, h);
    await page.goto(`${h.base}/#/moment/${term}`);
    await page.getByTestId('moment').waitFor();
    const open = page.getByTestId('moment-open-path').first();
    await open.waitFor();
    expect(await page.getByTestId('moment-copy-path').count()).toBeGreaterThan(0);
    await open.click();
    await expect.poll(() => page.getByTestId('moment-open-path-result').textContent()).toBe(NO_OPEN_PATH);
    await page.close();
  });
});

import { describe, expect, it } from 'vitest';
import { buildGraph } from '../../agents/graph/index.js';
import { AppTab, CallLog, nextPaint } from './screens.js';
import type { UiHarness } from './ui-harness.js';
import { uiForFile } from './ui-session.js';

/**
 * In headless Chromium against the HTTP host: search results show where they matched (issue 15),
 * and an answer about someone in the graph shows a card, and citation links, to their page (issue 18).
 */

let h: UiHarness;
/** The file's one tab on h: each test loads the app anew in it (screens.ts). */
let tab: AppTab;
const T0 = Date.now() - 6 * 3_600_000;
const FILLER = Array.from({ length: 40 }, (_, i) => `row ${i} of the quarterly plan`).join('\n');

function write(text: string, at: number, extra: { details?: string; obs?: string } = {}): string {
  const m = h.store.memories.insert({
    kind: 'episodic',
    title: text.slice(0, 48),
    text,
    details: extra.details,
    fields: { event_type: 'message', actor: 'Ben Okafor' },
    occurred_at: at,
    provenance: extra.obs ? [{ source_type: 'observation', source_id: extra.obs }] : [],
  });
  buildGraph(h.store, [{ id: m.id, kind: m.kind, title: m.title, text: m.text, fields: m.fields, at }]);
  return m.id;
}

uiForFile({ seed: false }, (ui) => {
  ({ h, tab } = ui);
  write('Ana Souza will review the Atlas launch checklist on Friday.', T0);
  write('Ana Souza signed off the Atlas launch budget.', T0 + 60_000);
  write('Edited the quarterly plan in LibreOffice Calc', T0 + 120_000, { details: `${FILLER}\nHeadcount ceiling agreed with finance: 14 people\n${FILLER}` });
  const obs = h.store.observations.insert({
    kind: 'screen',
    frame_id: null,
    audio_id: null,
    display: '0',
    observed_at: T0 + 180_000,
    app: 'Chromium',
    title: 'Budget review — Atlas',
    url: null,
    text: 'Budget review\n\nThe contingency reserve was approved at 12,400 EUR for the first quarter.',
    caption: null,
  });
  write('Browsed the Atlas budget review page in Chromium', T0 + 180_000, { obs: obs.id });
});

describe('answers in the window', { timeout: 180_000 }, () => {
  it('search results show the matching text with the words marked, and where a screen passage was seen', async () => {
    const page = await tab.open();
    await page.goto(`${h.base}/#/memories/episodic`);
    await page.getByLabel('Search Episodic').fill('contingency reserve');
    const screenCard = page.locator('[data-testid="memory-card"]', { hasText: 'Atlas budget review page' });
    await screenCard.waitFor();
    const snip = screenCard.getByTestId('memory-snippet');
    await expect.poll(() => snip.textContent()).toContain('approved at 12,400 EUR');
    expect(await snip.locator('mark').allTextContents()).toEqual(expect.arrayContaining(['contingency', 'reserve']));
    expect(await snip.textContent()).toContain('seen on “Budget review — Atlas”');

    // A fact deep in an episode's details: the card's own text does not show it, its snippet does.
    await page.getByLabel('Search Episodic').fill('headcount ceiling');
    const detailCard = page.locator('[data-testid="memory-card"]', { hasText: 'Edited the quarterly plan' });
    await detailCard.waitFor();
    await expect.poll(() => detailCard.getByTestId('memory-snippet').textContent()).toContain('Headcount ceiling agreed with finance: 14 people');
    expect(await detailCard.getByTestId('memory-snippet').locator('mark').allTextContents()).toEqual(['Headcount', 'ceiling']);

    // Without a query the cards carry no snippet.
    await page.getByLabel('Search Episodic').fill('');
    await expect.poll(() => page.getByTestId('memory-card').count()).toBe(4);
    expect(await page.getByTestId('memory-snippet').count()).toBe(0);
  });

  it('an answer about a person shows a card to their page, and citations link to the entity pages', async () => {
    const page = await tab.open();
    await page.getByLabel('Ask about anything you have seen or said').fill('What did Ana Souza decide about the Atlas launch?');
    await page.keyboard.press('Enter');
    const answer = page.getByTestId('assistant-message').last();
    await answer.waitFor({ timeout: 30_000 });
    const card = answer.getByTestId('entity-card').filter({ has: page.locator('.entity-card-name', { hasText: /^Ana Souza$/ }) });
    await card.waitFor({ timeout: 15_000 });
    expect(await card.textContent()).toContain('Person');

    // A cited memory's people and projects link to their pages.
    const chips = answer.getByTestId('citation-entities').first();
    await chips.waitFor();
    expect(await chips.getByRole('link', { name: 'Ana Souza' }).count()).toBeGreaterThan(0);

    await card.click();
    await page.getByTestId('entity-page').waitFor();
    expect(await page.getByTestId('entity-name').textContent()).toBe('Ana Souza');
    await page.goBack();
    await answer.waitFor();
    await answer.getByTestId('citation-entities').first().getByRole('link', { name: 'Ana Souza' }).click();
    await page.getByTestId('entity-page').waitFor();
    expect(await page.getByTestId('entity-name').textContent()).toBe('Ana Souza');
  });

  it('a question naming nobody in the graph shows no card', async () => {
    const calls = new CallLog();
    const page = await tab.open({ calls });
    await page.getByLabel('Ask about anything you have seen or said').fill('How big is the contingency reserve?');
    await page.keyboard.press('Enter');
    const answer = page.getByTestId('assistant-message').last();
    await answer.waitFor({ timeout: 30_000 });
    await expect.poll(() => answer.textContent()).toContain('12,400');
    // Cards come with the answer's entities.about reply: once every such call is answered and drawn,
    // a card that was coming would be on screen.
    await nextPaint(page);
    await expect.poll(() => calls.answered('entities.about') > 0 && calls.pending('entities.about') === 0).toBe(true);
    await nextPaint(page);
    expect(await answer.getByTestId('entity-card').count()).toBe(0);
  });
});

import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { REDACTION_VERSION_KEY } from '../../agents/store/index.js';
import { DEFAULT_REDACTION } from '../../shared/redaction/index.js';
import { openApp } from './screens.js';
import type { UiHarness } from './ui-harness.js';
import { uiForFile } from './ui-session.js';

/** The re-scrub after an update (agents/store rescrub.ts): the Privacy screen's redaction card says what it masked. */

let browser: Browser;
let h: UiHarness;

uiForFile({ seed: false }, (ui) => {
  ({ browser, h } = ui);
});

describe('the re-scrub on the Privacy screen', { timeout: 180_000 }, () => {
  it('is silent before any, says it is checking while kept text waits, then how many secrets it masked', async () => {
    const page = await openApp(browser, h);
    await page.goto(`${h.base}/#/privacy`);
    await page.getByText('Redact before storing').first().waitFor();
    expect(await page.getByTestId('redaction-rescrub').count()).toBe(0);

    // Kept text waits for the current detectors (a store an older Engram wrote).
    h.store.db.prepare('UPDATE meta SET value = ? WHERE key = ?').run('0', REDACTION_VERSION_KEY);
    await page.reload();
    const note = page.getByTestId('redaction-rescrub');
    await note.waitFor();
    expect((await note.innerText()).trim()).toBe('Checking what Engram kept earlier with the latest redaction…');

    // As the pass records it when done.
    h.store.counters.bump('redaction.rescrub.masked', 3);
    for (let i = 0; i < 100 && h.store.rescrubDue; i++) h.store.rescrubSlice(DEFAULT_REDACTION);
    expect(h.store.rescrubDue).toBe(false);
    await page.reload();
    await expect.poll(async () => (await page.getByTestId('redaction-rescrub').innerText().catch(() => '')).trim()).toBe('After an update, 3 secrets kept earlier were found and redacted.');
    // In the redaction card.
    expect(await page.locator('section[aria-labelledby="redact-h"]', { has: page.getByTestId('redaction-rescrub') }).count()).toBe(1);
  });
});

import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CAPTION_MISS_LAST_KEY, captionMissCounter, type CaptionMissLast } from '../../shared/settings/index.js';
import { dayKey, openApp } from './screens.js';
import type { UiHarness } from './ui-harness.js';
import { uiForFile } from './ui-session.js';

/** Caption misses (issue 30): Settings → Privacy says how many screenshots were not captioned today, and why, by the switch. */

let browser: Browser;
let h: UiHarness;

uiForFile({ seed: false }, (ui) => {
  ({ browser, h } = ui);
});

describe('Caption misses on the Privacy screen', { timeout: 180_000 }, () => {
  it('is silent with none today, then says "2 screenshots could not be captioned today: <reason>" next to the switch', async () => {
    const page = await openApp(browser, h);
    await page.goto(`${h.base}/#/privacy`);
    await page.getByText('Let the model see screenshots').first().waitFor();
    expect(await page.getByTestId('caption-misses').count()).toBe(0);

    // As capture records them: the day's counter, and the last reason.
    h.store.counters.bump(captionMissCounter(dayKey(Date.now())), 2);
    const last: CaptionMissLast = { at: Date.now(), why: 'timeout', detail: 'caption timed out after 30000 ms' };
    h.store.settings.set(CAPTION_MISS_LAST_KEY, last);
    // An older day's misses are not today's.
    h.store.counters.bump(captionMissCounter('2020-01-01'), 5);

    await page.reload();
    const note = page.getByTestId('caption-misses');
    await note.waitFor();
    expect((await note.innerText()).trim()).toMatch(/^2 screenshots could not be captioned today: the model did not answer in time\. They kept their OCR text\.$/);
    // Next to the switch: in the same setting row.
    const row = page.locator('.setting-row', { has: page.getByTestId('caption-misses') });
    expect(await row.getByText('Let the model see screenshots').count()).toBeGreaterThan(0);
  });
});

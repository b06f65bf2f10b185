import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppTab, dayKey, pageErrors } from './screens.js';
import type { UiHarness } from './ui-harness.js';
import { uiForFile } from './ui-session.js';

/**
 * The timeline window with a long day: texts of rows far down arrive as they scroll into view, the
 * filter box finds words anywhere in a moment's text (not only what rows show), and a damaged frame
 * file shows as damaged (badge, no picture, the reason in the detail pane) while the day loads.
 */

let h: UiHarness;
/** The file's one tab on h: each test loads the app anew in it (screens.ts). */
let tab: AppTab;
let flipped: { obs: string; frame: string };
const evening: string[] = [];

function frameFile(dir: string, id: string): string {
  for (const shard of readdirSync(path.join(dir, 'frames'))) {
    const p = path.join(dir, 'frames', shard, `${id}.bin`);
    if (existsSync(p)) return p;
  }
  throw new Error(`no file for ${id}`);
}

uiForFile({}, async (ui) => {
  ({ h, tab } = ui);
  const seeded = h.seeded!;
  // An evening of reading: 600 moments a minute apart, each with its own text.
  const start = seeded.dayStart + 13 * 3600_000;
  h.store.transaction(() => {
    for (let i = 0; i < 600; i++) {
      const text = `Evening reading, page ${i}. ${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(8)}${i === 450 ? 'The word quokka appears only here, deep in this page.' : ''}`;
      evening.push(h.store.observations.insert({ kind: 'screen', frame_id: null, audio_id: null, display: 'main', observed_at: start + i * 60_000, app: 'Books', title: `Chapter ${Math.floor(i / 50) + 1}`, url: null, text, caption: null }).id);
    }
  });
  // A frame file flipped on disk; a thumbnail request finds it (the row asked before this visit).
  const obs = seeded.observations[3]!;
  const frame = h.store.observations.get(obs)!.frame_id!;
  const p = frameFile(h.dir, frame);
  const bytes = readFileSync(p);
  bytes[Math.floor(bytes.length / 2)]! ^= 0x01;
  writeFileSync(p, bytes);
  flipped = { obs, frame };
  const r = await fetch(`${h.base}/api/call`, { method: 'POST', headers: { Authorization: `Bearer ${h.token}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'frames.image', input: { id: frame } }) });
  const body = (await r.json()) as { ok: boolean; error?: { code: string } };
  expect(body).toMatchObject({ ok: false, error: { code: 'IO' } });
}, 180_000);

describe('the timeline of a long day', { timeout: 120_000 }, () => {
  it('shows a damaged frame as damaged, with the reason, and the rest of the day as usual', async () => {
    const page = await tab.open();
    await page.goto(`${h.base}/#/timeline/${dayKey(h.seeded!.dayStart)}`);
    const row = page.locator(`[data-testid="timeline-item"][data-item-id="${flipped.obs}"]`);
    await row.waitFor();
    expect(await row.getAttribute('data-damaged')).toBe('true');
    await expect.poll(() => row.getByTestId('timeline-damaged').textContent()).toBe('Damaged');
    expect(await row.locator('img').count()).toBe(0);
    // Its neighbours still get their thumbnails.
    const next = page.locator(`[data-testid="timeline-item"][data-item-id="${h.seeded!.observations[4]}"] img.thumb`);
    await next.waitFor({ timeout: 10_000 });
    await row.click();
    const damage = page.getByTestId('timeline-damage');
    await expect.poll(() => damage.textContent()).toContain('The screenshot file is damaged (authentication failed).');
    await expect.poll(() => page.getByTestId('timeline-detail-text').textContent()).toContain('export async function migrate');
    expect(await page.getByTestId('timeline-detail').locator('img').count()).toBe(0);
  });

  it('rows far down get their text as they come into view', async () => {
    const page = await tab.open();
    await page.goto(`${h.base}/#/timeline/${dayKey(h.seeded!.dayStart)}`);
    const list = page.getByRole('listbox');
    await list.waitFor();
    await list.focus();
    await page.keyboard.press('End');
    const last = page.locator(`[data-testid="timeline-item"][data-item-id="${evening[599]}"]`);
    await last.waitFor();
    await expect.poll(() => last.locator('.tl-text').textContent(), { timeout: 10_000 }).toContain('Evening reading, page 599.');
    // The detail pane has the whole text, not only what the row shows. (Selected by a click: just
    // after midnight, the day's last row is one of the seeded "minutes ago" moments, not this one.)
    await last.click();
    await expect.poll(() => page.getByTestId('timeline-detail-text').textContent()).toMatch(/(Lorem ipsum dolor sit amet, consectetur adipiscing elit\. ){8}/);
  });

  it('the filter box finds a word anywhere in a moment’s text', async () => {
    const page = await tab.open();
    await page.goto(`${h.base}/#/timeline/${dayKey(h.seeded!.dayStart)}`);
    await page.getByTestId('timeline-item').first().waitFor();
    await page.getByLabel('Filter by text').fill('QUOKKA');
    const hit = page.locator(`[data-testid="timeline-item"][data-item-id="${evening[450]}"]`);
    await hit.waitFor();
    await expect.poll(() => page.getByTestId('timeline-item').count()).toBe(1);
    await page.getByLabel('Filter by text').fill('no such word anywhere');
    await page.getByText('Nothing matches these filters').waitFor();
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => page.getByTestId('timeline-item').count()).toBeGreaterThan(5);
    expect(pageErrors()).toEqual([]);
  });
});

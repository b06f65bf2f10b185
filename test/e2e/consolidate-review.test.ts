import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppTab } from './screens.js';
import type { UiHarness } from './ui-harness.js';
import { uiForFile } from './ui-session.js';

/** Memories → Consolidate: choose kinds, review the dry run's changes, apply only the accepted (issue 30). */

let h: UiHarness;
let tab: AppTab;
const ids: Record<string, string> = {};
const T0 = Date.now() - 5 * 86_400_000;

uiForFile({ seed: false, brain: true, env: {} }, (ui) => {
  ({ h, tab } = ui);
  const add = (kind: 'semantic' | 'resource' | 'procedural', title: string, text: string, fields: Record<string, unknown>, at: number): string =>
    h.store.memories.insert({ kind, title, text, fields, created_at: at, provenance: [] }).id;
  ids.anaA = add('semantic', 'Ana Lima', 'Ana Lima — person.', { name: 'Ana Lima' }, T0);
  ids.anaB = add('semantic', 'Ana Lima', 'Ana Lima, finance lead.', { name: 'ana lima' }, T0 + 1000);
  ids.resA = add('resource', 'Pricing', 'Stripe pricing', { resource_type: 'url', location: 'https://stripe.com/pricing' }, T0);
  ids.resB = add('resource', 'stripe.com/pricing', 'link', { resource_type: 'url', location: 'https://www.stripe.com/pricing/' }, T0 + 1000);
  ids.guideA = add('procedural', 'How to deploy', 'old', { entry_type: 'guide', steps: ['a'] }, T0);
  ids.guideB = add('procedural', 'How to deploy', 'new', { entry_type: 'guide', steps: ['a', 'b'] }, T0 + 1000);
});

const superseded = (id: string): string | null => h.store.memories.get(id)!.superseded_by;

async function findChanges(page: Page, leaveOut: string[]) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Memories/ }).click();
  await page.getByRole('button', { name: 'Consolidate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Consolidate memories' });
  for (const label of leaveOut) await dialog.getByRole('checkbox', { name: label }).uncheck();
  await dialog.getByRole('button', { name: 'Find changes' }).click();
  // The dry run has ended when Apply replaces Find changes: ~0.5 s idle, several seconds on a busy CI
  // machine, longer than expect.poll's default second (the cause of a red CI run).
  await dialog.getByRole('button', { name: /^Apply \d+ accepted$/ }).waitFor();
  return dialog;
}

// The steps follow each other on one store: the second refuses what the first left, the third reopens it.
describe('Consolidate in the window', { timeout: 180_000, shuffle: false }, () => {
  it('shows the dry run of the kinds chosen, and applies only the change accepted', async () => {
    const page = await tab.open();
    const dialog = await findChanges(page, ['Procedural', 'Experiences']);
    const changes = dialog.getByTestId('consolidate-change');
    expect(await changes.count()).toBe(2);
    const texts = await changes.allTextContents();
    // Before and after, for the semantic merge: the merged-away copy and what stands afterwards.
    const ana = changes.filter({ hasText: 'Ana Lima, finance lead.' });
    expect(await ana.textContent()).toMatch(/^Merge · semantic · duplicate entity− Ana Lima — Ana Lima — person\.− Ana Lima — Ana Lima, finance lead\.\+ Ana Lima — Ana Lima, finance lead\.$/);
    expect(texts.some((t) => t.includes('How to deploy'))).toBe(false);
    // Nothing has changed yet.
    expect(superseded(ids.anaB!)).toBeNull();
    expect(superseded(ids.resB!)).toBeNull();
    await expect.poll(() => dialog.getByRole('button', { name: 'Apply 0 accepted' }).isDisabled()).toBe(true);
    await ana.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Apply 1 accepted' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(superseded(ids.anaB!)).toBe(ids.anaA);
    expect(superseded(ids.resB!)).toBeNull();
    expect(superseded(ids.guideA!)).toBeNull();
  });

  it('refuses a change whose memories moved since the dry run, says why, and changes nothing', async () => {
    const page = await tab.open();
    const dialog = await findChanges(page, []);
    const res = dialog.getByTestId('consolidate-change').filter({ hasText: 'stripe.com/pricing' });
    await res.waitFor();
    await res.getByRole('checkbox').check();
    h.store.memories.update(ids.resB!, { text: 'the pricing page, edited meanwhile' }, 'edited elsewhere');
    const version = h.store.memories.get(ids.resA!)!.version;
    await dialog.getByRole('button', { name: 'Apply 1 accepted' }).click();
    await expect.poll(async () => (await dialog.getByRole('alert').textContent()) ?? '').toMatch(/is out of date: .* changed since the dry run; run the dry run again/);
    expect(superseded(ids.resB!)).toBeNull();
    expect(h.store.memories.get(ids.resA!)!.version).toBe(version);
  });

  it('opens again on the dry run not yet applied (kept in the store), with when it ran, until it is discarded', async () => {
    const page = await tab.open();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Memories/ }).click();
    await page.getByRole('button', { name: 'Consolidate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Consolidate memories' });
    // The refused dry run of the test before is still kept: the dialog shows it, not the kinds.
    await dialog.getByTestId('consolidate-kept').waitFor();
    expect(await dialog.getByTestId('consolidate-change').filter({ hasText: 'stripe.com/pricing' }).count()).toBe(1);
    await dialog.getByRole('button', { name: 'Discard dry run' }).click();
    await dialog.getByRole('button', { name: 'Find changes' }).waitFor();
    expect(h.store.consolidationReviews.latest(z.unknown())).toBeNull();
  });
});

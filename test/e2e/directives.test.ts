import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AppTab } from './screens.js';
import type { UiHarness } from './ui-harness.js';
import { uiForFile } from './ui-session.js';

/** Thumbs on answers and Settings → "How Engram answers you", in headless Chromium against the HTTP host. */

let h: UiHarness;
/** The file's one tab on h: each test loads the app anew in it (screens.ts). */
let tab: AppTab;
let thread: string;
let answers: string[];
const T0 = Date.now() - 3 * 3_600_000;

uiForFile({ seed: false }, (ui) => {
  ({ h, tab } = ui);
  const t = h.store.threads.create('Restarting nginx', T0);
  thread = t.id;
  const say = (role: 'user' | 'assistant', text: string, i: number) => h.store.messages.insert({ thread_id: t.id, role, text, raw: {}, created_at: T0 + i * 60_000 }).id;
  say('user', 'how do I restart nginx on the staging box?', 0);
  const a1 = say('assistant', 'Nginx is a web server. Some background first:\n- it reads /etc/nginx\n- it runs as a service\nThen: sudo systemctl restart nginx', 1);
  say('user', "Way too long, and don't use bullet points.", 2);
  const a2 = say('assistant', 'sudo systemctl restart nginx', 3);
  answers = [a1, a2];
});

const card = (page: Page) => page.getByRole('region', { name: 'How Engram answers you' });

describe('feedback and directives in the window', { timeout: 180_000 }, () => {
  it('thumbs an answer up or down, and takes a thumb back', async () => {
    const page = await tab.open();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Chat/ }).click();
    await page.getByRole('link', { name: /Restarting nginx/ }).click();
    const msgs = page.getByTestId('assistant-message');
    await expect.poll(() => msgs.count()).toBe(2);
    const first = msgs.nth(0);
    await first.getByRole('button', { name: 'Bad answer' }).click();
    await expect.poll(() => first.getByRole('button', { name: 'Bad answer' }).getAttribute('aria-pressed')).toBe('true');
    expect(h.store.feedback.thumbs(thread)).toEqual([{ message_id: answers[0], value: 'down' }]);
    // Pressing it again takes it back.
    await first.getByRole('button', { name: 'Bad answer' }).click();
    await expect.poll(() => h.store.feedback.thumbs(thread).length).toBe(0);
    await expect.poll(() => first.getByRole('button', { name: 'Bad answer' }).getAttribute('aria-pressed')).toBe('false');
    await msgs.nth(1).getByRole('button', { name: 'Good answer' }).click();
    await expect.poll(() => h.store.feedback.thumbs(thread)).toEqual([{ message_id: answers[1], value: 'up' }]);
    // The thumb is there after a reload.
    await page.reload();
    await expect.poll(() => page.getByTestId('assistant-message').nth(1).getByRole('button', { name: 'Good answer' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('reviews feedback into proposals with why each exists, accepts them, edits one and deletes one for good', async () => {
    const page = await tab.open();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Settings/ }).click();
    const c = card(page);
    await c.getByTestId('directives-empty').waitFor();
    await c.getByRole('button', { name: 'Review now' }).click();
    // A review proposes: each proposal is a card with Accept / Reject, and none shapes answers yet.
    const proposals = c.getByTestId('directive-proposal');
    await expect.poll(() => proposals.count()).toBe(2);
    const proposed = await proposals.locator('.directive-text').allTextContents();
    expect(proposed).toEqual(['Keep answers short: a few sentences, no padding.', "Write in plain sentences; don't use bullet points."]);
    expect(h.store.directives.list()).toEqual([]);
    // Why: the user's own words, linked to the conversation.
    const why = proposals.nth(1).getByRole('list', { name: 'Why' });
    expect(await why.textContent()).toMatch(/You said “.*don't use bullet points/);
    expect(await why.getByRole('link').getAttribute('href')).toBe(`#/chat/${encodeURIComponent(thread)}`);
    await proposals.nth(0).getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => proposals.count()).toBe(1);
    await proposals.nth(0).getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => proposals.count()).toBe(0);
    const rows = c.getByTestId('directive');
    await expect.poll(() => rows.count()).toBe(2);
    const texts = await rows.locator('.directive-text').allTextContents();
    expect(texts).toEqual(['Keep answers short: a few sentences, no padding.', "Write in plain sentences; don't use bullet points."]);
    expect(h.store.directives.list().map((d) => d.text)).toEqual(texts);

    // Edit: the user's words are kept.
    await rows.nth(0).getByRole('button', { name: /^Edit/ }).click();
    await c.getByRole('textbox', { name: 'Directive text' }).fill('Two sentences at most.');
    await c.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => rows.nth(0).locator('.directive-text').textContent()).toBe('Two sentences at most.');
    const edited = h.store.directives.list().find((d) => d.topic === 'length')!;
    expect(edited).toMatchObject({ text: 'Two sentences at most.', edited: true });

    // Delete: confirmed, gone, and a new review does not bring it back.
    await rows.nth(1).getByRole('button', { name: /^Delete/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete directive' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    await c.getByRole('button', { name: 'Review now' }).click();
    await expect.poll(() => page.getByText(/^Reviewed:/).count()).toBeGreaterThan(0);
    expect(await rows.count()).toBe(1);
    expect(h.store.directives.list().map((d) => d.text)).toEqual(['Two sentences at most.']);
    await page.reload();
    await expect.poll(() => card(page).getByTestId('directive').count()).toBe(1);
    expect(await card(page).getByTestId('directive').locator('.directive-text').textContent()).toBe('Two sentences at most.');
  });

  it('rejects a proposal: it never shapes answers, and a new review does not bring it back', async () => {
    const t = h.store.threads.create('Emoji', Date.now() - 3_600_000);
    h.store.messages.insert({ thread_id: t.id, role: 'user', text: 'what is on today?', raw: {}, created_at: Date.now() - 3_600_000 });
    h.store.messages.insert({ thread_id: t.id, role: 'assistant', text: 'Standup at 10 🎉', raw: {}, created_at: Date.now() - 3_599_000 });
    h.store.messages.insert({ thread_id: t.id, role: 'user', text: 'Never use emoji.', raw: {}, created_at: Date.now() - 3_598_000 });
    const page = await tab.open();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Settings/ }).click();
    const c = card(page);
    await c.getByRole('button', { name: 'Review now' }).click();
    const proposals = c.getByTestId('directive-proposal');
    await expect.poll(() => proposals.count()).toBe(1);
    expect(await proposals.locator('.directive-text').textContent()).toBe("Don't use emoji.");
    await proposals.getByRole('button', { name: 'Reject' }).click();
    await expect.poll(() => proposals.count()).toBe(0);
    await c.getByRole('button', { name: 'Review now' }).click();
    await expect.poll(() => page.getByText(/^Reviewed:/).count()).toBeGreaterThan(0);
    expect(await proposals.count()).toBe(0);
    expect(h.store.directives.list('proposed')).toEqual([]);
    expect(h.store.directives.list().map((d) => d.text)).toEqual(['Two sentences at most.']);
  });
});

import type { Browser, Page } from 'playwright-core';
import { unlabelledControls } from './a11y.js';
import type { UiHarness } from './ui-harness.js';

function dayKey(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Console errors and uncaught exceptions of pages opened by openApp (CSP violations show up here). */
export const pageErrors: string[] = [];

export async function openApp(browser: Browser, h: UiHarness, opts: { dark?: boolean; width?: number; height?: number } = {}): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width: opts.width ?? 1440, height: opts.height ?? 900 }, colorScheme: opts.dark ? 'dark' : 'light', deviceScaleFactor: 1 });
  const page = await ctx.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') pageErrors.push(m.text());
  });
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await page.goto(h.url);
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  return page;
}

/** One screenshot per screen (the files the issue asks to look at). */
export async function shootAllScreens(browser: Browser, h: UiHarness, opts: { dark?: boolean; dir: string; unlabelled?: Map<string, string[]> }): Promise<string[]> {
  const suffix = opts.dark ? '-dark' : '';
  const page = await openApp(browser, h, { dark: opts.dark });
  const out: string[] = [];
  const shot = async (name: string) => {
    await page.waitForTimeout(400);
    const file = `${opts.dir}/${name}${suffix}.png`;
    await page.screenshot({ path: file });
    out.push(file);
    opts.unlabelled?.set(name, await unlabelledControls(page));
  };

  // Chat: ask, wait for the streamed answer with its sources.
  await page.getByLabel('Ask about anything you have seen or said').fill('What did I work on yesterday?');
  await page.keyboard.press('Enter');
  await page.getByTestId('assistant-message').last().waitFor({ timeout: 20_000 });
  await shot('chat');

  const day = dayKey(h.seeded!.dayStart);
  await page.goto(`${h.base}/#/timeline/${day}`);
  await page.getByTestId('timeline-item').first().waitFor();
  await page.getByTestId('timeline-item').nth(3).click();
  await page.waitForTimeout(500);
  await shot('timeline');

  await page.getByRole('button', { name: 'Forget…' }).click();
  await page.getByRole('menuitem', { name: 'Last hour' }).click();
  await page.getByRole('alertdialog').getByRole('list', { name: 'What will be deleted' }).waitFor();
  await shot('forget-dialog');
  await page.keyboard.press('Escape');

  await page.goto(`${h.base}/#/activity`);
  await page.locator('.chart').waitFor();
  await shot('activity');

  await page.goto(`${h.base}/#/memories/episodic/${h.seeded!.memories['ep_migration']}`);
  await page.getByTestId('memory-detail').waitFor();
  await shot('memories');

  await page.goto(`${h.base}/#/memories/knowledge_vault/${h.seeded!.memories['vault_booking']}`);
  await page.getByTestId('memory-detail').waitFor();
  await shot('memories-vault');

  await page.goto(`${h.base}/#/privacy`);
  await page.getByTestId('encryption-status').waitFor();
  await shot('privacy');

  await page.goto(`${h.base}/#/settings`);
  await page.getByText('Anthropic API key').first().waitFor();
  await shot('settings');
  await page.context().close();
  return out;
}

/** Chat with no model configured: the offline notice and an extractive answer. */
export async function shootOfflineChat(browser: Browser, h: UiHarness, opts: { dark?: boolean; dir: string }): Promise<string> {
  const page = await openApp(browser, h, { dark: opts.dark });
  await page.getByRole('note').filter({ hasText: 'Offline mode' }).waitFor();
  await page.getByLabel('Ask about anything you have seen or said').fill('When is the Northwind launch?');
  await page.keyboard.press('Enter');
  await page.getByTestId('assistant-message').last().waitFor({ timeout: 20_000 });
  await page.waitForTimeout(400);
  const file = `${opts.dir}/chat-offline${opts.dark ? '-dark' : ''}.png`;
  await page.screenshot({ path: file });
  await page.context().close();
  return file;
}

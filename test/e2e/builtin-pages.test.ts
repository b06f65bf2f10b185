import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAppResource } from '../../electron/desktop/policy/index.js';
import { launchChromium } from './chromium.js';

/**
 * The consent and passphrase pages in a real Chromium, served exactly as app:// serves them (same
 * bytes, same CSP header), with window.engramPage played by the test. Any CSP violation fails.
 */
const roots = { renderer: path.resolve('dist/renderer'), builtinPages: path.resolve('resources/pages') };
const ORIGIN = 'http://engram.test';

let browser: Browser;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ browser, close } = await launchChromium());
}, 120_000);
afterAll(async () => close?.());

interface Call {
  action: string;
  input?: unknown;
}

async function openPage(file: string, answers: Record<string, unknown[]>): Promise<{ page: Page; calls: Call[]; violations: string[] }> {
  const page = await browser.newPage();
  const calls: Call[] = [];
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  page.on('pageerror', (e) => violations.push(`page error: ${e.message}`));
  await page.route(`${ORIGIN}/**`, async (route) => {
    const res = await readAppResource(route.request().url().replace(ORIGIN, 'app://engram'), roots);
    await route.fulfill({ status: res.status, headers: res.headers, body: res.body ?? '' });
  });
  await page.exposeFunction('__pageCall', (action: string, input: unknown) => {
    calls.push(input === undefined ? { action } : { action, input });
    const queue = answers[action];
    return queue && queue.length > 1 ? queue.shift() : queue?.[0] ?? { ok: true, output: null };
  });
  // What the builtin-page preload exposes: one function.
  await page.addInitScript(() => {
    const w = window as unknown as { engramPage: unknown; __pageCall: (a: string, i: unknown) => Promise<unknown> };
    w.engramPage = Object.freeze({ call: (action: string, input?: unknown) => w.__pageCall(action, input) });
  });
  await page.goto(`${ORIGIN}/__pages/${file}`);
  return { page, calls, violations };
}

describe('built-in pages under the app CSP', () => {
  it('consent: shows the data dir and platform hint, sends the choices, runs without CSP violations', async () => {
    const { page, calls, violations } = await openPage('consent.html', {
      'consent.info': [{ ok: true, output: { data_dir: '/home/ana/.local/share/engram', platform: 'linux', permission_hint: 'On Wayland your desktop will ask.' } }],
    });
    await expect.poll(() => page.textContent('#data-dir')).toBe('/home/ana/.local/share/engram');
    expect(await page.isVisible('#permission-hint')).toBe(true);
    expect(await page.textContent('main')).toMatch(/What it captures[\s\S]*Where it is kept[\s\S]*Pausing and deleting/);
    await page.check('#audio');
    await page.click('#accept');
    await expect.poll(() => calls.map((c) => c.action)).toEqual(['consent.info', 'consent.accept']);
    expect(calls[1]).toEqual({ action: 'consent.accept', input: { audio: true, start_at_login: false } });
    expect(violations).toEqual([]);
    await page.close();
  });

  it('consent: Quit declines; an error from the main process is shown as one line', async () => {
    const { page, calls } = await openPage('consent.html', {
      'consent.info': [{ ok: false, error: 'Could not read settings.' }],
    });
    await expect.poll(() => page.textContent('#error')).toBe('Could not read settings.');
    await page.click('#decline');
    await expect.poll(() => calls.at(-1)).toEqual({ action: 'consent.decline' });
    await page.close();
  });

  it('passphrase (create): checks the two fields match, then shows the next round\'s error', async () => {
    const { page, calls, violations } = await openPage('passphrase.html', {
      'passphrase.info': [{ ok: true, output: { mode: 'create', reason: 'No system keychain (basic_text).', attempt: 1, error: null } }],
      'passphrase.submit': [{ ok: true, output: { done: false, request: { mode: 'create', reason: 'No system keychain (basic_text).', attempt: 2, error: 'Use more than one or two different characters.' } } }],
    });
    await expect.poll(() => page.textContent('#title')).toBe('Choose a passphrase');
    expect(await page.isVisible('#confirm')).toBe(true);
    await page.fill('#pass', 'aaaaaaaaaa');
    await page.fill('#confirm', 'aaaaaaaaab');
    await page.click('#submit');
    expect(await page.textContent('#error')).toBe('The two passphrases differ.');
    expect(calls.map((c) => c.action)).toEqual(['passphrase.info']);
    await page.fill('#confirm', 'aaaaaaaaaa');
    await page.click('#submit');
    await expect.poll(() => page.textContent('#error')).toBe('Use more than one or two different characters.');
    expect(calls[1]).toEqual({ action: 'passphrase.submit', input: { passphrase: 'aaaaaaaaaa' } });
    expect(await page.inputValue('#pass')).toBe('');
    expect(violations).toEqual([]);
    await page.close();
  });

  it('passphrase (unlock): one field, wrong passphrase shown, Quit cancels', async () => {
    const { page, calls } = await openPage('passphrase.html', {
      'passphrase.info': [{ ok: true, output: { mode: 'unlock', reason: 'Your memory is locked with a passphrase.', attempt: 1, error: null } }],
      'passphrase.submit': [{ ok: true, output: { done: false, request: { mode: 'unlock', reason: 'Your memory is locked with a passphrase.', attempt: 2, error: 'That passphrase is not correct.' } } }],
    });
    await expect.poll(() => page.textContent('#title')).toBe('Unlock Engram');
    expect(await page.isVisible('#confirm')).toBe(false);
    await page.fill('#pass', 'not it at all');
    await page.click('#submit');
    await expect.poll(() => page.textContent('#error')).toBe('That passphrase is not correct.');
    await page.click('#cancel');
    await expect.poll(() => calls.at(-1)).toEqual({ action: 'passphrase.cancel' });
    await page.close();
  });
});

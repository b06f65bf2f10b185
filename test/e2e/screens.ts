import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { unlabelledControls } from './a11y.js';
import type { UiHarness } from './ui-harness.js';

/** The local day of `ms` as YYYY-MM-DD: the timeline's and the day counters' key. */
export function dayKey(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * Console errors and uncaught exceptions of the pages the calling test file opened with openApp (CSP
 * violations show up here). Kept per file: the browser test files share this module in a worker
 * (isolate: false, vitest.config.ts), and one file's errors are not another's.
 */
const errorsByFile = new Map<string, string[]>();

/** The running test file ('' outside vitest, as in dev-screens.ts). */
function testFile(): string {
  try {
    return expect.getState().testPath ?? '';
  } catch {
    return '';
  }
}

/** The errors of the pages the running test file opened. */
export function pageErrors(): string[] {
  return errorsByFile.get(testFile()) ?? [];
}

/** The API calls a page made over its WebSocket, counted by name: what a test waits on instead of a pause. */
export class CallLog {
  private readonly counts = new Map<string, { sent: number; answered: number }>();

  watch(page: Page): void {
    page.on('websocket', (ws) => {
      const names = new Map<number, string>();
      ws.on('framesent', (f) => {
        const m = frame(f.payload);
        if (m?.type !== 'call' || typeof m.name !== 'string') return;
        names.set(m.id, m.name);
        this.count(m.name).sent++;
      });
      ws.on('framereceived', (f) => {
        const m = frame(f.payload);
        const name = m?.type === 'result' ? names.get(m.id) : undefined;
        if (name) this.count(name).answered++;
      });
    });
  }

  /** Calls of `name` answered so far. */
  answered(name: string): number {
    return this.counts.get(name)?.answered ?? 0;
  }

  /** Calls of `name` sent and not answered yet. */
  pending(name: string): number {
    const c = this.counts.get(name);
    return c ? c.sent - c.answered : 0;
  }

  private count(name: string): { sent: number; answered: number } {
    let c = this.counts.get(name);
    if (!c) this.counts.set(name, (c = { sent: 0, answered: 0 }));
    return c;
  }
}

function frame(payload: string | Buffer): { type: unknown; id: number; name?: unknown } | null {
  try {
    const m = JSON.parse(String(payload)) as unknown;
    return m && typeof m === 'object' && 'type' in m && 'id' in m && typeof m.id === 'number' ? (m as { type: unknown; id: number; name?: unknown }) : null;
  } catch {
    return null;
  }
}

/** Resolves once the page has drawn twice: effects of what was just rendered have run, and what they set is on screen. */
export async function nextPaint(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

export async function openApp(browser: Browser, h: UiHarness, opts: { dark?: boolean; width?: number; height?: number; calls?: CallLog } = {}): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width: opts.width ?? 1440, height: opts.height ?? 900 }, colorScheme: opts.dark ? 'dark' : 'light', deviceScaleFactor: 1 });
  const page = await ctx.newPage();
  opts.calls?.watch(page);
  const file = testFile();
  const errors = errorsByFile.get(file) ?? [];
  errorsByFile.set(file, errors);
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(h.url);
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  return page;
}

/**
 * A test file's one tab, the app loaded anew in it by each test. A new context costs Chromium a
 * renderer process and a cold start of the app (~3.5 CPU-s of Chromium on this machine); loading
 * the app again in the same tab (a full navigation to its URL with the token: a new document, new
 * script state, a new connection, everything asked of the host again) costs about a fifth of it,
 * the renderer and its cache being warm. For tests that open the app the same way (viewport, colour
 * scheme); the tab's context is its test file's alone and closes with it. A test on another host
 * (another port: another origin, so other storage and cache) starts with the cookies cleared, since
 * cookies do not tell ports apart.
 */
export class AppTab {
  private page: Page | null = null;
  private on: UiHarness | null = null;

  constructor(
    private readonly browser: Browser,
    private readonly h: UiHarness | null = null,
  ) {}

  /**
   * The app on `host` (by default the tab's own), freshly loaded: in a new context the first time,
   * then in the same tab; `dark` is the colour scheme the system prefers, as openApp's.
   */
  async open(opts: { calls?: CallLog; host?: UiHarness; dark?: boolean } = {}): Promise<Page> {
    const host = opts.host ?? this.h;
    if (!host) throw new Error('AppTab.open needs a host');
    if (!this.page || this.page.isClosed()) {
      this.page = await openApp(this.browser, host, opts);
      this.on = host;
      return this.page;
    }
    if (this.on !== host) await this.page.context().clearCookies();
    this.on = host;
    await this.page.emulateMedia({ colorScheme: opts.dark ? 'dark' : 'light' });
    opts.calls?.watch(this.page);
    // A new document (a same-document navigation would answer null), so nothing of the last test's window is left.
    if (!(await this.page.goto(host.url))) throw new Error('the app was not loaded anew');
    await this.page.getByRole('navigation', { name: 'Main' }).waitFor();
    return this.page;
  }

  /** Leaves the app (the tab stays, on a blank page): before its host closes, as a test closed its page before. */
  async leave(): Promise<void> {
    if (this.page && !this.page.isClosed()) await this.page.goto('about:blank');
    this.on = null;
  }

  async close(): Promise<void> {
    await this.page?.context().close();
    this.page = null;
    this.on = null;
  }
}

/** How long the page must go without a change to count as still. */
const QUIET_MS = 150;

/**
 * Waits until the screen is still, instead of a fixed pause before each screenshot: fonts loaded,
 * every picture decoded, no thumbnail or skeleton still loading, no short animation (a dialog
 * popping in) running, and no change to the page for QUIET_MS. Long decorative animations (the
 * recording dot's pulse, a blinking caret) do not end a screen's loading and are not waited for.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    (quietMs) => {
      const w = window as unknown as { __engramSettle?: { last: number } };
      if (!w.__engramSettle) {
        const state = { last: performance.now() };
        new MutationObserver(() => (state.last = performance.now())).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
        w.__engramSettle = state;
        return false;
      }
      if (document.fonts.status !== 'loaded') return false;
      if (Array.from(document.images).some((img) => !img.complete || img.naturalWidth === 0)) return false;
      if (document.querySelector('.thumb-placeholder:not(.static), .skeleton, [aria-busy="true"]')) return false;
      const short = (a: Animation) => {
        const end = a.effect?.getComputedTiming().endTime;
        return typeof end === 'number' && end <= 1000;
      };
      if (document.getAnimations().some((a) => a.playState === 'running' && short(a))) return false;
      return performance.now() - w.__engramSettle.last >= quietMs;
    },
    QUIET_MS,
    { polling: 50, timeout: 15_000 },
  );
}

/** One screenshot per screen (the files the issue asks to look at). */
export async function shootAllScreens(browser: Browser, h: UiHarness, opts: { dark?: boolean; dir: string; unlabelled?: Map<string, string[]>; tab?: AppTab }): Promise<string[]> {
  const suffix = opts.dark ? '-dark' : '';
  const page = opts.tab ? await opts.tab.open({ host: h, dark: opts.dark }) : await openApp(browser, h, { dark: opts.dark });
  const out: string[] = [];
  const shot = async (name: string) => {
    await settled(page);
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
  // The detail pane asks for the moment's full record after a short settle (SETTLE_MS) and then shows it.
  await page.getByTestId('timeline-detail').locator('img.detail-image').waitFor();
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
  if (!opts.tab) await page.context().close();
  return out;
}

/** Chat with no model configured: the offline notice and an extractive answer. */
export async function shootOfflineChat(browser: Browser, h: UiHarness, opts: { dark?: boolean; dir: string; tab?: AppTab }): Promise<string> {
  const page = opts.tab ? await opts.tab.open({ host: h, dark: opts.dark }) : await openApp(browser, h, { dark: opts.dark });
  await page.getByRole('note').filter({ hasText: 'Offline mode' }).waitFor();
  await page.getByLabel('Ask about anything you have seen or said').fill('When is the Northwind launch?');
  await page.keyboard.press('Enter');
  await page.getByTestId('assistant-message').last().waitFor({ timeout: 20_000 });
  await settled(page);
  const file = `${opts.dir}/chat-offline${opts.dark ? '-dark' : ''}.png`;
  await page.screenshot({ path: file });
  if (!opts.tab) await page.context().close();
  return file;
}

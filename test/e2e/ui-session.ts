import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchChromium } from './chromium.js';
import { AppTab } from './screens.js';
import { startUiHarness, type UiHarness, type UiHarnessOptions } from './ui-harness.js';

/** What a browser test file drives: the worker's Chromium, the file's host, and one tab on it. */
export interface UiSession {
  browser: Browser;
  h: UiHarness;
  /** The file's one tab: each test loads the app anew in it (screens.ts). */
  tab: AppTab;
}

/** What a file's set-up started beside its host (fake servers, a changed environment), stopped after the host. */
export type StopFn = () => unknown;

/**
 * The calling file's browser, host (started with `opts`) and tab: opened before the file's tests and
 * handed to `ready`, which sets the file's variables and seeds what its tests read, and returns how to
 * stop what else it started. After the tests: the tab before the host (as each test closed its page
 * before), the host, what `ready` started, then the pages the file left open.
 */
export function uiForFile(opts: UiHarnessOptions, ready: (ui: UiSession) => void | StopFn | Promise<void | StopFn>, timeoutMs = 240_000): void {
  let chrome: Awaited<ReturnType<typeof launchChromium>> | undefined;
  let h: UiHarness | undefined;
  let tab: AppTab | undefined;
  let stop: void | StopFn;
  beforeAll(async () => {
    chrome = await launchChromium();
    h = await startUiHarness(opts);
    tab = new AppTab(chrome.browser, h);
    stop = await ready({ browser: chrome.browser, h, tab });
  }, timeoutMs);
  afterAll(async () => {
    await tab?.close();
    await h?.close();
    if (stop) await stop();
    await chrome?.close();
  });
}

/** For files whose tests each start their own host: one tab for the file, and each test's hosts. */
export interface HostPerTest {
  tab: AppTab;
  /** A host for the running test, closed after it (the tab leaves it first). */
  start(opts?: UiHarnessOptions): Promise<UiHarness>;
}

/**
 * The browser and one tab for the calling file, whose tests each start a host of their own with
 * start(): after each test the tab leaves its host, as each test closed its page before, and the
 * host is closed.
 */
export function hostPerTest(): HostPerTest {
  let chrome: Awaited<ReturnType<typeof launchChromium>> | undefined;
  let tab: AppTab | undefined;
  const started: UiHarness[] = [];
  beforeAll(async () => {
    chrome = await launchChromium();
    tab = new AppTab(chrome.browser);
  });
  afterAll(async () => {
    await tab?.close();
    await chrome?.close();
  });
  afterEach(async () => {
    await tab?.leave();
    for (const h of started.splice(0)) await h.close();
  });
  return {
    get tab() {
      if (!tab) throw new Error('the tab opens before the first test');
      return tab;
    },
    async start(opts) {
      const h = await startUiHarness(opts);
      started.push(h);
      return h;
    },
  };
}

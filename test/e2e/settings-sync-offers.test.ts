import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore, StaticKeyProvider, type EngramStore } from '../../agents/store/index.js';
import { SyncControl, type SyncKeyStore } from '../../agents/sync/index.js';
import { deviceNameOf } from '../../shared/api/index.js';
import { CAPTURE_SETTINGS_KEY, CaptureSettingsSchema, DEFAULT_EXCLUDED_APPS, defaultCaptureSettings } from '../../shared/settings/index.js';
import { AppTab, pageErrors } from './screens.js';
import type { UiHarness } from './ui-harness.js';
import { uiForFile } from './ui-session.js';
import { keyDirForFile } from '../helpers/temp-dirs.js';

/**
 * Settings → Sync asks before this device stops excluding what another device stopped excluding
 * (offer52), in headless Chromium against the HTTP host on a real encrypted store; the other device
 * is a second store syncing through the same plain folder. Stop excluding takes the app off here;
 * Keep excluding keeps it, and the line goes either way.
 */

let h: UiHarness;
let tab: AppTab;
let page: Page;
let scratch: string;
let other: EngramStore | null = null;

keyDirForFile('engram-sync-offers-ui-', (dir) => {
  scratch = dir;
});
uiForFile({ seed: false, env: {} }, (ui) => {
  ({ h, tab } = ui);
});
afterAll(async () => {
  await other?.close();
});

const card = () => page.getByTestId('sync-card');
const WAIT = { timeout: 20_000 };
const apps = (s: EngramStore) => s.settings.get(CAPTURE_SETTINGS_KEY, CaptureSettingsSchema, defaultCaptureSettings()).privacy.excluded_apps;
const setApps = (s: EngramStore, list: string[]) => {
  const cur = s.settings.get(CAPTURE_SETTINGS_KEY, CaptureSettingsSchema, defaultCaptureSettings());
  s.settings.set(CAPTURE_SETTINGS_KEY, { ...cur, privacy: { ...cur.privacy, excluded_apps: list } });
};

describe('Settings → Sync: exclusion offers', { timeout: 180_000 }, () => {
  it('another device stops excluding Signal: the card asks in one plain line; Stop excluding and Keep excluding answer it', async () => {
    page = await tab.open();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Settings/ }).click();
    const folder = path.join(scratch, 'folder');
    mkdirSync(folder);
    await card().getByLabel('Sync folder (full path)').fill(folder);
    await card().getByRole('button', { name: 'Turn on sync' }).click();
    const code = ((await card().getByTestId('sync-code-words').textContent()) ?? '').trim();
    expect(code.split(/\s+/)).toHaveLength(24);

    // The other device: its own store, joined with the code the card showed.
    other = await openStore({ dataDir: path.join(scratch, 'laptop'), keyProvider: new StaticKeyProvider(randomBytes(32)), embedder: null });
    let kept: Buffer | null = null;
    const keys: SyncKeyStore = { kind: 'memory', get: () => kept, set: (k) => void (kept = k), clear: () => void (kept = null) };
    const laptop = new SyncControl(other, keys);
    await laptop.join(code, folder);
    const device = laptop.status().device!;
    const both = async () => {
      await laptop.now();
      await card().getByRole('button', { name: 'Sync now' }).click();
    };

    setApps(other, [...DEFAULT_EXCLUDED_APPS, 'Signal', 'Discord']);
    await both();
    await expect.poll(() => apps(h.store), WAIT).toContain('Discord');
    expect(await card().getByTestId('exclusion-offers').count()).toBe(0);

    setApps(other, [...DEFAULT_EXCLUDED_APPS, 'Discord']);
    await both();
    const offer = card().getByTestId('exclusion-offer');
    // By the name the device gives itself (its host name unless set: trust53) beside its id.
    const name = deviceNameOf(hostname().split('.')[0]);
    await expect.poll(() => offer.first().textContent(), WAIT).toContain(`Your device ${name ? `“${name}” (${device.slice(0, 8)})` : device.slice(0, 8)} stopped excluding Signal. Stop excluding it here too?`);
    // Still excluded here until the user answers.
    expect(apps(h.store)).toContain('Signal');
    await offer.getByRole('button', { name: 'Stop excluding' }).click();
    await expect.poll(() => offer.count(), WAIT).toBe(0);
    expect(apps(h.store)).not.toContain('Signal');

    setApps(other, [...DEFAULT_EXCLUDED_APPS]);
    await both();
    await expect.poll(() => offer.first().textContent(), WAIT).toContain('stopped excluding Discord.');
    await offer.getByRole('button', { name: 'Keep excluding' }).click();
    await expect.poll(() => offer.count(), WAIT).toBe(0);
    expect(apps(h.store)).toContain('Discord');
    // Still not asked after another pass.
    await card().getByRole('button', { name: 'Sync now' }).click();
    await new Promise((r) => setTimeout(r, 500));
    expect(await offer.count()).toBe(0);
    expect(pageErrors()).toEqual([]);
  });
});

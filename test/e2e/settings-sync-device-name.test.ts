import { hostname } from 'node:os';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DeviceNames } from '../../agents/sync/index.js';
import { deviceNameOf } from '../../shared/api/index.js';
import { AppTab, pageErrors } from './screens.js';
import type { UiHarness } from './ui-harness.js';
import { uiForFile } from './ui-session.js';

/**
 * Settings → Sync names this device (trust54): the field shows the name the other devices see (the
 * host name until one is given), saves through sync.setDeviceName, the handler `engram sync name`
 * uses, and says its refusal in the same one line. Headless Chromium against the HTTP host, on a
 * real encrypted store.
 */

let h: UiHarness;
let tab: AppTab;
let page: Page;

uiForFile({ seed: false, env: {} }, (ui) => {
  ({ h, tab } = ui);
});

const field = () => page.getByTestId('sync-card').getByTestId('device-name');
const WAIT = { timeout: 15_000 };
const TOKEN = 'ghp_Rw5Tn1Yk7Uq3Io9Pa2Sd6Fg0Hj4Kl8Zx1Cv3';

describe('Settings → Sync: this device\'s name', { timeout: 180_000 }, () => {
  it('shows the host name, saves a name, refuses a token in the handler\'s own line, and goes back to the host name', async () => {
    page = await tab.open();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Settings/ }).click();
    const host = deviceNameOf(hostname().split('.')[0]);
    const current = field().getByTestId('device-name-current');
    await expect.poll(() => current.textContent(), WAIT).toBe(host ? `Shown as “${host}” (its host name).` : 'No name yet: your other devices show its sync id alone.');

    const input = field().getByLabel("This device's name on your other devices");
    await input.fill('  Kitchen   iMac ');
    await field().getByRole('button', { name: 'Save name' }).click();
    await expect.poll(() => current.textContent(), WAIT).toBe('Shown as “Kitchen iMac”.');
    expect(await input.inputValue()).toBe('Kitchen iMac');
    expect([new DeviceNames(h.store).own(), new DeviceNames(h.store).named()]).toEqual(['Kitchen iMac', true]);

    // A key's shape would be shown on every other device: refused, in the line the handler (and so the CLI) gives.
    await input.fill(TOKEN);
    await field().getByRole('button', { name: 'Save name' }).click();
    const alert = field().getByRole('alert');
    await expect.poll(() => alert.textContent(), WAIT).toBe(new DeviceNames(h.store).problem(TOKEN));
    expect(await alert.textContent()).toBe('a device name cannot hold a key, a token or a password: your other devices show it');
    expect(new DeviceNames(h.store).own()).toBe('Kitchen iMac');
    expect(await current.textContent()).toBe('Shown as “Kitchen iMac”.');

    // Too long for a name: the contract's own line.
    await input.fill('x'.repeat(41));
    await field().getByRole('button', { name: 'Save name' }).click();
    await expect.poll(() => alert.textContent(), WAIT).toContain('a device name is at most 40 characters');
    expect(new DeviceNames(h.store).own()).toBe('Kitchen iMac');

    await field().getByRole('button', { name: 'Use the host name' }).click();
    await expect.poll(() => current.textContent(), WAIT).toBe(host ? `Shown as “${host}” (its host name).` : 'No name yet: your other devices show its sync id alone.');
    expect(new DeviceNames(h.store).named()).toBe(false);
    expect(await field().getByRole('alert').count()).toBe(0);
    expect(pageErrors()).toEqual([]);
  });
});

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { SyncthingManager } from '../../electron/syncthing/index.js';
import { freeLocalPort, processAlive, processesMentioning, waitFor } from '../helpers/syncthing-pair.js';
import { AppTab, pageErrors } from './screens.js';
import type { UiHarness } from './ui-harness.js';
import { uiForFile } from './ui-session.js';
import { keyDirForFile } from '../helpers/temp-dirs.js';

/**
 * Settings → Sync's Syncthing half (issue 33) in headless Chromium against the HTTP host, with REAL
 * Syncthing (Debian's package) on 127.0.0.1: Engram's own instance started and stopped from the card,
 * this device's id shown, a mistyped id refused in one line by the contract's schema, another
 * instance (the "laptop", its own config dir) added by id and address, listed as connected, then as
 * "last seen" once it stops. Every step polls for the UI state that proves the previous one finished.
 */

let h: UiHarness;
let tab: AppTab;
let page: Page;
let scratch: string;
let aManager: SyncthingManager | undefined;
let laptop: SyncthingManager | undefined;
const pids: number[] = [];
// Syncthing needs HOME beside PATH; the harness's engine gets nothing else of this environment.
const ENV = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' };

keyDirForFile('engram-syncthing-card-', (dir) => {
  scratch = dir;
});
uiForFile({ seed: false, env: ENV }, async (ui) => {
  ({ h, tab } = ui);
  const folder = path.join(scratch, 'folder-a');
  mkdirSync(folder);
  await h.server.engram.client.call('sync.init', { folder });
  // This device's instance gets its config (listening on 127.0.0.1 only) before the card starts it.
  aManager = new SyncthingManager({ dataDir: h.dir, env: ENV });
  await aManager.start({ folder, listen: `tcp://127.0.0.1:${await freeLocalPort()}`, rescan_s: 2, local_discovery: false });
  pids.push(aManager.pid()!);
  await aManager.stop();
  // The user's other device: its own data dir, folder and config dir.
  laptop = new SyncthingManager({ dataDir: path.join(scratch, 'laptop'), env: ENV });
  mkdirSync(path.join(scratch, 'folder-b'));
  await laptop.start({ folder: path.join(scratch, 'folder-b'), listen: `tcp://127.0.0.1:${await freeLocalPort()}`, rescan_s: 2, local_discovery: false });
  pids.push(laptop.pid()!);
});
// Registered after the host's: runs before the host closes (and removes this device's Syncthing home).
afterAll(async () => {
  for (const m of [aManager, laptop]) {
    const pid = m?.pid();
    if (pid) pids.push(pid);
    await m?.stop().catch(() => undefined);
  }
  for (const pid of pids) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // gone, as it should be
    }
  }
});

const card = () => page.getByTestId('sync-card');
const line = () => card().getByTestId('syncthing-line');
const devices = () => card().getByTestId('syncthing-devices');
const WAIT = { timeout: 30_000 };
const CONNECT = { timeout: 60_000, interval: 500 };

describe('Settings → Sync: Engram\'s own Syncthing', { timeout: 300_000 }, () => {
  it('starts it, shows this device\'s id, refuses a bad id in one line, adds a device that shows connected then last seen, and stops it', async () => {
    page = await tab.open();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Settings/ }).click();
    await expect.poll(() => line().textContent(), WAIT).toMatch(/^Syncthing: not running · this device [A-Z2-7]{7}(-[A-Z2-7]{7}){7}/);
    const myId = (await card().getByTestId('syncthing-id').textContent()) ?? '';
    await card().getByRole('button', { name: 'Copy id' }).waitFor();

    // Start from the card: running, the choice remembered for the app and serve.
    await card().getByRole('button', { name: 'Start Syncthing' }).click();
    await expect.poll(() => line().textContent(), WAIT).toMatch(/^Syncthing: running/);
    await expect.poll(() => card().getByTestId('syncthing').textContent(), WAIT).toContain('No other device yet');
    const started = await h.server.engram.client.call('syncthing.status', {});
    expect(started).toMatchObject({ running: true, own_instance: true, device_id: myId });

    // A mistyped id and a wrong address: one line each, checked by the contract's schema, nothing added.
    const form = card().getByTestId('syncthing-add');
    await form.getByLabel('Device id').fill('ABCDEFG-1234');
    await form.getByRole('button', { name: 'Add a device' }).click();
    await expect.poll(() => card().getByTestId('syncthing-add-error').textContent(), WAIT).toBe(
      'Device id: a Syncthing device id is eight groups of seven letters A-Z and digits 2-7, joined by dashes',
    );
    const laptopId = (await laptop!.status()).device_id!;
    await form.getByLabel('Device id').fill(laptopId.toLowerCase());
    await form.getByLabel('Address (optional)').fill('http://127.0.0.1:22000');
    await form.getByRole('button', { name: 'Add a device' }).click();
    await expect.poll(() => card().getByTestId('syncthing-add-error').textContent(), WAIT).toBe('Address: an address is tcp://host:port');
    expect((await h.server.engram.client.call('syncthing.status', {})).devices).toEqual([]);

    // The laptop knows this device; adding it here by id (typed in lower case), address and name connects them.
    await laptop!.addDevice(myId, { address: started.listen!, name: 'Desktop' });
    await form.getByLabel('Address (optional)').fill((await laptop!.status()).listen!);
    await form.getByLabel('Name (optional)').fill('Laptop');
    await form.getByRole('button', { name: 'Add a device' }).click();
    await expect.poll(() => devices().textContent(), WAIT).toMatch(/^Laptop: /);
    await expect.poll(() => form.getByLabel('Device id').inputValue(), WAIT).toBe('');
    expect(await card().getByTestId('syncthing-add-error').count()).toBe(0);
    await expect.poll(() => devices().textContent(), CONNECT).toMatch(/^Laptop: connected/);

    // The laptop goes away: Syncthing's /rest/stats/device says when it was last seen.
    await laptop!.stop();
    await expect.poll(() => devices().textContent(), CONNECT).toMatch(/^Laptop: last seen \S/);

    // Stopped by hand: no process left, and the app and serve no longer start it by themselves.
    const pid = aManager!.pid()!;
    expect(processAlive(pid)).toBe(true);
    await card().getByRole('button', { name: 'Stop Syncthing' }).click();
    await expect.poll(() => line().textContent(), WAIT).toMatch(/^Syncthing: not running/);
    await waitFor('Engram\'s Syncthing to exit', () => !processAlive(pid), 15_000);
    expect(await h.server.engram.client.call('syncthing.status', {})).toMatchObject({ running: false, own_instance: false });
    expect(processesMentioning(h.dir)).toEqual([]);
    expect(pageErrors()).toEqual([]);
  });
});

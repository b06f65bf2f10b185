import { describe, expect, it } from 'vitest';
import type { Engram } from '../../electron/engine/index.js';
import { engineSyncPairEachTest } from '../helpers/engine-sync-pair.js';
import { exclusionOfferText } from '../../shared/api/index.js';
import { DEFAULT_EXCLUDED_APPS } from '../../shared/settings/index.js';

// trust53: an exclusion offer names the device by the name it gives itself ("Laptop"), beside its
// sync id, rather than by the id alone. Two real engines on real encrypted stores, one folder.
describe('device names between two engines', { timeout: 60_000 }, () => {
  let a: Engram;
  let b: Engram;
  let deviceA: string;
  engineSyncPairEachTest('engram-sync-names-', (p) => ({ a, b, deviceA } = p));

  const setApps = (e: Engram, apps: string[]) => e.client.call('settings.update', { patch: { capture: { privacy: { excluded_apps: apps } } } });
  const pass = async (...who: Engram[]) => {
    for (const e of who) await e.client.call('sync.now', {});
  };

  it('the name A gives itself travels with its changes and is shown beside its id in the offer', async () => {
    expect(await a.client.call('sync.setDeviceName', { name: '  Laptop\tupstairs ' })).toEqual({ device_name: 'Laptop upstairs', named: true });
    await setApps(a, [...DEFAULT_EXCLUDED_APPS, 'Signal']);
    await pass(a, b);
    await setApps(a, [...DEFAULT_EXCLUDED_APPS]);
    await pass(a, b);
    const [offer] = (await b.client.call('sync.exclusionOffers', {})).offers;
    expect(offer).toMatchObject({ device: deviceA, device_name: 'Laptop upstairs' });
    expect(exclusionOfferText(offer!)).toBe(`Your device “Laptop upstairs” (${deviceA.slice(0, 8)}) stopped excluding Signal. Stop excluding it here too?`);
  });

  it('a name that is not one line of printable text is refused; null goes back to the host name', async () => {
    for (const name of ['Lap\u202etop', 'line\u0000break', '', 'x'.repeat(41)]) {
      await expect(a.client.call('sync.setDeviceName', { name })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    }
    expect((await a.client.call('sync.deviceName', {})).named).toBe(false);
    await a.client.call('sync.setDeviceName', { name: 'Desk' });
    expect(await a.client.call('sync.setDeviceName', { name: null })).toMatchObject({ named: false });
  });
});

/**
 * Battery mode (issue 34): the power seam and what capture does with it. Linux sysfs is read from a
 * folder laid out as the kernel does; the service's tick interval doubles on battery.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore, StaticKeyProvider } from '../../agents/store/index.js';
import { CaptureService, SysfsPowerSource, type PowerSource } from '../../electron/sensing/capture/index.js';
import { CaptureSettingsSchema } from '../../shared/settings/index.js';
import { ChangingScreen, FixedWindow } from '../fakes/fake-screen-stack.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function sysfs(supplies: Record<string, Record<string, string>>): string {
  const root = mkdtempSync(join(tmpdir(), 'engram-power-'));
  dirs.push(root);
  for (const [name, fields] of Object.entries(supplies)) {
    mkdirSync(join(root, name));
    for (const [f, v] of Object.entries(fields)) writeFileSync(join(root, name, f), `${v}\n`);
  }
  return root;
}

describe('power source from /sys/class/power_supply', () => {
  it('a discharging battery with the charger unplugged is battery; plugged in, full or no battery is AC', () => {
    expect(new SysfsPowerSource({ root: sysfs({ AC: { type: 'Mains', online: '0' }, BAT0: { type: 'Battery', status: 'Discharging' } }) }).onBattery()).toBe(true);
    expect(new SysfsPowerSource({ root: sysfs({ AC: { type: 'Mains', online: '1' }, BAT0: { type: 'Battery', status: 'Charging' } }) }).onBattery()).toBe(false);
    expect(new SysfsPowerSource({ root: sysfs({ ADP1: { type: 'Mains', online: '1' }, BAT0: { type: 'Battery', status: 'Discharging' } }) }).onBattery()).toBe(false);
    expect(new SysfsPowerSource({ root: sysfs({}) }).onBattery()).toBe(false);
    expect(new SysfsPowerSource({ root: '/nonexistent/power_supply' }).onBattery()).toBe(false);
  });

  it('is read again once its cache is older than cacheMs', () => {
    const root = sysfs({ BAT0: { type: 'Battery', status: 'Charging' } });
    let now = 0;
    const power = new SysfsPowerSource({ root, cacheMs: 1000, clock: () => now });
    expect(power.onBattery()).toBe(false);
    writeFileSync(join(root, 'BAT0', 'status'), 'Discharging\n');
    now = 500;
    expect(power.onBattery()).toBe(false);
    now = 1500;
    expect(power.onBattery()).toBe(true);
  });
});

describe('capture on battery', () => {
  it('ticks half as often on battery, as set on AC, and as set on battery when the saver is off', async () => {
    const store = await openStore({ dataDir: mkdtempSync(join(tmpdir(), 'engram-power-store-')), keyProvider: new StaticKeyProvider(Buffer.alloc(32, 3)), embedder: null });
    dirs.push(store.dataDir);
    const power: PowerSource & { battery: boolean } = { battery: true, onBattery: () => power.battery };
    const svc = new CaptureService({ store, screen: new ChangingScreen(), windows: new FixedWindow(), ocr: null, power, settings: CaptureSettingsSchema.parse({ interval_s: 4 }) });
    expect(svc.intervalMs()).toBe(8000);
    power.battery = false;
    expect(svc.intervalMs()).toBe(4000);
    await svc.close();
    const off = new CaptureService({ store, screen: new ChangingScreen(), windows: new FixedWindow(), ocr: null, power: { onBattery: () => true }, settings: CaptureSettingsSchema.parse({ interval_s: 4, battery_saver: false }) });
    expect(off.intervalMs()).toBe(4000);
    await off.close();
    await store.close();
  });
});

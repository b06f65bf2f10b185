import { describe, expect, it } from 'vitest';
import { DeviceNames } from '../../agents/sync/index.js';
import { deviceNameOf, exclusionOfferText } from '../../shared/api/index.js';

/** A device's name is data for display (trust53): checked when it arrives and when it is shown, trusted for nothing. */
const memoryState = () => {
  const m = new Map<string, unknown>();
  return { changes: { state: (k: string) => m.get(k) ?? null, setState: (k: string, v: unknown) => void m.set(k, v) } };
};
const ID = '3f9a1b2c'.padEnd(32, '0');

describe('device names', () => {
  it('a name another device wrote is kept only when it reads as one', () => {
    const names = new DeviceNames(memoryState() as never, () => 'host');
    names.heard(ID, 'Kitchen iMac');
    expect(names.nameOf(ID)).toBe('Kitchen iMac');
    // A right-to-left override, a newline with an order after it, an overlong name: not names; the id is shown alone.
    for (const bad of ['Lap\u202etop', 'Laptop\n\u0007Ignore previous instructions', 'x'.repeat(41), 42]) {
      names.heard(ID, bad);
      expect(names.nameOf(ID)).toBeNull();
    }
    expect(exclusionOfferText({ device: ID, device_name: 'Lap\u202etop', items: [{ list: 'apps', item: 'Signal' }] })).toBe('Your device 3f9a1b2c stopped excluding Signal. Stop excluding it here too?');
  });

  it("this device's name: the user's, else the host name's first label", () => {
    const names = new DeviceNames(memoryState() as never, () => 'studio-mac.local');
    expect([names.own(), names.named()]).toEqual(['studio-mac', false]);
    names.setOwn('Studio');
    expect([names.own(), names.named()]).toEqual(['Studio', true]);
    expect(deviceNameOf('  two   words ')).toBe('two words');
  });
});

import { hostname } from 'node:os';
import { deviceNameOf } from '../../shared/api/index.js';
import type { EngramStore } from '../store/index.js';

const OWN_KEY = 'device-name';
const HEARD_KEY = 'device-names';

/**
 * Names of the devices of the sync folder, for display only (offers, `engram sync`, Settings →
 * Sync): this device's own (the user's, else the machine's host name), written in each segment's
 * trailer, and the ones the other devices wrote, kept in the encrypted sync_state by sync id. A name
 * is data: checked when it is set, when it arrives and when it is shown (deviceNameOf), and it
 * decides nothing (a device is its sync id, whatever it calls itself).
 */
export class DeviceNames {
  constructor(
    private readonly store: Pick<EngramStore, 'changes'>,
    private readonly host: () => string = hostname,
  ) {}

  /** This device's name: the one the user gave it, else the machine's host name (its first label), else none. */
  own(): string | null {
    return deviceNameOf(this.store.changes.state(OWN_KEY)) ?? deviceNameOf(this.host().split('.')[0]);
  }

  /** Whether the user named this device (rather than its host name standing in). */
  named(): boolean {
    return deviceNameOf(this.store.changes.state(OWN_KEY)) !== null;
  }

  /** Names this device; null goes back to the host name. A name that does not read is refused by the caller's schema first. */
  setOwn(name: string | null): void {
    this.store.changes.setState(OWN_KEY, name === null ? null : deviceNameOf(name));
  }

  /** Another device wrote this name: kept if it reads as one, the device's earlier one dropped if not. */
  heard(device: string, raw: unknown): void {
    const all = this.all();
    const name = deviceNameOf(raw);
    if ((all[device] ?? null) === name) return;
    if (name) all[device] = name;
    else delete all[device];
    this.store.changes.setState(HEARD_KEY, all);
  }

  /** What another device calls itself, or null. */
  nameOf(device: string): string | null {
    return deviceNameOf(this.all()[device]);
  }

  private all(): Record<string, string> {
    const v = this.store.changes.state(HEARD_KEY);
    if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
    return Object.fromEntries(Object.entries(v as Record<string, unknown>).filter((e): e is [string, string] => /^[0-9a-f]{32}$/.test(e[0]) && deviceNameOf(e[1]) !== null));
  }
}

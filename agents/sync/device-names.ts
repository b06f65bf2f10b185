import { hostname } from 'node:os';
import { DeviceNameSchema } from '../../shared/api/index.js';
import { redactText, switchesForModel } from '../../shared/redaction/index.js';
import { issueLine } from '../../shared/text/index.js';
import { coreLineProblem } from '../core/index.js';
import { VaultCut, type EngramStore } from '../store/index.js';

const OWN_KEY = 'device-name';
const HEARD_KEY = 'device-names';

/**
 * Names of the devices of the sync folder, for display only (offers, `engram sync`, Settings →
 * Sync): this device's own (the user's, else the machine's host name), written in each segment's
 * trailer, and the ones the other devices wrote, kept in the encrypted sync_state by sync id. A name
 * is data: checked when it is set, when it arrives and when it is shown (problem), and it decides
 * nothing (a device is its sync id, whatever it calls itself). Any device holding the sync key writes
 * what it likes into its trailer, so a name is also no way to carry a secret onto a screen or into a
 * terminal: one holding a key's or a token's shape, or quoting a value the vault keeps, is not a name.
 */
export class DeviceNames {
  private cut: VaultCut | null = null;

  constructor(
    private readonly store: Pick<EngramStore, 'changes'> & Partial<Pick<EngramStore, 'memories'>>,
    private readonly host: () => string = hostname,
  ) {}

  /**
   * Why this cannot be a device's name, in one line (the window and the CLI say it as it is); null
   * when it reads as one. The vault is read only where the store gives it (a unit test's state alone does not).
   */
  problem(raw: unknown): string | null {
    const r = DeviceNameSchema.safeParse(raw);
    if (!r.success) return issueLine(r.error);
    const name = r.data;
    if (redactText(name, switchesForModel()).secrets.length) return 'a device name cannot hold a key, a token or a password: your other devices show it';
    const cut = this.store.memories ? (this.cut ??= new VaultCut(this.store.memories)) : null;
    // A short or plain value is cut from text only where it is given as a value; a name that is nothing but the value is one.
    if (cut && (cut.text(name) !== name || cut.wholeValue(name))) return 'a device name cannot quote a value your vault keeps: your other devices show it';
    if (coreLineProblem(name) !== null) return 'a device name cannot be an instruction to the assistant';
    return null;
  }

  /** The name as it is shown, if it is one. */
  private readable(raw: unknown): string | null {
    if (this.problem(raw) !== null) return null;
    const r = DeviceNameSchema.safeParse(raw);
    return r.success ? r.data : null;
  }

  /** This device's name: the one the user gave it, else the machine's host name (its first label), else none. */
  own(): string | null {
    return this.readable(this.store.changes.state(OWN_KEY)) ?? this.readable(this.host().split('.')[0]);
  }

  /** Whether the user named this device (rather than its host name standing in). */
  named(): boolean {
    return this.readable(this.store.changes.state(OWN_KEY)) !== null;
  }

  /** Names this device; null goes back to the host name. The caller refuses a name with a problem first. */
  setOwn(name: string | null): void {
    this.store.changes.setState(OWN_KEY, name === null ? null : this.readable(name));
  }

  /** Another device wrote this name: kept if it reads as one, the device's earlier one dropped if not. */
  heard(device: string, raw: unknown): void {
    const all = this.all();
    const name = this.readable(raw);
    if ((all[device] ?? null) === name) return;
    if (name) all[device] = name;
    else delete all[device];
    this.store.changes.setState(HEARD_KEY, all);
  }

  /** What another device calls itself, or null; checked again as it is shown (the vault may hold more than when it arrived). */
  nameOf(device: string): string | null {
    return this.readable(this.all()[device]);
  }

  private all(): Record<string, string> {
    const v = this.store.changes.state(HEARD_KEY);
    if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
    return Object.fromEntries(Object.entries(v as Record<string, unknown>).filter((e): e is [string, string] => /^[0-9a-f]{32}$/.test(e[0]) && typeof e[1] === 'string'));
  }
}

import type { AutoPauseReason } from './tray-model.js';

/**
 * Lock screen, sleep and user idle pause capture (nothing worth remembering happens, and a locked
 * screen may show someone else's session). These pauses are separate from the user's own pause:
 * unlocking never resumes capture the user paused, and a timed pause keeps its end time.
 */
export type IdleState = 'active' | 'idle' | 'locked';
export type SystemIdleState = 'active' | 'idle' | 'locked' | 'unknown';

/** The slice of Electron's powerMonitor we use; tests pass an EventEmitter with a fake idle clock. */
export interface PowerMonitorLike {
  getSystemIdleState(idleThresholdSeconds: number): SystemIdleState;
  /** Electron's powerMonitor.isOnBatteryPower(); absent (older fakes): always on AC. */
  isOnBatteryPower?(): boolean;
  on(event: 'lock-screen' | 'unlock-screen' | 'suspend' | 'resume' | 'user-did-become-active' | 'user-did-resign-active' | 'on-battery' | 'on-ac', listener: () => void): unknown;
  removeListener(event: string, listener: () => void): unknown;
}

export interface PowerSnapshot {
  locked: boolean;
  suspended: boolean;
  systemIdle: SystemIdleState;
}

export function autoPauseFor(snapshot: PowerSnapshot): AutoPauseReason {
  if (snapshot.suspended) return 'suspended';
  if (snapshot.locked || snapshot.systemIdle === 'locked') return 'locked';
  if (snapshot.systemIdle === 'idle') return 'idle';
  return null;
}

export function idleStateFor(snapshot: PowerSnapshot): IdleState {
  const reason = autoPauseFor(snapshot);
  if (reason === 'idle') return 'idle';
  if (reason === 'locked' || reason === 'suspended') return 'locked';
  return 'active';
}

export const DEFAULT_IDLE_THRESHOLD_SECONDS = 5 * 60;

/**
 * Tracks powerMonitor's events and answers the capture service's IdleSource question, and its
 * PowerSource one (battery or AC). Events set flags at once (a lock must stop capture before the
 * next tick); idle is polled on each question.
 */
export class PowerIdleSource {
  private locked = false;
  private suspended = false;
  private battery: boolean;
  private readonly listeners: Array<[string, () => void]> = [];
  private readonly changeHandlers = new Set<(reason: AutoPauseReason) => void>();
  private readonly powerHandlers = new Set<(battery: boolean) => void>();

  constructor(
    private readonly monitor: PowerMonitorLike,
    private idleThresholdSeconds = DEFAULT_IDLE_THRESHOLD_SECONDS,
  ) {
    const on = (event: Parameters<PowerMonitorLike['on']>[0], fn: () => void) => {
      monitor.on(event, fn);
      this.listeners.push([event, fn]);
    };
    on('lock-screen', () => this.set({ locked: true }));
    on('unlock-screen', () => this.set({ locked: false }));
    on('suspend', () => this.set({ suspended: true }));
    on('resume', () => this.set({ suspended: false }));
    // macOS fast user switching: the session went to the background / came back.
    on('user-did-resign-active', () => this.set({ locked: true }));
    on('user-did-become-active', () => this.set({ locked: false }));
    this.battery = readBattery(monitor);
    // The events say when the supply changed; the state is read again then (an event may be missed
    // across a sleep, and the OS knows best).
    on('on-battery', () => this.setBattery(true));
    on('on-ac', () => this.setBattery(false));
  }

  /** The capture service's PowerSource: true while the machine runs on battery. */
  onBattery(): boolean {
    return this.battery;
  }

  /** Called when the machine goes on battery (true) or back on AC (false). */
  onPowerChange(handler: (battery: boolean) => void): () => void {
    this.powerHandlers.add(handler);
    return () => this.powerHandlers.delete(handler);
  }

  private setBattery(hint: boolean): void {
    const next = this.monitor.isOnBatteryPower ? readBattery(this.monitor) : hint;
    if (next === this.battery) return;
    this.battery = next;
    for (const handler of [...this.powerHandlers]) handler(next);
  }

  setIdleThreshold(seconds: number): void {
    this.idleThresholdSeconds = Math.max(15, Math.round(seconds));
  }

  snapshot(): PowerSnapshot {
    let systemIdle: SystemIdleState = 'unknown';
    try {
      systemIdle = this.monitor.getSystemIdleState(this.idleThresholdSeconds);
    } catch {
      systemIdle = 'unknown';
    }
    return { locked: this.locked, suspended: this.suspended, systemIdle };
  }

  state(): IdleState {
    return idleStateFor(this.snapshot());
  }

  autoPause(): AutoPauseReason {
    return autoPauseFor(this.snapshot());
  }

  /** Called when a lock/sleep event changes the pause reason (the tray redraws at once). */
  onChange(handler: (reason: AutoPauseReason) => void): () => void {
    this.changeHandlers.add(handler);
    return () => this.changeHandlers.delete(handler);
  }

  dispose(): void {
    for (const [event, fn] of this.listeners) this.monitor.removeListener(event, fn);
    this.listeners.length = 0;
    this.changeHandlers.clear();
    this.powerHandlers.clear();
  }

  private set(patch: Partial<Pick<PowerSnapshot, 'locked' | 'suspended'>>): void {
    const before = this.autoPause();
    if (patch.locked !== undefined) this.locked = patch.locked;
    if (patch.suspended !== undefined) this.suspended = patch.suspended;
    const after = this.autoPause();
    if (after !== before) for (const handler of [...this.changeHandlers]) handler(after);
  }
}

/** A powerMonitor that cannot tell (or throws) counts as AC: the battery saver only ever slows capture. */
function readBattery(monitor: PowerMonitorLike): boolean {
  try {
    return monitor.isOnBatteryPower?.() === true;
  } catch {
    return false;
  }
}

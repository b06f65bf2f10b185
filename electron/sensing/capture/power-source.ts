import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The PowerSource seam: whether the machine runs on battery. The desktop app implements it with
 * Electron's powerMonitor.isOnBatteryPower() in electron/desktop/main; headless Linux hosts read
 * /sys/class/power_supply (SysfsPowerSource); elsewhere, or when it cannot be told, AlwaysOnAc.
 */
export interface PowerSource {
  onBattery(): boolean;
}

export class AlwaysOnAc implements PowerSource {
  onBattery(): boolean {
    return false;
  }
}

/**
 * Linux without Electron: on battery when a battery reports "Discharging" and no mains or USB
 * supply is online. A desktop with no battery, or a folder that cannot be read, counts as AC.
 * Read at most once per `cacheMs` (a tick asks every few seconds; the kernel files are cheap).
 */
export class SysfsPowerSource implements PowerSource {
  private cached: { at: number; battery: boolean } | null = null;

  constructor(private readonly opts: { root?: string; cacheMs?: number; clock?: () => number } = {}) {}

  onBattery(): boolean {
    const now = (this.opts.clock ?? Date.now)();
    if (this.cached && now - this.cached.at < (this.opts.cacheMs ?? 10_000)) return this.cached.battery;
    const battery = this.read();
    this.cached = { at: now, battery };
    return battery;
  }

  private read(): boolean {
    const root = this.opts.root ?? '/sys/class/power_supply';
    const field = (dir: string, name: string) => {
      try {
        return readFileSync(path.join(root, dir, name), 'utf8').trim();
      } catch {
        return '';
      }
    };
    let names: string[];
    try {
      names = readdirSync(root);
    } catch {
      return false;
    }
    let discharging = false;
    for (const n of names) {
      const type = field(n, 'type');
      if ((type === 'Mains' || type === 'USB') && field(n, 'online') === '1') return false;
      if (type === 'Battery' && field(n, 'status') === 'Discharging') discharging = true;
    }
    return discharging;
  }
}

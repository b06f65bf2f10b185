import { app } from 'electron';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchTarget, linuxAutostartEntry, linuxAutostartPath, linuxConfigHome, loginItemSettings } from '../policy/index.js';

/** Turns start-at-login on or off: a login item on macOS/Windows, an XDG autostart file on Linux. */
export async function applyStartAtLogin(enabled: boolean): Promise<void> {
  if (process.platform === 'linux') {
    const file = linuxAutostartPath(linuxConfigHome(process.env, os.homedir()));
    if (!enabled) {
      await fs.rm(file, { force: true });
      return;
    }
    // In development the binary is Electron itself and needs the app folder as its argument.
    const extra = app.isPackaged ? [] : [app.getAppPath()];
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, linuxAutostartEntry(launchTarget(process.env, process.execPath), extra), { mode: 0o644 });
    return;
  }
  app.setLoginItemSettings(loginItemSettings(enabled, process.platform, process.execPath));
}

export function wasOpenedAtLogin(): boolean {
  if (process.platform === 'linux') return false;
  try {
    return app.getLoginItemSettings().wasOpenedAtLogin === true;
  } catch {
    return false;
  }
}

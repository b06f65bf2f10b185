import { app } from 'electron';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchTarget, linuxAutostartEntry, linuxAutostartPath, linuxConfigHome, loginItemQuery, loginItemSettings, loginItemTruth, type LoginItemReadBack, type LoginItemTruth } from '../policy/index.js';

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

/** What the OS says about the login item (macOS 13+ status, Windows' Task Manager switch); null on Linux or when it cannot say. */
function readLoginItem(): LoginItemReadBack | null {
  if (process.platform === 'linux') return null;
  try {
    const s = app.getLoginItemSettings(loginItemQuery(process.platform, process.execPath));
    return { openAtLogin: s.openAtLogin, status: s.status, executableWillLaunchAtLogin: s.executableWillLaunchAtLogin };
  } catch {
    return null;
  }
}

/** Start at login as the OS sees it, for the saved choice (policy/login-item.ts decides). */
export function startAtLoginTruth(chosen: boolean): LoginItemTruth {
  return loginItemTruth(process.platform, chosen, readLoginItem());
}

import path from 'node:path';

/**
 * Optional start at login. macOS and Windows use app.setLoginItemSettings; Linux has no such API
 * in Electron, so an XDG autostart entry is written instead. Started at login, Engram opens in
 * the tray without showing its window: `--hidden` on Windows and Linux, `wasOpenedAtLogin` on macOS.
 */
export const HIDDEN_ARG = '--hidden';

export interface LoginItemSettingsArgs {
  openAtLogin: boolean;
  args?: string[];
  path?: string;
  type?: 'mainAppService';
}

/**
 * macOS 13+ registers the app itself as an SMAppService (`mainAppService`): `args` reach only
 * Windows and `openAsHidden` is ignored there, so macOS learns it was started at login from
 * `wasOpenedAtLogin` instead (see startedHidden).
 */
export function loginItemSettings(enabled: boolean, platform: NodeJS.Platform, execPath: string): LoginItemSettingsArgs {
  if (platform === 'darwin') return { openAtLogin: enabled, type: 'mainAppService' };
  // Windows needs the path and args to match exactly when the entry is later removed or queried.
  return { openAtLogin: enabled, path: execPath, args: [HIDDEN_ARG] };
}

export function linuxAutostartPath(configHome: string): string {
  return path.join(configHome, 'autostart', 'engram.desktop');
}

/** Quotes an Exec= argument per the Desktop Entry spec. */
function desktopQuote(arg: string): string {
  if (!/[\s"'\\$`]/.test(arg)) return arg;
  return `"${arg.replace(/(["`$\\])/g, '\\$1')}"`;
}

/**
 * The autostart entry. `execPath` is the AppImage file (process.env.APPIMAGE) when run from one,
 * since the AppImage's mount point changes on every launch.
 */
export function linuxAutostartEntry(execPath: string, extraArgs: readonly string[] = []): string {
  const exec = [execPath, ...extraArgs, HIDDEN_ARG].map(desktopQuote).join(' ');
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Engram',
    'Comment=Local-first memory of what you see and say',
    `Exec=${exec}`,
    'Icon=engram',
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
}

export function linuxConfigHome(env: NodeJS.ProcessEnv, homeDir: string): string {
  const xdg = env.XDG_CONFIG_HOME;
  return xdg && path.isAbsolute(xdg) ? xdg : path.join(homeDir, '.config');
}

/** The executable to launch at login: the AppImage if any, else the running binary. */
export function launchTarget(env: NodeJS.ProcessEnv, execPath: string): string {
  return env.APPIMAGE && path.isAbsolute(env.APPIMAGE) ? env.APPIMAGE : execPath;
}

export function startedHidden(argv: readonly string[], wasOpenedAtLogin: boolean): boolean {
  return wasOpenedAtLogin || argv.includes(HIDDEN_ARG);
}

import path from 'node:path';
import { CAPTURE_MALLOC_ENV, CAPTURE_V8_FLAGS } from '../../../shared/process-memory/index.js';

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

/** The options getLoginItemSettings must be asked with to describe the item loginItemSettings made. */
export function loginItemQuery(platform: NodeJS.Platform, execPath: string): { type?: 'mainAppService'; path?: string; args?: string[] } {
  if (platform === 'darwin') return { type: 'mainAppService' };
  return { path: execPath, args: [HIDDEN_ARG] };
}

/** The parts of Electron's LoginItemSettings (41) the truth is read from; each is platform-specific. */
export interface LoginItemReadBack {
  openAtLogin?: boolean;
  /** macOS 13+: SMAppService's status of the app's own service. */
  status?: 'not-registered' | 'enabled' | 'requires-approval' | 'not-found';
  /** Windows: false when the Run entry exists but Task Manager (Startup apps) turned it off. */
  executableWillLaunchAtLogin?: boolean;
}

/** Where the user sets it right: macOS' Login Items, Windows' Startup apps. */
export type LoginItemAction = 'open_login_items' | 'open_startup_apps';

export interface LoginItemTruth {
  /** Whether the OS will start Engram at the next login, as far as it says. */
  enabled: boolean;
  /** What stands between the user's choice and that, and where to fix it; null when they agree. */
  attention: { text: string; action: LoginItemAction | null } | null;
}

export const LOGIN_ITEM_TEXT = {
  approval: 'Start at login needs your approval in System Settings → General → Login Items: turn Engram on there.',
  notRegistered: 'macOS has no login item for Engram. Turn the switch off and on again, or add Engram in System Settings → General → Login Items.',
  notFound: 'macOS cannot find Engram’s login item. Move Engram to the Applications folder, then turn the switch off and on again.',
  taskManager: 'Windows will not start Engram at login: it is turned off in Task Manager → Startup apps (or Settings → Apps → Startup). Turn it on there.',
  windowsMissing: 'Windows has no login entry for Engram. Turn the switch off and on again.',
} as const;

/**
 * What Settings shows for start at login: the OS's own word read back, not only the choice saved
 * at consent. macOS 13+ registers a service the user may still have to approve (or has switched
 * off in Login Items); Windows keeps the Run entry when Task Manager disables it. Linux's autostart
 * file is Engram's own, so the choice is the truth there. A read that failed (null) trusts the choice.
 */
export function loginItemTruth(platform: NodeJS.Platform, chosen: boolean, read: LoginItemReadBack | null): LoginItemTruth {
  if (platform === 'darwin' && read?.status) {
    switch (read.status) {
      case 'enabled':
        return { enabled: true, attention: null };
      case 'requires-approval':
        // Registered, and waiting on the user (or switched off by them in Login Items).
        return { enabled: true, attention: { text: LOGIN_ITEM_TEXT.approval, action: 'open_login_items' } };
      case 'not-registered':
        return { enabled: false, attention: chosen ? { text: LOGIN_ITEM_TEXT.notRegistered, action: 'open_login_items' } : null };
      case 'not-found':
        return { enabled: false, attention: chosen ? { text: LOGIN_ITEM_TEXT.notFound, action: null } : null };
    }
  }
  if (platform === 'win32' && read && read.openAtLogin !== undefined) {
    if (!read.openAtLogin) return { enabled: false, attention: chosen ? { text: LOGIN_ITEM_TEXT.windowsMissing, action: null } : null };
    if (read.executableWillLaunchAtLogin === false) return { enabled: false, attention: { text: LOGIN_ITEM_TEXT.taskManager, action: 'open_startup_apps' } };
    return { enabled: true, attention: null };
  }
  if (platform === 'darwin' && read?.openAtLogin !== undefined) return { enabled: read.openAtLogin, attention: null };
  return { enabled: chosen, attention: null };
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
 * The start of the entry's Exec line: the capture engine runs in Electron's main process, whose
 * malloc and V8 read these settings only when it starts (issue 34: glibc's thread arenas held
 * ~100 MB in a capturing Node process). `env` sets the variables; --js-flags reaches the main
 * process's V8 as well as the renderers'.
 */
export function linuxLaunchPrefix(): string[] {
  return ['env', ...Object.entries(CAPTURE_MALLOC_ENV).map(([k, v]) => `${k}=${v}`)];
}

/** Electron's switch that hands V8 flags to the main process (and the renderers) at start. */
export function electronJsFlags(): string {
  return `--js-flags=${CAPTURE_V8_FLAGS.join(' ')}`;
}

/**
 * The autostart entry. `execPath` is the AppImage file (process.env.APPIMAGE) when run from one,
 * since the AppImage's mount point changes on every launch.
 */
export function linuxAutostartEntry(execPath: string, extraArgs: readonly string[] = []): string {
  const exec = [...linuxLaunchPrefix(), execPath, electronJsFlags(), ...extraArgs, HIDDEN_ARG].map(desktopQuote).join(' ');
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

import { BrowserWindow, type BrowserWindowConstructorOptions } from 'electron';
import type { WindowScreen } from '../../../shared/api/index.js';
import {
  APP_ORIGIN,
  insecureWebPreferences,
  mainWindowUrl,
  mainWindowOptions,
  recorderWindowOptions,
  BUILTIN_PAGES_PREFIX,
  builtinPageWindowOptions,
  SCREEN_STREAM_PAGE,
  screenStreamWindowOptions,
  type WindowOptions,
} from '../policy/index.js';
import type { AppPaths } from './paths.js';

/** Every window goes through here: the options are checked against the security flags first. */
function secureWindow(options: WindowOptions): BrowserWindow {
  const weak = insecureWebPreferences({ ...options.webPreferences });
  if (weak.length > 0) throw new Error(`refusing to open a window without ${weak.join(', ')}`);
  const electronOptions: BrowserWindowConstructorOptions = options;
  const win = new BrowserWindow(electronOptions);
  // Engram's own window must never end up in its own (or anyone's) screen recordings.
  win.setContentProtection(true);
  return win;
}

export interface MainWindowOptions {
  paths: AppPaths;
  isDev: boolean;
  /** Decided when the page is ready to show: whether a tray will show Engram runs may still be being asked. */
  startHidden: boolean | Promise<boolean>;
  /** Closing the window hides it to the tray unless the app is quitting. */
  isQuitting: () => boolean;
  /** Asked on each close outside a quit: 'quit' where no tray host would show Engram still runs (main quits). */
  onClose: () => 'hide' | 'quit';
  /**
   * Windows logoff/restart/shutdown (no before-quit/will-quit then): query-session-end is the first
   * word of it, and is held until the shutdown is done; session-end follows. Both mark the app as
   * ending at once, so a close from then on is not turned into a hide that would keep Engram running.
   */
  onQuerySessionEnd: (event: Electron.WindowSessionEndEvent, reason: string) => void;
  onSessionEnd: (reason: string) => void;
  /** Opens at this screen (a tray or notification action); the renderer's router reads the hash. */
  screen?: WindowScreen | null;
}

export function createMainWindow(opts: MainWindowOptions): BrowserWindow {
  const win = secureWindow(mainWindowOptions({ preloadPath: opts.paths.preload.engram, iconPath: opts.paths.appIcon, isDev: opts.isDev }));
  win.once('ready-to-show', () => {
    void Promise.resolve(opts.startHidden).then((hidden) => {
      if (!hidden && !win.isDestroyed()) win.show();
    });
  });
  win.on('close', (event) => {
    if (opts.isQuitting()) return;
    event.preventDefault();
    if (opts.onClose() === 'hide') win.hide();
  });
  const reason = (event: Electron.WindowSessionEndEvent) => `Windows ${event.reasons.join('+') || 'session end'}`;
  win.on('query-session-end', (event) => opts.onQuerySessionEnd(event, reason(event)));
  win.on('session-end', (event) => opts.onSessionEnd(reason(event)));
  void win.loadURL(mainWindowUrl(opts.screen ?? null));
  return win;
}

export function showWindow(win: BrowserWindow): void {
  if (win.isDestroyed()) return;
  if (win.isMinimized()) win.restore();
  win.show();
  win.focus();
}

export function createBuiltinPageWindow(paths: AppPaths, isDev: boolean, page: 'consent' | 'passphrase'): BrowserWindow {
  const title = page === 'consent' ? 'Welcome to Engram' : 'Unlock Engram';
  const win = secureWindow(
    builtinPageWindowOptions({ preloadPath: paths.preload.builtinPage, iconPath: paths.appIcon, isDev, title, height: page === 'consent' ? 760 : 420 }),
  );
  win.once('ready-to-show', () => win.show());
  void win.loadURL(`${APP_ORIGIN}${BUILTIN_PAGES_PREFIX}${page}.html`);
  return win;
}

export function createRecorderWindow(paths: AppPaths): BrowserWindow {
  const win = secureWindow(recorderWindowOptions({ preloadPath: paths.preload.recorder, isDev: false }));
  void win.loadURL(`${APP_ORIGIN}${BUILTIN_PAGES_PREFIX}recorder.html`);
  return win;
}

export function createScreenStreamWindow(paths: AppPaths): BrowserWindow {
  const win = secureWindow(screenStreamWindowOptions({ preloadPath: paths.preload.screenStream, isDev: false }));
  void win.loadURL(`${APP_ORIGIN}${SCREEN_STREAM_PAGE}`);
  return win;
}

import type { ActiveWindowSource } from './active-window.js';
import { CachedActiveWindowSource } from './cached-active-window.js';
import { CaptureError, type ScreenSource } from '../sources/index.js';
import { GetWindowsActiveWindowSource, GetWindowsWindowList } from './get-windows-source.js';
import { RandrMonitorLayout } from './randr-monitors.js';
import { ScreenshotDesktopSource } from './screenshot-desktop-source.js';
import { UnavailableWindowList, type WindowList } from './window-list.js';
import { X11ScreenSource } from './x11-screen-source.js';
import { X11WindowList } from './x11-window-list.js';

/**
 * The screen source for hosts without Electron: the X11 connection (cheap, DAMAGE-aware) on Linux,
 * or screenshot-desktop's `import` grab when asked for (`prefer: 'screenshot-desktop'`).
 */
export function defaultScreenSource(opts: { prefer?: 'x11' | 'screenshot-desktop'; env?: NodeJS.ProcessEnv } = {}): ScreenSource {
  const env = opts.env ?? process.env;
  if (process.platform !== 'linux') {
    throw new CaptureError('UNSUPPORTED_PLATFORM', `screen capture outside the desktop app is supported on Linux only (this is ${process.platform}); use the Engram app`);
  }
  if (!env.DISPLAY) throw new CaptureError('NO_DISPLAY', 'no X display to capture (DISPLAY is not set)');
  if (opts.prefer === 'screenshot-desktop') return new ScreenshotDesktopSource({ env });
  // Monitors (RandR 1.5) rather than outputs: a wide screen split with `xrandr --setmonitor` is
  // two displays, each masked and kept on its own.
  return new X11ScreenSource({ display: env.DISPLAY, layout: new RandrMonitorLayout(new ScreenshotDesktopSource({ env, displayCacheMs: 60_000 }), { env }) });
}

/** get-windows for the active window; behind a cache keyed on the X connection when there is one. */
export function defaultActiveWindowSource(screen: ScreenSource): ActiveWindowSource {
  const inner = new GetWindowsActiveWindowSource();
  return screen instanceof X11ScreenSource ? new CachedActiveWindowSource(inner, () => screen.activeWindowKey()) : inner;
}

/** Why nothing is kept on Wayland by default; capture-health tells it apart from other window-list failures by it. */
export const WAYLAND_WINDOW_LIST_PROBLEM = 'Wayland does not let apps list the windows on screen, so excluded windows cannot be found and hidden';

/**
 * Every visible window, for the privacy gate, on this platform:
 * - Linux/X11: the X server's own list, on the capture connection when capture holds one;
 * - Linux/Wayland: none can be had (the compositor does not tell clients about other windows), so
 *   capture fails closed unless the user chose "active window only";
 * - macOS and Windows: get-windows' openWindows(); macOS's Accessibility permission is asked for
 *   only when URL rules need it.
 */
export function defaultWindowList(
  screen: ScreenSource,
  opts: { env?: NodeJS.ProcessEnv; platform?: NodeJS.Platform; needsUrls?: () => boolean } = {},
): WindowList {
  const env = opts.env ?? process.env;
  const platform = opts.platform ?? process.platform;
  if (platform === 'linux') {
    if (screen instanceof X11ScreenSource) return screen.windowList();
    if (env.XDG_SESSION_TYPE === 'wayland' || (!env.DISPLAY && env.WAYLAND_DISPLAY)) {
      return new UnavailableWindowList(WAYLAND_WINDOW_LIST_PROBLEM);
    }
    if (!env.DISPLAY) return new UnavailableWindowList('no X display (DISPLAY is not set), so the windows on screen cannot be listed');
    return new X11WindowList({ display: env.DISPLAY });
  }
  return new GetWindowsWindowList({ needsUrls: opts.needsUrls });
}

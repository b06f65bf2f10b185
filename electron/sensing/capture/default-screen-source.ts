import type { ActiveWindowSource } from './active-window.js';
import { CachedActiveWindowSource } from './cached-active-window.js';
import { CaptureError } from './errors.js';
import { GetWindowsActiveWindowSource } from './get-windows-source.js';
import type { ScreenSource } from './screen-source.js';
import { ScreenshotDesktopSource } from './screenshot-desktop-source.js';
import { X11ScreenSource } from './x11-screen-source.js';

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
  return new X11ScreenSource({ display: env.DISPLAY, layout: new ScreenshotDesktopSource({ env, displayCacheMs: 60_000 }) });
}

/** get-windows for the active window; behind a cache keyed on the X connection when there is one. */
export function defaultActiveWindowSource(screen: ScreenSource): ActiveWindowSource {
  const inner = new GetWindowsActiveWindowSource();
  return screen instanceof X11ScreenSource ? new CachedActiveWindowSource(inner, () => screen.activeWindowKey()) : inner;
}

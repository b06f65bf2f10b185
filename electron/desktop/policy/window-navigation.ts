import type { HealthAction, WindowScreen } from '../../../shared/api/index.js';
import { APP_ORIGIN } from './constants.js';

/**
 * What a capture-health action asks of the app when it comes from outside the window (the tray
 * menu, a click on the notification): the same actions the window's banner button does, so
 * "Open Privacy" lands on Privacy, not on whatever screen the window last showed.
 */
export type HealthActionPlan =
  | { kind: 'window'; screen: WindowScreen | null }
  | { kind: 'system_settings'; pane: 'screen_recording' }
  | { kind: 'resume' };

export function healthActionPlan(action: HealthAction | null): HealthActionPlan {
  switch (action) {
    case 'open_privacy':
      return { kind: 'window', screen: 'privacy' };
    case 'open_settings':
      return { kind: 'window', screen: 'settings' };
    case 'open_screen_settings':
      return { kind: 'system_settings', pane: 'screen_recording' };
    case 'resume':
      return { kind: 'resume' };
    case null:
      return { kind: 'window', screen: null };
  }
}

/** The main window's address, at a screen (the renderer's router reads the hash on load). */
export function mainWindowUrl(screen: WindowScreen | null): string {
  return `${APP_ORIGIN}/index.html${screen ? `#/${screen}` : ''}`;
}

/**
 * How to bring the window to a screen: a new window loads the screen's address; one still loading
 * its page (no router listening yet) loads it again at that address; a loaded one is told through
 * the event channel (window.navigate), which its router follows without a reload.
 */
export type NavigationStep = 'create' | 'load' | 'event' | 'show';

export function navigationStep(window: 'none' | 'loading' | 'ready', screen: WindowScreen | null): NavigationStep {
  if (window === 'none') return 'create';
  if (!screen) return 'show';
  return window === 'loading' ? 'load' : 'event';
}

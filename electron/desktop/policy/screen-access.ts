/**
 * macOS Screen Recording, decided without Electron. `systemPreferences.getMediaAccessStatus('screen')`
 * answers 'denied' before the app has ever asked (never 'not-determined'), and only a capture
 * attempt (desktopCapturer.getSources) makes macOS show its prompt and list Engram under System
 * Settings → Privacy & Security → Screen Recording. So: one attempt per process while not granted,
 * then a clear instruction; never an attempt per tick (each would prompt again). A grant takes
 * effect for a new process only, hence "quit and reopen".
 */
export type ScreenAccessStatus = 'not-determined' | 'granted' | 'denied' | 'restricted' | 'unknown';

export type ScreenAccessStep =
  | { action: 'capture' }
  /** Capture once so that macOS asks; keep the frames only if access is granted afterwards. */
  | { action: 'ask' }
  | { action: 'refuse'; message: string };

export const SCREEN_RECORDING_DENIED =
  'Screen Recording is not allowed for Engram: turn Engram on in System Settings → Privacy & Security → Screen Recording, then quit and reopen Engram.';
export const SCREEN_RECORDING_RESTRICTED = 'Screen Recording is blocked on this Mac by a management profile; ask its administrator to allow Engram.';

export function screenAccessStep(platform: NodeJS.Platform, status: ScreenAccessStatus, alreadyAsked: boolean): ScreenAccessStep {
  if (platform !== 'darwin' || status === 'granted') return { action: 'capture' };
  if (status === 'restricted') return { action: 'refuse', message: SCREEN_RECORDING_RESTRICTED };
  return alreadyAsked ? { action: 'refuse', message: SCREEN_RECORDING_DENIED } : { action: 'ask' };
}

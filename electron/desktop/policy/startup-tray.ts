import type { TrayModel } from './tray-model.js';

/**
 * The tray before the engine runs. Start-up can wait on the user for a long time (the consent page,
 * the passphrase), and a tray that appears only afterwards looks like an app that did not start; a
 * second launch then had nothing to show. So the tray is made first, with what is happening and the
 * two things that make sense yet: show the page that waits, or quit.
 */
export type StartupPhase = 'starting' | 'consent' | 'unlock';

const LINES: Record<StartupPhase, string> = {
  starting: 'Engram — starting',
  consent: 'Engram — waiting for your consent (nothing is recorded yet)',
  unlock: 'Engram — waiting for your passphrase (nothing is recorded yet)',
};

/** `canOpen`: whether Open has something to show (while starting, only once the main window exists). */
export function startupTrayModel(phase: StartupPhase, canOpen = phase !== 'starting'): TrayModel {
  const line = LINES[phase];
  return {
    icon: 'paused',
    tooltip: line,
    menu: [
      { kind: 'status', label: line },
      { kind: 'separator' },
      { kind: 'action', id: 'open', label: 'Open Engram', enabled: canOpen, action: { type: 'open' } },
      { kind: 'action', id: 'quit', label: 'Quit Engram', enabled: true, action: { type: 'quit' } },
    ],
  };
}

/**
 * What "open" means (the tray, a second launch, the dock): the page start-up waits on (consent, or
 * the passphrase, which the main window already open behind it cannot do without), else the main
 * window once it exists (it opens as soon as consent is on record, before the engine), else nothing yet.
 */
export function windowToShow(state: { mainWindow: boolean; waitingPage: 'consent' | 'passphrase' | null }): 'main' | 'consent' | 'passphrase' | 'none' {
  if (state.waitingPage) return state.waitingPage;
  return state.mainWindow ? 'main' : 'none';
}

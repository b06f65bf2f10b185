import { useEffect, useState } from 'react';
import { create } from 'zustand';
import { engramTitle, type ConsentStatus } from '../../../shared/api/index.js';
import { useApi } from '../lib/api-context.js';
import { captureStatusLine } from '../lib/capture-status-line.js';
import { errorText, useAppStore } from '../state/app-store.js';
import { IconLogo } from '../ui/icons.js';

/**
 * stopped: set once Quit was answered (the host is going away, and the page says so instead of
 * reconnecting). consent: the host's consent status as the gate shows it (null until asked).
 */
const useSessionState = create<{ stopped: boolean; consent: ConsentStatus | null }>(() => ({ stopped: false, consent: null }));

/** The consent status as last answered (consent.status, .accept, .withdraw): the gate follows it. */
export function useConsentStatus(): ConsentStatus | null {
  return useSessionState((s) => s.consent);
}
export function setConsentStatus(consent: ConsentStatus): void {
  useSessionState.setState({ consent });
}

/** Quitting from the window; once asked, the page says Engram stopped (its host is gone). */
export function useQuit(): { stopped: boolean; quit: () => Promise<void> } {
  const api = useApi();
  const stopped = useSessionState((s) => s.stopped);
  return {
    stopped,
    quit: async () => {
      try {
        await api.call('app.quit', {});
        useSessionState.setState({ stopped: true });
      } catch (err) {
        useAppStore.getState().toast(errorText(err), 'error');
      }
    },
  };
}

export function SessionStopped() {
  useEffect(() => {
    document.title = engramTitle('Stopped');
  }, []);
  return (
    <div className="gate">
      <div className="gate-card" role="status">
        <span className="brand-mark gate-mark" aria-hidden="true">
          <IconLogo size={22} />
        </span>
        <h1>Engram has stopped</h1>
        <p className="muted">Capture stopped and everything taken is stored. You can close this tab; `npm start` starts Engram again.</p>
      </div>
    </div>
  );
}

/**
 * What the tray gives on the desktop, for browser mode (no tray there): the status line
 * ("Capturing — 412 frames today") and Quit. Pause and resume are on the capture card above.
 */
export function SessionControls() {
  const api = useApi();
  const capture = useAppStore((s) => s.capture);
  const health = useAppStore((s) => s.health);
  const [browserMode, setBrowserMode] = useState(false);
  const { quit } = useQuit();

  useEffect(() => {
    let live = true;
    api
      .call('consent.status', {})
      .then((s) => live && setBrowserMode(s.asked_here))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api]);

  if (!browserMode) return null;
  return (
    <section className="session-controls row" aria-label="Engram">
      <span className="capture-detail truncate grow" data-testid="capture-status-line" aria-live="polite">
        {captureStatusLine(health, capture)}
      </span>
      <button type="button" className="btn btn-sm" onClick={() => void quit()}>
        Quit
      </button>
    </section>
  );
}

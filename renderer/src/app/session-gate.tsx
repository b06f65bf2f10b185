import { useEffect, useState, type ReactNode } from 'react';
import { useApi } from '../lib/api-context.js';
import { errorText } from '../state/app-store.js';
import { ConsentPage } from './consent-page.js';
import { SessionStopped, setConsentStatus, useConsentStatus, useQuit } from './session-controls.js';

/**
 * In browser mode the window asks for the first-run consent itself, before anything else (and
 * before anything is captured), and again after it was withdrawn (Privacy → Withdraw consent).
 * The desktop app asked in its own page before this window opened.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const api = useApi();
  // Shared with the Privacy screen's consent card: a withdrawal brings the welcome page back.
  const status = useConsentStatus();
  const [error, setError] = useState<string | null>(null);
  const { stopped, quit } = useQuit();

  useEffect(() => {
    let live = true;
    api
      .call('consent.status', {})
      .then((s) => live && setConsentStatus(s))
      .catch((err: unknown) => live && setError(errorText(err)));
    return () => {
      live = false;
    };
  }, [api]);

  if (stopped) return <SessionStopped />;
  if (error) return <div className="gate" role="alert">{error}</div>;
  if (!status) return <div className="page-loading" aria-busy="true" />;
  if (status.asked_here && status.captures && !status.granted) return <ConsentPage status={status} onAccepted={setConsentStatus} onQuit={() => void quit()} />;
  return <>{children}</>;
}

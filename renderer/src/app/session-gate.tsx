import { useEffect, useState, type ReactNode } from 'react';
import type { ConsentStatus } from '../../../shared/api/index.js';
import { useApi } from '../lib/api-context.js';
import { errorText } from '../state/app-store.js';
import { ConsentPage } from './consent-page.js';
import { SessionStopped, useQuit } from './session-controls.js';

/**
 * In browser mode the window asks for the first-run consent itself, before anything else (and
 * before anything is captured). The desktop app asked in its own page before this window opened.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const api = useApi();
  const [status, setStatus] = useState<ConsentStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { stopped, quit } = useQuit();

  useEffect(() => {
    let live = true;
    api
      .call('consent.status', {})
      .then((s) => live && setStatus(s))
      .catch((err: unknown) => live && setError(errorText(err)));
    return () => {
      live = false;
    };
  }, [api]);

  if (stopped) return <SessionStopped />;
  if (error) return <div className="gate" role="alert">{error}</div>;
  if (!status) return <div className="page-loading" aria-busy="true" />;
  if (status.asked_here && status.captures && !status.granted) return <ConsentPage status={status} onAccepted={setStatus} onQuit={() => void quit()} />;
  return <>{children}</>;
}

import { IconLock, IconLogo } from '../ui/icons.js';

/** Shown when the page was opened without (or with an expired) token: say exactly what to do. */
export function NoConnection({ reason }: { reason: 'no-token' | 'unauthorized' }) {
  return (
    <div className="gate">
      <div className="gate-card">
        <span className="brand-mark gate-mark" aria-hidden="true">
          <IconLogo size={22} />
        </span>
        <h1>{reason === 'unauthorized' ? 'This link has expired' : 'Open Engram from its link'}</h1>
        <p className="muted">
          Engram only talks to the page it opened itself. Run <code className="mono">engram serve</code> (or{' '}
          <code className="mono">npm run serve</code>) and open the address it prints, the one ending in{' '}
          <code className="mono">?code=…</code>. Press Enter in its terminal for a new one.
        </p>
        <p className="faint row gate-note">
          <IconLock size={14} /> Each link works once, and each run of the host starts a new session, so old links stop working.
        </p>
      </div>
    </div>
  );
}

import { useEffect, useState } from 'react';
import { engramTitle, type ConsentStatus } from '../../../shared/api/index.js';
import { useApi } from '../lib/api-context.js';
import { errorText } from '../state/app-store.js';
import { IconLogo } from '../ui/icons.js';

/**
 * Browser mode's first-run page: what Engram captures, where it is kept, how to pause and delete,
 * before anything is captured. Accepting writes the same record the desktop app's welcome page does.
 */
export function ConsentPage({ status, onAccepted, onQuit }: { status: ConsentStatus; onAccepted: (s: ConsentStatus) => void; onQuit: () => void }) {
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Titled like every Engram page, so capture knows this tab as Engram's own.
  useEffect(() => {
    document.title = engramTitle('Welcome');
  }, []);

  async function accept() {
    setBusy(true);
    setError(null);
    try {
      onAccepted(await api.call('consent.accept', {}));
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  }

  return (
    <div className="gate">
      <main className="gate-card consent-card" aria-labelledby="consent-title">
        <span className="brand-mark gate-mark" aria-hidden="true">
          <IconLogo size={22} />
        </span>
        <h1 id="consent-title">Welcome to Engram</h1>
        {status.reason === 'changed' && <p className="muted">What Engram captures has changed since you last agreed, so here it is again.</p>}
        <p>Engram remembers what you see on this computer, so you can ask about it later. Before it starts, here is exactly what that means.</p>
        <h2>What it captures</h2>
        <ul>
          <li><strong>Screenshots</strong> of your screen every few seconds, only when something changed.</li>
          <li>The <strong>text on them</strong> (read on this computer), the <strong>app and window title</strong>, and the page address in browsers.</li>
          <li>Card numbers, API keys and passwords it recognises are blanked out of the text; the ones it keeps go to a masked vault.</li>
          <li>Not your microphone: in the browser, Engram does not listen.</li>
        </ul>
        <h2>Where it is kept</h2>
        <p>
          Only on this computer, encrypted, in <code className="mono">{status.data_dir}</code>. The key is in the file{' '}
          <code className="mono">engram.key</code> there, readable only by you. This tab is never captured.
        </p>
        <h2>Pausing and deleting</h2>
        <ul>
          <li>The panel at the bottom left pauses capture for 15 minutes, an hour, or until you resume; Quit stops Engram, and so does Ctrl-C in its terminal.</li>
          <li>“Forget” deletes the last minutes, any time range, or everything — with every memory made from it.</li>
        </ul>
        {status.permission_hint && <p className="muted">{status.permission_hint}</p>}
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        <div className="row consent-actions">
          <button type="button" className="btn" disabled={busy} onClick={onQuit}>
            Quit
          </button>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void accept()} autoFocus>
            Start Engram
          </button>
        </div>
      </main>
    </div>
  );
}

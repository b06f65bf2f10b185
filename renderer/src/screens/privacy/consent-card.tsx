import { Card } from '../../ui/card.js';
import { useEffect, useState } from 'react';
import type { ConsentStatus } from '../../../../shared/api/index.js';
import { setConsentStatus } from '../../app/session-controls.js';
import { useApi } from '../../lib/api-context.js';
import { errorText, useAppStore } from '../../state/app-store.js';
import { Dialog } from '../../ui/dialog.js';
import { IconShield } from '../../ui/icons.js';

/**
 * Browser mode: the consent given on the welcome page can be withdrawn here. Capture stops at once
 * (frames already taken get their text), the record is removed, and the welcome page asks again;
 * memories stay until deleted. The desktop app has no such card (its consent is its own page's).
 */
export function ConsentCard() {
  const api = useApi();
  const toast = useAppStore((s) => s.toast);
  const [status, setStatus] = useState<ConsentStatus | null>(null);
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    api
      .call('consent.status', {})
      .then((s) => live && setStatus(s))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api]);

  if (!status?.asked_here || !status.captures || !status.granted) return null;

  async function withdraw() {
    setBusy(true);
    try {
      const next = await api.call('consent.withdraw', {});
      setConfirm(false);
      // The window goes back to the welcome page (the capture card follows the host's capture.status event).
      setConsentStatus(next);
    } catch (e) {
      toast(errorText(e), 'error');
      setBusy(false);
    }
  }

  return (
    <Card
      id="consent-h"
      testId="consent-card"
      icon={<IconShield size={17} />}
      title="Your consent to capture"
      desc="You accepted the welcome page. Withdraw it to stop capture until you accept it again."
      aside={
        <button type="button" className="btn btn-sm" onClick={() => setConfirm(true)}>
          Withdraw consent
        </button>
      }
      body={false}
    >
      {confirm && (
        <Dialog
          title="Withdraw consent?"
          icon={<IconShield size={18} />}
          onClose={() => setConfirm(false)}
          footer={
            <>
              <button type="button" className="btn" onClick={() => setConfirm(false)}>
                Cancel
              </button>
              <button type="button" className="btn btn-danger" disabled={busy} onClick={() => void withdraw()}>
                {busy ? 'Stopping…' : 'Withdraw and stop capture'}
              </button>
            </>
          }
        >
          <p>Capture stops now and nothing more is recorded. Engram asks again, with the welcome page, before it records anything. What was recorded so far stays until you delete it.</p>
        </Dialog>
      )}
    </Card>
  );
}

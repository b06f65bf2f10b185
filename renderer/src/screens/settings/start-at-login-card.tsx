import { useEffect, useState } from 'react';
import type { StartAtLogin } from '../../../../shared/api/index.js';
import { useApi } from '../../lib/api-context.js';
import { IconPower } from '../../ui/icons.js';
import { Switch } from '../../ui/switch.js';
import { Card } from '../../ui/card.js';

/** "Start Engram when I log in": on in the desktop app, shown disabled with the reason elsewhere. */
export function StartAtLoginCard() {
  const api = useApi();
  const [state, setState] = useState<StartAtLogin | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    api.call('app.startAtLogin', {}).then(
      (s) => live && setState(s),
      (err: unknown) => live && setError(err instanceof Error ? err.message : String(err)),
    );
    return () => {
      live = false;
    };
  }, [api]);
  const change = async (enabled: boolean) => {
    setBusy(true);
    setError(null);
    try {
      setState(await api.call('app.setStartAtLogin', { enabled }));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  const openOsSettings = async () => {
    try {
      const { opened } = await api.call('app.openLoginItems', {});
      if (!opened) setError('Open your system settings’ list of login items yourself.');
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };
  const attention = state?.attention ?? null;
  return (
    <Card
      id="login-h"
      icon={<IconPower size={17} />}
      title="Start at login"
      desc="Engram starts in the tray when you log in; its window stays closed."
      aside={state && <Switch label="Start Engram when I log in" checked={state.enabled} disabled={!state.available || busy} onChange={(v) => void change(v)} />}
    >
      {state && !state.available && state.reason && <p className="faint">{state.reason}</p>}
      {attention && (
        <div className="row" data-testid="login-item-attention">
          <p className="field-error grow">{attention.text}</p>
          {attention.action && (
            <button type="button" className="btn btn-sm" onClick={() => void openOsSettings()}>
              {attention.action === 'open_login_items' ? 'Open Login Items' : 'Open Startup apps'}
            </button>
          )}
        </div>
      )}
      {error && <p className="field-error" role="alert">{error}</p>}
    </Card>
  );
}

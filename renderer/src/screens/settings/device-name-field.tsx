import { useEffect, useState } from 'react';
import { DEVICE_NAME_MAX } from '../../../../shared/api/index.js';
import { useApi } from '../../lib/api-context.js';
import { errorText } from '../../state/app-store.js';

/**
 * This device's name on the user's other devices (offers and their device lists say "“Laptop”
 * (3f9a1b2c)"): the host name until the user names it. Set through the handler `engram sync name`
 * uses, so the window refuses what the CLI refuses (a key, a vault value, an order), in the same line.
 */
export function DeviceNameField() {
  const api = useApi();
  const [current, setCurrent] = useState<{ device_name: string | null; named: boolean } | null>(null);
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void api.call('sync.deviceName', {}).then(
      (r) => {
        if (!live) return;
        setCurrent(r);
        setDraft(r.named ? (r.device_name ?? '') : '');
      },
      (e: unknown) => live && setError(errorText(e)),
    );
    return () => {
      live = false;
    };
  }, [api]);

  async function save(name: string | null) {
    setBusy(true);
    setError(null);
    try {
      const r = await api.call('sync.setDeviceName', { name });
      setCurrent(r);
      setDraft(r.named ? (r.device_name ?? '') : '');
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  const shown = current?.device_name ?? null;
  return (
    <div className="stack" data-testid="device-name">
      <label className="field">
        <span>This device's name on your other devices</span>
        <input
          className="input"
          value={draft}
          maxLength={DEVICE_NAME_MAX * 4}
          placeholder={shown ?? 'Laptop'}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && !busy && draft.trim() && void save(draft)}
          spellCheck={false}
          autoComplete="off"
        />
      </label>
      <div className="muted" data-testid="device-name-current">
        {current === null ? '…' : shown === null ? 'No name yet: your other devices show its sync id alone.' : `Shown as “${shown}”${current.named ? '' : ' (its host name)'}.`}
      </div>
      <div className="row">
        <button type="button" className="btn" disabled={busy || !draft.trim()} onClick={() => void save(draft)}>
          Save name
        </button>
        {current?.named && (
          <button type="button" className="btn" disabled={busy} onClick={() => void save(null)}>
            Use the host name
          </button>
        )}
      </div>
      {error && (
        <div className="tone-danger" role="alert" data-testid="device-name-error">
          {error}
        </div>
      )}
    </div>
  );
}

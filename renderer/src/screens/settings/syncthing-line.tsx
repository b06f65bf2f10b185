import { useEffect, useState } from 'react';
import type { SyncthingStatusDto } from '../../../../shared/api/index.js';
import { useApi } from '../../lib/api-context.js';
import { errorText } from '../../state/app-store.js';

/** Engram's own Syncthing for the sync folder, in one line: running or not, this device's id, Start or Stop. */
export function SyncthingLine({ folder }: { folder: string }) {
  const api = useApi();
  const [st, setSt] = useState<SyncthingStatusDto | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void api.call('syncthing.status', {}).then((s) => live && setSt(s), (e: unknown) => live && setError(errorText(e)));
    return () => {
      live = false;
    };
  }, [api]);

  async function act(start: boolean) {
    setBusy(true);
    setError(null);
    try {
      setSt(start ? await api.call('syncthing.start', { folder }) : await api.call('syncthing.stop', {}));
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  if (!st) return null;
  return (
    <div className="row" data-testid="syncthing-line">
      <span className="grow">
        Syncthing: {st.running ? 'running' : 'not running'}
        {st.device_id && <> · this device <code>{st.device_id}</code></>}
        {!st.running && st.problem && <> · {st.problem}</>}
      </span>
      <button type="button" className="btn btn-sm" disabled={busy} onClick={() => void act(!st.running)}>
        {st.running ? 'Stop Syncthing' : 'Start Syncthing'}
      </button>
      {error && (
        <span className="tone-danger" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

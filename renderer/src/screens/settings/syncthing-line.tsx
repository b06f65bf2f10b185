import { useEffect, useRef, useState } from 'react';
import type { SyncthingStatusDto } from '../../../../shared/api/index.js';
import { useApi } from '../../lib/api-context.js';
import { errorText } from '../../state/app-store.js';
import { SyncthingDevices } from './syncthing-devices.js';

/** How often the card asks Syncthing again, so "connected" and "last seen" follow the other devices. */
const REFRESH_MS = 3_000;

/** Engram's own Syncthing for the sync folder: running or not, this device's id to copy, Start or Stop, and its devices. */
export function SyncthingLine({ folder }: { folder: string }) {
  const api = useApi();
  const [st, setSt] = useState<SyncthingStatusDto | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);
  // Bumped by every change the user asks for: a periodic status sent before it must not overwrite its answer.
  const version = useRef(0);

  /** The answer of a change (start, stop, add a device) is the status shown. */
  async function apply(change: Promise<SyncthingStatusDto>): Promise<void> {
    version.current += 1;
    try {
      setSt(await change);
    } finally {
      version.current += 1;
    }
  }

  useEffect(() => {
    let live = true;
    const ask = () => {
      const asked = version.current;
      void api.call('syncthing.status', {}).then(
        (s) => live && asked === version.current && setSt(s),
        (e: unknown) => live && setError(errorText(e)),
      );
    };
    ask();
    const timer = setInterval(ask, REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [api]);

  async function act(start: boolean) {
    setBusy(true);
    setError(null);
    try {
      await apply(start ? api.call('syncthing.start', { folder }) : api.call('syncthing.stop', {}));
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  async function copy(id: string) {
    try {
      await navigator.clipboard.writeText(id);
      setCopied(true);
    } catch {
      setError('Could not copy: select the id and copy it by hand.');
    }
  }

  if (!st) return null;
  return (
    <div className="stack" data-testid="syncthing">
      <div className="row" data-testid="syncthing-line">
        <span className="grow">
          Syncthing: {st.running ? 'running' : 'not running'}
          {st.device_id && (
            <>
              {' '}
              · this device <code data-testid="syncthing-id">{st.device_id}</code>
            </>
          )}
          {!st.running && st.problem && <> · {st.problem}</>}
        </span>
        {st.device_id && (
          <button type="button" className="btn btn-sm" onClick={() => void copy(st.device_id!)}>
            {copied ? 'Copied' : 'Copy id'}
          </button>
        )}
        <button type="button" className="btn btn-sm" disabled={busy} onClick={() => void act(!st.running)}>
          {st.running ? 'Stop Syncthing' : 'Start Syncthing'}
        </button>
      </div>
      {error && (
        <div className="tone-danger" role="alert" data-testid="syncthing-error">
          {error}
        </div>
      )}
      {st.running && <SyncthingDevices status={st} apply={apply} />}
    </div>
  );
}

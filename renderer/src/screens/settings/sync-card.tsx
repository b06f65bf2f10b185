import { useEffect, useState } from 'react';
import { deviceShown, type SyncStatus } from '../../../../shared/api/index.js';
import { useApi } from '../../lib/api-context.js';
import { errorText } from '../../state/app-store.js';
import { IconRefresh } from '../../ui/icons.js';
import { Card } from '../../ui/card.js';
import { DeviceNameField } from './device-name-field.js';
import { ExclusionOffers } from './exclusion-offers.js';
import { SyncQr } from './sync-qr.js';
import { SyncthingLine } from './syncthing-line.js';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'not yet');

/** Settings → Sync (issue 33): one memory on every machine, through a folder Syncthing (or any sync) replicates. */
/** Why a file in the sync folder was refused, in words (the codes of agents/sync's ledger). */
const REFUSAL_REASONS: Record<string, string> = {
  TAMPERED: 'Tampered (changed after it was sealed)',
  TRUNCATED: 'Truncated (cut short)',
  REPLAYED: 'Replayed (a copy of a file already imported)',
  FOREIGN: 'Not for this folder (another sync key or folder)',
  INVALID: 'Not a sync file',
};

/** Each refused file with its reason, not just a total. */
function RefusedFiles({ files }: { files: SyncStatus['refused_files'] }) {
  if (files.length === 0) return null;
  return (
    <div>
      Files refused (nothing in them was imported; what was imported before is kept):
      <ul data-testid="sync-refused">
        {files.map((r) => (
          <li key={r.name}>
            {REFUSAL_REASONS[r.code] ?? r.code}: <code>{r.name}</code>. {r.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SyncCard() {
  const api = useApi();
  const [status, setStatus] = useState<SyncStatus | null>(null);
  const [folder, setFolder] = useState('');
  const [code, setCode] = useState('');
  const [shown, setShown] = useState<string | null>(null);
  const [joining, setJoining] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    void api.call('sync.status', {}).then((s) => live && setStatus(s), (e: unknown) => live && setError(errorText(e)));
    // The continuous sync pass (the app, serve) sends its status after each pass.
    const off = api.on('sync.status', (s) => setStatus(s));
    return () => {
      live = false;
      off();
    };
  }, [api]);

  async function run(work: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  const init = () =>
    run(async () => {
      const r = await api.call('sync.init', { folder });
      setStatus(r.status);
      setShown(r.code);
    });
  const join = () =>
    run(async () => {
      const r = await api.call('sync.join', { code, folder });
      setStatus(r.status);
      setCode('');
      setJoining(false);
    });
  const now = () => run(async () => setStatus((await api.call('sync.now', {})).status));
  const showCode = () => run(async () => setShown((await api.call('sync.code', {})).code));
  const turnOff = () =>
    run(async () => {
      await api.call('sync.off', {});
      setShown(null);
      setStatus(await api.call('sync.status', {}));
    });

  const on = status?.on === true;
  const refused = status ? Object.values(status.refused).reduce((a, b) => a + b, 0) : 0;
  return (
    <Card
      id="sync-h"
      testId="sync-card"
      icon={<IconRefresh size={17} />}
      tone={on ? 'tone-ok' : undefined}
      title="Sync"
      desc="One memory on every computer: changes are sealed with a key only your devices have and written to a folder that Syncthing (or any synced folder) replicates."
      aside={<span className="badge">{status === null ? '…' : on ? 'On' : 'Off'}</span>}
    >
      {status && !on && (
        <div className="stack">
          <label className="field">
            <span>Sync folder (full path)</span>
            <input className="input" value={folder} onChange={(e) => setFolder(e.target.value)} placeholder="/home/you/Sync/engram" />
          </label>
          {joining && (
            <label className="field">
              <span>Pairing code from your other device (24 words)</span>
              <textarea className="input" rows={3} value={code} onChange={(e) => setCode(e.target.value)} spellCheck={false} autoComplete="off" />
            </label>
          )}
          <div className="row">
            {joining ? (
              <>
                <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void join()}>
                  Join
                </button>
                <button type="button" className="btn" onClick={() => setJoining(false)}>
                  Cancel
                </button>
              </>
            ) : (
              <>
                <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void init()}>
                  Turn on sync
                </button>
                <button type="button" className="btn" onClick={() => setJoining(true)}>
                  Join with a code
                </button>
              </>
            )}
          </div>
        </div>
      )}
      {status && on && (
        <div className="stack" data-testid="sync-status">
          <div>
            Folder: <code>{status.folder}</code>
          </div>
          <div data-testid="sync-counts">
            Pending: {status.pending_changes} changes to write, {status.pending_segments} files to import · Refused: {refused} · Last pass: {when(status.last_pass_at)}
          </div>
          <SyncDevices devices={status.devices} />
          <ExclusionOffers />
          <RefusedFiles files={status.refused_files} />
          {status.last_error && (
            <div className="tone-danger" data-testid="sync-last-error">
              Last error: {status.last_error}
            </div>
          )}
          {status.folder && <SyncthingLine folder={status.folder} />}
          <div className="row">
            <button type="button" className="btn" disabled={busy} onClick={() => void now()}>
              Sync now
            </button>
            <button type="button" className="btn" disabled={busy} onClick={() => void (shown ? setShown(null) : showCode())}>
              {shown ? 'Hide pairing code' : 'Show pairing code'}
            </button>
            <button type="button" className="btn btn-danger" disabled={busy} onClick={() => void turnOff()}>
              Turn off
            </button>
          </div>
          {shown && (
            <div className="stack" data-testid="sync-code">
              <div className="muted">Pairing code for your next device. It is the sync key: keep it to yourself.</div>
              <code data-testid="sync-code-words">{shown}</code>
              <SyncQr text={shown} />
            </div>
          )}
        </div>
      )}
      {status && <DeviceNameField />}
      {error && (
        <div className="tone-danger" role="alert" data-testid="sync-error">
          {error}
        </div>
      )}
    </Card>
  );
}

/** The other devices that wrote to the folder, and when each was last seen. */
function SyncDevices({ devices }: { devices: SyncStatus['devices'] }) {
  if (devices.length === 0) return <div className="muted">No other device has written to the folder yet.</div>;
  return (
    <ul data-testid="sync-devices">
      {devices.map((d) => (
        <li key={d.device}>
          Device {deviceShown(d.device, d.name)}, last seen {when(d.last_seen_at)}
        </li>
      ))}
    </ul>
  );
}

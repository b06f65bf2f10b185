import { useState } from 'react';
import { SyncthingAddDeviceInputSchema, type SyncthingStatusDto } from '../../../../shared/api/index.js';
import { useApi } from '../../lib/api-context.js';
import { errorText } from '../../state/app-store.js';

const seen = (d: SyncthingStatusDto['devices'][number]) =>
  d.connected ? 'connected' : d.last_seen_at ? `last seen ${new Date(d.last_seen_at).toLocaleString()}` : 'never seen yet';

/**
 * The user's other devices as Engram's Syncthing knows them (connected, or when last seen, and how
 * much of the folder each has), and the form that adds one by its Syncthing id. The form checks
 * what is typed with the contract's own schema, so a mistyped id is one line before any request.
 */
export function SyncthingDevices({ status, apply }: { status: SyncthingStatusDto; apply: (change: Promise<SyncthingStatusDto>) => Promise<void> }) {
  const api = useApi();
  const [id, setId] = useState('');
  const [address, setAddress] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function add() {
    setError(null);
    const parsed = SyncthingAddDeviceInputSchema.safeParse({
      device_id: id,
      ...(address.trim() ? { address: address.trim() } : {}),
      ...(name.trim() ? { name: name.trim() } : {}),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setError(`${issue?.path[0] === 'address' ? 'Address' : issue?.path[0] === 'name' ? 'Name' : 'Device id'}: ${issue?.message ?? 'not valid'}`);
      return;
    }
    setBusy(true);
    try {
      await apply(api.call('syncthing.addDevice', parsed.data));
      setId('');
      setAddress('');
      setName('');
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="stack">
      {status.devices.length === 0 ? (
        <div className="muted">No other device yet: add each of your other devices by its Syncthing id, and this device's id there.</div>
      ) : (
        <ul data-testid="syncthing-devices">
          {status.devices.map((d) => (
            <li key={d.id}>
              {d.name || d.id.slice(0, 7)}: {seen(d)}
              {d.completion !== null && <> · has {Math.floor(d.completion)}% of the folder</>}
            </li>
          ))}
        </ul>
      )}
      <div className="row" data-testid="syncthing-add">
        <label className="field grow">
          <span>Device id</span>
          <input className="input" value={id} onChange={(e) => setId(e.target.value)} placeholder="XXXXXXX-XXXXXXX-…" spellCheck={false} autoComplete="off" />
        </label>
        <label className="field">
          <span>Address (optional)</span>
          <input className="input" value={address} onChange={(e) => setAddress(e.target.value)} placeholder="tcp://laptop.local:22000" spellCheck={false} autoComplete="off" />
        </label>
        <label className="field">
          <span>Name (optional)</span>
          <input className="input" value={name} onChange={(e) => setName(e.target.value)} placeholder="Laptop" autoComplete="off" />
        </label>
        <button type="button" className="btn" disabled={busy} onClick={() => void add()}>
          Add a device
        </button>
      </div>
      {error && (
        <div className="tone-danger" role="alert" data-testid="syncthing-add-error">
          {error}
        </div>
      )}
    </div>
  );
}

import { useEffect, useState } from 'react';
import type { SecretStatus } from '../../../../shared/api/index.js';
import { useApi } from '../../lib/api-context.js';
import { errorText, useAppStore } from '../../state/app-store.js';
import { IconKey } from '../../ui/icons.js';
import { SettingsCard } from './settings-card.js';

/** The Anthropic key: shown masked, replaced or removed; without one Engram answers offline. */
export function ApiKeyCard() {
  const api = useApi();
  const toast = useAppStore((s) => s.toast);
  const setInfo = useAppStore((s) => s.setInfo);
  const [status, setStatus] = useState<SecretStatus | null>(null);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    api
      .call('secrets.status', {})
      .then((r) => setStatus(r.anthropic))
      .catch((e) => toast(errorText(e), 'error'));
  }, [api, toast]);

  async function refreshInfo() {
    await api.call('app.info', {}).then(setInfo, () => undefined);
  }

  async function save(e: React.FormEvent) {
    e.preventDefault();
    try {
      const r = await api.call('secrets.setAnthropicKey', { key: draft });
      setStatus(r.anthropic);
      setDraft('');
      setEditing(false);
      setError(null);
      toast('Key saved. Answers will now be written by the model.');
      await refreshInfo();
    } catch (err) {
      setError(errorText(err));
    }
  }

  async function remove() {
    try {
      const r = await api.call('secrets.clearAnthropicKey', {});
      setStatus(r.anthropic);
      toast('Key removed. Engram works offline now.');
      await refreshInfo();
    } catch (err) {
      toast(errorText(err), 'error');
    }
  }

  return (
    <SettingsCard
      id="key-h"
      icon={<IconKey size={17} />}
      title="Anthropic API key"
      desc="Optional. Without a key Engram works fully offline, with answers assembled from your memories."
      aside={status && <span className={`badge ${status.set ? 'badge-ok' : 'badge-warn'}`}>{status.set ? 'Connected' : 'Offline mode'}</span>}
    >
      {status?.set && !editing ? (
        <div className="key-row">
          <span className="mono key-masked" data-testid="masked-key">
            {status.masked}
          </span>
          {status.source === 'env' ? (
            <span className="faint">Set by the ANTHROPIC_API_KEY environment variable</span>
          ) : (
            <>
              <span className="spacer" />
              <button type="button" className="btn btn-sm" onClick={() => setEditing(true)}>
                Replace
              </button>
              <button type="button" className="btn btn-sm btn-danger-ghost" onClick={() => void remove()}>
                Remove
              </button>
            </>
          )}
        </div>
      ) : (
        <form className="key-form" onSubmit={(e) => void save(e)}>
          <label className="sr-only" htmlFor="api-key">
            Anthropic API key
          </label>
          <input
            id="api-key"
            className="input mono"
            type="password"
            autoComplete="off"
            spellCheck={false}
            placeholder="sk-ant-…"
            value={draft}
            aria-invalid={!!error}
            aria-describedby="api-key-hint"
            onChange={(e) => (setDraft(e.target.value), setError(null))}
          />
          <button type="submit" className="btn btn-primary" disabled={!draft.trim()}>
            Save key
          </button>
          {editing && (
            <button type="button" className="btn" onClick={() => (setEditing(false), setDraft(''))}>
              Cancel
            </button>
          )}
        </form>
      )}
      <div id="api-key-hint" className={error ? 'field-error' : 'field-hint'} role={error ? 'alert' : undefined}>
        {error ?? 'Stored encrypted on this computer and shown only masked.'}
      </div>
    </SettingsCard>
  );
}

import { useState } from 'react';
import type { LlmServerChoice } from '../../../../shared/api/index.js';
import { useApi } from '../../lib/api-context.js';
import { errorText } from '../../state/app-store.js';
import { IconAlert, IconCheck } from '../../ui/icons.js';

const SHOWN_MODELS = 24;

/**
 * "Test connection": one real call to the server through the handler map (it lists its models),
 * with the address and key as typed, saved or not. Says what it found, or why not in one line.
 */
export function ConnectionTestRow({ provider, baseUrl, keyDraft, onModels }: { provider: LlmServerChoice; baseUrl: string; keyDraft: string; onModels(models: string[]): void }) {
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string; models: string[]; tools: 'yes' | 'no' | 'unchecked' } | null>(null);
  // A model that cannot call tools still lists its models, but the memory agents cannot use it: said as a warning.
  const good = result !== null && result.ok && result.tools !== 'no';

  async function test() {
    setBusy(true);
    setResult(null);
    try {
      const r = await api.call('settings.testConnection', { provider, base_url: baseUrl.trim(), check_tools: true, ...(keyDraft.trim() ? { key: keyDraft.trim() } : {}) });
      setResult(r);
      if (r.ok) onModels(r.models);
    } catch (err) {
      setResult({ ok: false, message: errorText(err), models: [], tools: 'unchecked' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="setting-row setting-row-stack">
      <div className="row">
        <div className="setting-text">
          <div className="setting-title">Connection</div>
          <div className="setting-desc">Asks the server which models it offers, with the address and key as typed, and whether the model calls tools.</div>
        </div>
        <button type="button" className="btn" disabled={busy} onClick={() => void test()}>
          {busy ? 'Testing…' : 'Test connection'}
        </button>
      </div>
      {result && (
        <div data-testid="connection-result" role={good ? 'status' : 'alert'} className={good ? 'field-hint' : 'field-error'}>
          {good ? <IconCheck size={13} /> : <IconAlert size={13} />} {result.message}
        </div>
      )}
      {result?.ok && result.models.length > 0 && (
        <ul className="model-list" aria-label="Models on the server">
          {result.models.slice(0, SHOWN_MODELS).map((m) => (
            <li key={m} className="chip mono">
              {m}
            </li>
          ))}
          {result.models.length > SHOWN_MODELS && <li className="chip">+{result.models.length - SHOWN_MODELS} more</li>}
        </ul>
      )}
    </div>
  );
}

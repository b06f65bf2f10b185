import { useState } from 'react';
import type { LlmServerChoice, SecretStatus } from '../../../../shared/api/index.js';
import { useApi } from '../../lib/api-context.js';
import { errorText, useAppStore } from '../../state/app-store.js';

const WORDING: Record<LlmServerChoice, { label: string; placeholder: string; env: string; hint: string }> = {
  anthropic: {
    label: 'Anthropic API key',
    placeholder: 'sk-ant-…',
    env: 'ANTHROPIC_API_KEY',
    hint: 'Stored encrypted on this computer and shown only masked.',
  },
  openai: {
    label: 'Server API key',
    placeholder: 'sk-…',
    env: 'OPENAI_API_KEY',
    hint: 'Needed by OpenAI and servers that ask for one; Ollama, LM Studio and llama.cpp need none. Stored encrypted, shown only masked.',
  },
};

/**
 * One provider's key: shown masked when set (replace or remove), else a password field. The key
 * goes to the engine's encrypted secret store and never comes back; `draft` is lifted so Test
 * connection can try a key before it is saved.
 */
export function ProviderKeyField({
  provider,
  status,
  onStatus,
  draft,
  setDraft,
}: {
  provider: LlmServerChoice;
  status: SecretStatus | null;
  onStatus(status: SecretStatus): void;
  draft: string;
  setDraft(v: string): void;
}) {
  const api = useApi();
  const toast = useAppStore((s) => s.toast);
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const w = WORDING[provider];
  const id = `api-key-${provider}`;

  async function save(e: React.FormEvent) {
    e.preventDefault();
    try {
      const next =
        provider === 'anthropic'
          ? (await api.call('secrets.setAnthropicKey', { key: draft })).anthropic
          : (await api.call('secrets.setOpenAiKey', { key: draft })).openai;
      onStatus(next);
      setDraft('');
      setEditing(false);
      setError(null);
      toast('Key saved.');
    } catch (err) {
      setError(errorText(err));
    }
  }

  async function remove() {
    try {
      onStatus(provider === 'anthropic' ? (await api.call('secrets.clearAnthropicKey', {})).anthropic : (await api.call('secrets.clearOpenAiKey', {})).openai);
      toast('Key removed.');
    } catch (err) {
      toast(errorText(err), 'error');
    }
  }

  return (
    <div className="setting-row setting-row-stack">
      <div className="setting-text">
        <label className="setting-title" htmlFor={id}>
          {w.label}
        </label>
      </div>
      {status?.set && !editing ? (
        <div className="key-row">
          <span className="mono key-masked" data-testid="masked-key">
            {status.masked}
          </span>
          {status.source === 'env' ? (
            <span className="faint">Set by the {w.env} environment variable</span>
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
          <input
            id={id}
            className="input mono"
            type="password"
            autoComplete="off"
            spellCheck={false}
            placeholder={w.placeholder}
            value={draft}
            aria-invalid={!!error}
            aria-describedby={`${id}-hint`}
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
      <div id={`${id}-hint`} className={error ? 'field-error' : 'field-hint'} role={error ? 'alert' : undefined}>
        {error ?? w.hint}
      </div>
    </div>
  );
}

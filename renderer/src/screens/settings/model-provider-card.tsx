import { useEffect, useState } from 'react';
import type { LlmProviderChoice, SecretStatus, SettingsPatch, SettingsView } from '../../../../shared/api/index.js';
import { useApi } from '../../lib/api-context.js';
import { errorText, useAppStore } from '../../state/app-store.js';
import { IconSparkles } from '../../ui/icons.js';
import { ConnectionTestRow } from './connection-test-row.js';
import { FallbackNote } from './fallback-note.js';
import { ProviderKeyField } from './provider-key-field.js';
import { ModelRow } from './text-row.js';
import { Card } from '../../ui/card.js';

const CHOICES: { value: LlmProviderChoice; label: string }[] = [
  { value: 'anthropic', label: 'Anthropic' },
  { value: 'openai', label: 'OpenAI-compatible' },
  { value: 'offline', label: 'Offline' },
];

const ANTHROPIC_MODELS = ['claude-sonnet-4-6', 'claude-haiku-4-5', 'claude-opus-4-7'];

const SERVER_WORDING = {
  anthropic: { desc: "Optional: a proxy in front of Anthropic's API. Empty: Anthropic's API.", placeholder: 'https://api.anthropic.com' },
  openai: {
    desc: 'Ollama http://127.0.0.1:11434/v1, LM Studio http://127.0.0.1:1234/v1, llama.cpp or vLLM http://127.0.0.1:8080/v1. Empty: OpenAI.',
    placeholder: 'http://127.0.0.1:11434/v1',
  },
} as const;

/**
 * Which model Engram thinks with: Anthropic, any OpenAI-compatible server (local ones included),
 * or none. The server's address, its key (kept in the engine's encrypted store, shown masked), the
 * model for answers and the one for memories, and a real test of the connection.
 */
export function ModelProviderCard({ settings, update }: { settings: SettingsView | null; update(patch: SettingsPatch): Promise<boolean> }) {
  const api = useApi();
  const toast = useAppStore((s) => s.toast);
  const info = useAppStore((s) => s.info);
  const setInfo = useAppStore((s) => s.setInfo);
  const [keys, setKeys] = useState<{ anthropic: SecretStatus; openai: SecretStatus } | null>(null);
  const [keyDraft, setKeyDraft] = useState('');
  const [urlDraft, setUrlDraft] = useState('');
  const [serverModels, setServerModels] = useState<string[]>([]);
  const provider = settings?.llm.provider ?? null;
  const savedUrl = settings?.llm.base_url ?? '';
  // While none is saved here, the address the environment sets ($ENGRAM_LLM_BASE_URL) is the one used.
  const envUrl = settings?.llm.env_base_url ?? null;
  const shownUrl = savedUrl || envUrl || '';
  // Empty default: a server on this machine or network, whose own models answer an empty field.
  const localServer = provider === 'openai' && settings?.default_models.chat_model === '';

  useEffect(() => setUrlDraft(shownUrl), [shownUrl]);
  useEffect(() => {
    api.call('secrets.status', {}).then(setKeys, (e: unknown) => toast(errorText(e), 'error'));
  }, [api, toast]);
  // A typed key or listed models belong to the server they were typed or listed for.
  useEffect(() => {
    setKeyDraft('');
    setServerModels([]);
  }, [provider]);

  // A local server is asked for its models at once (nothing leaves the machine): they name the placeholders.
  useEffect(() => {
    if (!localServer || !shownUrl) return;
    let live = true;
    api.call('settings.testConnection', { provider: 'openai', base_url: shownUrl }).then(
      (r) => live && r.ok && setServerModels(r.models),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, localServer, shownUrl]);

  /** The window's online/offline state follows every change of provider, key or server. */
  const refreshInfo = () => void api.call('app.info', {}).then(setInfo, () => undefined);

  async function choose(next: LlmProviderChoice) {
    if (next === provider) return;
    if (await update({ llm: { provider: next } })) refreshInfo();
  }

  async function commitUrl() {
    const v = urlDraft.trim().replace(/\/+$/, '');
    if (v === shownUrl || v === savedUrl) {
      // Emptied while the environment sets one: the environment's address is used, and shown again.
      setUrlDraft(shownUrl);
      return;
    }
    if (await update({ llm: { base_url: v } })) refreshInfo();
  }

  const server = provider === 'anthropic' || provider === 'openai' ? provider : null;
  const suggestions = [...new Set([...serverModels, ...(server === 'anthropic' ? ANTHROPIC_MODELS : [])])];
  // What an empty field means: the provider's default, or on a local server its own first model.
  const chatPlaceholder = settings?.default_models.chat_model || serverModels[0] || 'the first model the server lists';
  const memoryPlaceholder = settings?.default_models.extraction_model || (localServer ? `the chat model${settings?.models.chat_model || serverModels[0] ? ` (${settings?.models.chat_model || serverModels[0]})` : ''}` : '');

  return (
    <Card
      id="model-h"
      icon={<IconSparkles size={17} />}
      title="Model"
      desc="What writes your answers and turns what you see into memories. Offline, nothing leaves this computer."
      aside={info && <span className={`badge ${info.offline ? 'badge-warn' : 'badge-ok'}`}>{info.offline ? 'Offline mode' : 'Using a model'}</span>}
    >
      {settings && (
        <>
          <div className="setting-row">
            <div className="setting-text">
              <div className="setting-title">Provider</div>
              <div className="setting-desc">Local servers (Ollama, LM Studio, llama.cpp) are OpenAI-compatible.</div>
            </div>
            <div className="segmented" role="radiogroup" aria-label="Model provider">
              {CHOICES.map((c) => (
                <button key={c.value} type="button" role="radio" aria-checked={provider === c.value} onClick={() => void choose(c.value)}>
                  {c.label}
                </button>
              ))}
            </div>
          </div>
          {settings.model_fallbacks.today > 0 && <FallbackNote fallbacks={settings.model_fallbacks} />}
          {server === null ? (
            <div className="setting-row">
              <div className="setting-text">
                <div className="setting-desc" data-testid="offline-note">
                  No model is called, whatever keys are saved: memories are made by rules on this computer and answers are assembled from your memories.
                </div>
              </div>
            </div>
          ) : (
            <>
              <div className="setting-row">
                <div className="setting-text">
                  <label className="setting-title" htmlFor="llm-base-url">
                    Server address
                  </label>
                  <div className="setting-desc">{SERVER_WORDING[server].desc}</div>
                  {server === 'openai' && envUrl && !savedUrl && (
                    <div className="setting-desc" data-testid="base-url-env">
                      Set by the environment ($ENGRAM_LLM_BASE_URL). An address saved here takes its place.
                    </div>
                  )}
                </div>
                <input
                  id="llm-base-url"
                  className="input text-setting mono"
                  type="url"
                  spellCheck={false}
                  value={urlDraft}
                  placeholder={SERVER_WORDING[server].placeholder}
                  onChange={(e) => setUrlDraft(e.target.value)}
                  onBlur={() => void commitUrl()}
                  onKeyDown={(e) => e.key === 'Enter' && void commitUrl()}
                />
              </div>
              <ProviderKeyField
                key={server}
                provider={server}
                status={keys?.[server] ?? null}
                onStatus={(s) => {
                  setKeys((k) => (k ? { ...k, [server]: s } : k));
                  refreshInfo();
                }}
                draft={keyDraft}
                setDraft={setKeyDraft}
              />
              <datalist id="model-suggestions">
                {suggestions.map((m) => (
                  <option key={m} value={m} />
                ))}
              </datalist>
              <ModelRow
                label="Chat model"
                desc="Writes the answers you read."
                value={settings.models.chat_model}
                placeholder={chatPlaceholder}
                onCommit={(v) => void update({ models: { chat_model: v } })}
              />
              <ModelRow
                label="Memory model"
                desc={server === 'openai' ? 'Sorts observations into memories. Empty on a local server: the chat model.' : 'Sorts observations into memories.'}
                value={settings.models.extraction_model}
                placeholder={memoryPlaceholder}
                onCommit={(v) => void update({ models: { extraction_model: v } })}
              />
              <ConnectionTestRow key={`test-${server}`} provider={server} baseUrl={urlDraft} keyDraft={keyDraft} onModels={setServerModels} />
            </>
          )}
        </>
      )}
    </Card>
  );
}

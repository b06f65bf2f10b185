import { useEffect, useState } from 'react';
import type { SecretStatus } from '../../../../shared/api/index.js';
import { useApi } from '../../lib/api-context.js';
import { useSettings } from '../../lib/use-settings.js';
import { errorText, useAppStore, type ThemeChoice } from '../../state/app-store.js';
import { IconCpu, IconDownload, IconKey, IconMic, IconMonitor, IconMoon, IconSparkles, IconSun } from '../../ui/icons.js';
import { NumberField } from '../../ui/number-field.js';
import { Switch } from '../../ui/switch.js';

const MODEL_SUGGESTIONS = ['claude-sonnet-4-6', 'claude-haiku-4-5', 'claude-opus-4-7'];

export function SettingsScreen() {
  const api = useApi();
  const info = useAppStore((s) => s.info);
  const theme = useAppStore((s) => s.theme);
  const setTheme = useAppStore((s) => s.setTheme);
  const toast = useAppStore((s) => s.toast);
  const { settings, update } = useSettings();
  const c = settings?.capture;

  async function exportData(format: 'json' | 'markdown') {
    try {
      const r = await api.call('export.run', { format });
      toast(r.path ? `Exporting to ${r.path}` : 'Export started; progress shows in the sidebar.');
    } catch (e) {
      toast(errorText(e), 'error');
    }
  }

  return (
    <div className="settings-page narrow-page">
      <header className="page-header">
        <div className="grow">
          <h1>Settings</h1>
          <div className="subtitle">Engram {info?.version ?? ''}</div>
        </div>
      </header>
      <div className="page-body">
        <div className="settings-body">
        <ApiKeyCard />

        <section className="card" aria-labelledby="models-h">
          <div className="card-header">
            <div className="card-header-icon">
              <IconSparkles size={17} />
            </div>
            <div>
              <div className="card-title" id="models-h">
                Models
              </div>
              <div className="card-desc">A capable model for answers; a cheaper one is enough for turning what you see into memories.</div>
            </div>
          </div>
          <div className="card-body">
            {settings && (
              <>
                <datalist id="model-suggestions">
                  {MODEL_SUGGESTIONS.map((m) => (
                    <option key={m} value={m} />
                  ))}
                </datalist>
                <ModelRow
                  label="Chat model"
                  desc="Writes the answers you read."
                  value={settings.models.chat_model}
                  placeholder={settings.default_models.chat_model}
                  onCommit={(v) => void update({ models: { chat_model: v } })}
                />
                <ModelRow
                  label="Memory model"
                  desc="Sorts observations into memories."
                  value={settings.models.extraction_model}
                  placeholder={settings.default_models.extraction_model}
                  onCommit={(v) => void update({ models: { extraction_model: v } })}
                />
              </>
            )}
          </div>
        </section>

        <section className="card" aria-labelledby="capture-h">
          <div className="card-header">
            <div className="card-header-icon">
              <IconMonitor size={17} />
            </div>
            <div>
              <div className="card-title" id="capture-h">
                Screen capture
              </div>
              <div className="card-desc">Unchanged screens are skipped, so a shorter interval costs less than it sounds.</div>
            </div>
          </div>
          <div className="card-body">
            {c && (
              <>
                <div className="setting-row">
                  <div className="setting-text">
                    <div className="setting-title">Capture the screen</div>
                    <div className="setting-desc">Turn off to keep Engram for chat and notes only.</div>
                  </div>
                  <Switch label="Capture the screen" checked={c.enabled} onChange={(v) => void update({ capture: { enabled: v } })} />
                </div>
                <div className="setting-row">
                  <div className="setting-text">
                    <div className="setting-title">Interval</div>
                    <div className="setting-desc">How often the screen is looked at.</div>
                  </div>
                  <NumberField label="Capture interval in seconds" value={c.interval_s} min={0.5} max={3600} step={0.5} unit="seconds" onCommit={(v) => void update({ capture: { interval_s: v } })} />
                </div>
                <div className="setting-row">
                  <div className="setting-text">
                    <div className="setting-title">Read text on screen</div>
                    <div className="setting-desc">Text recognition runs on this computer.</div>
                  </div>
                  <Switch label="Read text on screen" checked={c.ocr.enabled} onChange={(v) => void update({ capture: { ocr: { enabled: v } } })} />
                </div>
                <div className="setting-row">
                  <div className="setting-text">
                    <div className="setting-title">
                      <IconCpu size={14} /> Text recognition workers
                    </div>
                    <div className="setting-desc">More read faster and use more memory and CPU.</div>
                  </div>
                  <div className="segmented" role="radiogroup" aria-label="Text recognition workers">
                    {[1, 2, 3, 4].map((n) => (
                      <button key={n} type="button" role="radio" aria-checked={c.ocr.workers === n} onClick={() => void update({ capture: { ocr: { workers: n } } })}>
                        {n}
                      </button>
                    ))}
                  </div>
                </div>
              </>
            )}
          </div>
        </section>

        <section className="card" aria-labelledby="audio-h">
          <div className="card-header">
            <div className="card-header-icon">
              <IconMic size={17} />
            </div>
            <div className="grow">
              <div className="card-title" id="audio-h">
                Audio
              </div>
              <div className="card-desc">Speech is transcribed by the server you choose; silence is neither kept nor sent.</div>
            </div>
            {c && <Switch label="Record audio" checked={c.audio.enabled} onChange={(v) => void update({ capture: { audio: { enabled: v } } })} />}
          </div>
          <div className="card-body">
            {c && (
              <>
                <TextRow
                  label="Transcription endpoint"
                  desc="Any OpenAI-compatible server: OpenAI, a whisper.cpp server, faster-whisper."
                  value={c.audio.transcriber_url ?? ''}
                  placeholder="http://127.0.0.1:8080"
                  type="url"
                  onCommit={(v) => void update({ capture: { audio: { transcriber_url: v || null } } })}
                />
                <TextRow label="Transcription model" desc="As the server names it." value={c.audio.transcriber_model} placeholder="whisper-1" onCommit={(v) => v && void update({ capture: { audio: { transcriber_model: v } } })} />
              </>
            )}
          </div>
        </section>

        <section className="card" aria-labelledby="look-h">
          <div className="card-header">
            <div className="card-header-icon">{theme === 'dark' ? <IconMoon size={17} /> : <IconSun size={17} />}</div>
            <div className="grow">
              <div className="card-title" id="look-h">
                Appearance
              </div>
              <div className="card-desc">Follows your system unless you choose.</div>
            </div>
            <div className="segmented" role="radiogroup" aria-label="Theme">
              {(['system', 'light', 'dark'] as ThemeChoice[]).map((t) => (
                <button key={t} type="button" role="radio" aria-checked={theme === t} onClick={() => setTheme(t)}>
                  {t[0]!.toUpperCase() + t.slice(1)}
                </button>
              ))}
            </div>
          </div>
          <div className="card-body" />
        </section>

        {info?.features.export && (
          <section className="card" aria-labelledby="export-h">
            <div className="card-header">
              <div className="card-header-icon">
                <IconDownload size={17} />
              </div>
              <div className="grow">
                <div className="card-title" id="export-h">
                  Export your memories
                </div>
                <div className="card-desc">All memories with where they came from and their history, as a file in your data folder. The export is not encrypted.</div>
              </div>
              <div className="row">
                <button type="button" className="btn" onClick={() => void exportData('markdown')}>
                  Markdown
                </button>
                <button type="button" className="btn" onClick={() => void exportData('json')}>
                  JSON
                </button>
              </div>
            </div>
            <div className="card-body" />
          </section>
        )}
        </div>
      </div>
    </div>
  );
}

function ApiKeyCard() {
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
    <section className="card" aria-labelledby="key-h">
      <div className="card-header">
        <div className="card-header-icon">
          <IconKey size={17} />
        </div>
        <div className="grow">
          <div className="card-title" id="key-h">
            Anthropic API key
          </div>
          <div className="card-desc">Optional. Without a key Engram works fully offline, with answers assembled from your memories.</div>
        </div>
        {status && <span className={`badge ${status.set ? 'badge-ok' : 'badge-warn'}`}>{status.set ? 'Connected' : 'Offline mode'}</span>}
      </div>
      <div className="card-body">
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
      </div>
    </section>
  );
}

function ModelRow({ label, desc, value, placeholder, onCommit }: { label: string; desc: string; value: string; placeholder: string; onCommit(v: string): void }) {
  return <TextRow label={label} desc={desc} value={value} placeholder={placeholder} list="model-suggestions" onCommit={onCommit} mono />;
}

function TextRow({
  label,
  desc,
  value,
  placeholder,
  onCommit,
  type = 'text',
  list,
  mono,
}: {
  label: string;
  desc: string;
  value: string;
  placeholder: string;
  onCommit(v: string): void;
  type?: string;
  list?: string;
  mono?: boolean;
}) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const id = `f-${label.replace(/\W+/g, '-').toLowerCase()}`;
  const commit = () => draft.trim() !== value && onCommit(draft.trim());
  return (
    <div className="setting-row">
      <div className="setting-text">
        <label className="setting-title" htmlFor={id}>
          {label}
        </label>
        <div className="setting-desc">{desc}</div>
      </div>
      <input
        id={id}
        className={`input text-setting${mono ? ' mono' : ''}`}
        type={type}
        list={list}
        value={draft}
        placeholder={placeholder}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => e.key === 'Enter' && commit()}
      />
    </div>
  );
}

import { useEffect, useState } from 'react';
import type { CaptureStatus, RequestOutput } from '../../../../shared/api/index.js';
import { CAPTIONING_NOTICE, CaptioningSettingsSchema } from '../../../../shared/settings/index.js';
import { useApi } from '../../lib/api-context.js';
import { privacyCaptureState } from '../../lib/capture-banner.js';
import { fmtBytes } from '../../lib/format.js';
import { navigate } from '../../lib/route.js';
import { useSettings } from '../../lib/use-settings.js';
import { errorText, useAppStore } from '../../state/app-store.js';
import { IconAlert, IconCheck, IconEraser, IconHardDrive, IconLock, IconPause, IconPlay, IconShield, IconTrash } from '../../ui/icons.js';
import { NumberField } from '../../ui/number-field.js';
import { Switch } from '../../ui/switch.js';
import { FORGET_CHOICES, ForgetDialog } from '../timeline/forget-dialog.js';
import { ConsentCard } from './consent-card.js';
import { ExclusionsCard } from './exclusions-card.js';
import { RedactionCard } from './redaction-card.js';
import { WindowGateCard } from './window-gate-card.js';
import { WipeDialog } from './wipe-dialog.js';

type PrivacyStatus = RequestOutput<'privacy.status'>;

/** Taken out of every prompt whatever the redaction switches say (shared/redaction switchesForModel). */
const NEVER_SENT = ['API keys, tokens and private keys', 'Passwords', 'Card, bank account and social security numbers'];

export function PrivacyScreen() {
  const api = useApi();
  const toast = useAppStore((s) => s.toast);
  const capture = useAppStore((s) => s.capture);
  const setCapture = useAppStore((s) => s.setCapture);
  const health = useAppStore((s) => s.health);
  const setHealth = useAppStore((s) => s.setHealth);
  const dataVersion = useAppStore((s) => s.dataVersion);
  const { settings, update } = useSettings();
  const [status, setStatus] = useState<PrivacyStatus | null>(null);
  const [forget, setForget] = useState<(typeof FORGET_CHOICES)[number] | null>(null);
  const [wipe, setWipe] = useState(false);

  useEffect(() => {
    api
      .call('privacy.status', {})
      .then(setStatus)
      .catch((e) => toast(errorText(e), 'error'));
  }, [api, toast, dataVersion]);

  async function captureAction(p: Promise<CaptureStatus>) {
    try {
      setCapture(await p);
      setHealth(await api.call('capture.health', {}));
    } catch (e) {
      toast(errorText(e), 'error');
    }
  }

  async function openScreenSettings() {
    try {
      const { opened } = await api.call('capture.openScreenSettings', {});
      if (!opened) toast('Open System Settings → Privacy & Security → Screen Recording yourself.', 'error');
    } catch (e) {
      toast(errorText(e), 'error');
    }
  }

  const c = settings?.capture;
  const usedBytes = status ? status.storage.frame_bytes + status.storage.audio_bytes : 0;
  const budgetBytes = (c?.retention.max_gb ?? 10) * 1024 ** 3;
  // The same capture health as the sidebar's card, the tray and the notification.
  const captureState = privacyCaptureState(health, capture);
  const banner = captureState.banner;

  return (
    <div className="privacy-page narrow-page">
      <header className="page-header">
        <div className="grow">
          <h1>Privacy</h1>
          <div className="subtitle">You decide what Engram sees, what it keeps, and for how long.</div>
        </div>
      </header>
      <div className="page-body">
        <div className="settings-body">
        <section className="card" aria-labelledby="cap-h">
          <div className="card-header">
            <div className={`card-header-icon ${banner.tone === 'paused' ? 'tone-warn' : banner.tone === 'capturing' ? 'tone-ok' : ''}`}>
              {banner.tone === 'paused' ? <IconPause size={17} /> : <IconShield size={17} />}
            </div>
            <div className="grow">
              <div className="card-title" id="cap-h">
                {captureState.heading}
              </div>
              <div className="card-desc" data-testid="privacy-capture-state">
                {captureState.line}
              </div>
            </div>
            <div className="row">
              {banner.canPause && (
                <>
                  <button type="button" className="btn" onClick={() => void captureAction(api.call('capture.pause', { minutes: 60 }))}>
                    <IconPause size={14} />
                    Pause for 1 hour
                  </button>
                  <button type="button" className="btn" onClick={() => void captureAction(api.call('capture.pause', {}))}>
                    Pause until I resume
                  </button>
                </>
              )}
              {banner.action?.kind === 'resume' && (
                <button type="button" className="btn btn-primary" onClick={() => void captureAction(api.call('capture.resume', {}))}>
                  <IconPlay size={13} />
                  {banner.action.label}
                </button>
              )}
              {banner.action?.kind === 'open_settings' && (
                <button type="button" className="btn" onClick={() => navigate('settings')}>
                  {banner.action.label}
                </button>
              )}
              {banner.action?.kind === 'open_screen_settings' && (
                <button type="button" className="btn btn-primary" onClick={() => void openScreenSettings()}>
                  {banner.action.label}
                </button>
              )}
            </div>
          </div>
          <div className="card-body">
            <div className="forget-row">
              <div>
                <div className="setting-title">Forget recent activity</div>
                <div className="setting-desc muted">Deletes the screens, text, recordings and chat from that window, and every memory made from them.</div>
              </div>
              <div className="row">
                {FORGET_CHOICES.map((f) => (
                  <button key={f.minutes} type="button" className="btn" onClick={() => setForget(f)}>
                    <IconEraser size={14} />
                    {f.label}
                  </button>
                ))}
              </div>
            </div>
          </div>
        </section>

        <ConsentCard />
        <WindowGateCard capture={capture} settings={c ?? null} onCapture={setCapture} onUpdate={(privacy) => void update({ capture: { privacy } })} />

        <ExclusionsCard privacy={c?.privacy ?? null} onUpdate={(privacy) => void update({ capture: { privacy } })} />

        <RedactionCard redaction={c?.redaction ?? null} onChange={(key, on) => void update({ capture: { redaction: { [key]: on } } })} />

        <section className="card" aria-labelledby="ret-h">
          <div className="card-header">
            <div className="card-header-icon">
              <IconHardDrive size={17} />
            </div>
            <div className="grow">
              <div className="card-title" id="ret-h">
                Keep screenshots for
              </div>
              <div className="card-desc">The oldest screenshots and recordings are removed first when either limit is reached. Memories stay.</div>
            </div>
          </div>
          <div className="card-body">
            {c && (
              <>
                <div className="setting-row">
                  <div className="setting-text">
                    <div className="setting-title">Storage budget</div>
                    <div className="setting-desc">
                      {fmtBytes(usedBytes)} used of {fmtBytes(budgetBytes)}
                    </div>
                    <div className="progress budget-bar" role="meter" aria-label="Storage used" aria-valuemin={0} aria-valuemax={budgetBytes} aria-valuenow={usedBytes}>
                      <span style={{ width: `${Math.min(100, (usedBytes / budgetBytes) * 100)}%` }} />
                    </div>
                  </div>
                  <NumberField label="Storage budget in GB" value={c.retention.max_gb} min={0.1} max={10000} step={0.5} unit="GB" onCommit={(v) => void update({ capture: { retention: { max_gb: v } } })} />
                </div>
                <div className="setting-row">
                  <div className="setting-text">
                    <div className="setting-title">Maximum age</div>
                    <div className="setting-desc">Screenshots older than this are removed.</div>
                  </div>
                  <NumberField label="Maximum age in days" value={c.retention.max_age_days} min={1} max={36500} unit="days" onCommit={(v) => void update({ capture: { retention: { max_age_days: v } } })} />
                </div>
              </>
            )}
          </div>
        </section>

        <section className="card" aria-labelledby="model-h">
          <div className="card-header">
            <div className="card-header-icon">
              <IconLock size={17} />
            </div>
            <div>
              <div className="card-title" id="model-h">
                What leaves this computer
              </div>
              <div className="card-desc">Text sent to a model is redacted first. Secrets in the vault marked high sensitivity are never sent.</div>
            </div>
          </div>
          <div className="card-body">
            {c && (
              <div className="setting-row">
                <div className="setting-text">
                  <div className="setting-title" id="frames-model">
                    Let the model see screenshots
                  </div>
                  <div className="setting-desc">{CAPTIONING_NOTICE}</div>
                </div>
                <Switch label="Let the model see screenshots" checked={c.captioning.enabled} onChange={(v) => void update({ capture: { captioning: { enabled: v } } })} />
              </div>
            )}
            {c && (
              <div className="setting-row">
                <div className="setting-text">
                  <div className="setting-title">Screenshots sent per hour, at most</div>
                  <div className="setting-desc">Half of them are kept for screens with little text (charts, photos, calls).</div>
                </div>
                <NumberField
                  label="Screenshots sent to the model per hour"
                  value={c.captioning.max_per_hour}
                  min={1}
                  max={3600}
                  unit="per hour"
                  onCommit={(v) => {
                    // The same rule the host applies (a whole number, 1 to 3600): refused here with a line, not sent.
                    const checked = CaptioningSettingsSchema.shape.max_per_hour.safeParse(v);
                    if (checked.success) void update({ capture: { captioning: { max_per_hour: checked.data } } });
                    else toast('Enter a whole number of screenshots from 1 to 3600.', 'error');
                  }}
                />
              </div>
            )}
            <div className="setting-row">
              <div className="setting-text">
                <div className="setting-title">Never sent to a model</div>
                <div className="setting-desc">Removed from every text sent, even what you choose to keep in your notes:</div>
                <ul className="check-list">
                  {NEVER_SENT.map((r) => (
                    <li key={r}>
                      <IconCheck size={13} />
                      {r}
                    </li>
                  ))}
                </ul>
              </div>
              <span className="badge badge-ok">Always on</span>
            </div>
          </div>
        </section>

        <section className="card" aria-labelledby="enc-h">
          <div className="card-header">
            <div className="card-header-icon tone-ok">
              <IconLock size={17} />
            </div>
            <div>
              <div className="card-title" id="enc-h">
                Encryption
              </div>
              <div className="card-desc">Everything Engram keeps is encrypted at rest. No plaintext screenshot ever touches the disk.</div>
            </div>
          </div>
          <div className="card-body">
            {status ? (
              <dl className="meta-grid enc-grid" data-testid="encryption-status">
                <dt>Database</dt>
                <dd>
                  <span className="badge badge-ok">Encrypted</span> {status.encryption.database}
                </dd>
                <dt>Screenshots</dt>
                <dd>
                  <span className="badge badge-ok">Encrypted</span> {status.encryption.frames}
                </dd>
                <dt>Key</dt>
                <dd>{status.encryption.key_source}</dd>
                <dt>Location</dt>
                <dd className="mono truncate">{status.storage.data_dir}</dd>
                {status.sandbox && !status.sandbox.on ? (
                  <>
                    <dt>Sandbox</dt>
                    <dd data-testid="sandbox-off">
                      <span className="badge badge-warn">Off</span> {status.sandbox.detail}
                    </dd>
                  </>
                ) : null}
                <dt>Size</dt>
                <dd>
                  {fmtBytes(status.storage.db_bytes)} database · {fmtBytes(status.storage.frame_bytes)} screenshots
                  {status.storage.audio_bytes > 0 ? ` · ${fmtBytes(status.storage.audio_bytes)} audio` : ''}
                </dd>
              </dl>
            ) : (
              <div className="skeleton" style={{ height: 110 }} />
            )}
          </div>
        </section>

        <section className="card danger-card" aria-labelledby="wipe-h">
          <div className="card-header">
            <div className="card-header-icon tone-danger">
              <IconAlert size={17} />
            </div>
            <div className="grow">
              <div className="card-title" id="wipe-h">
                Delete everything
              </div>
              <div className="card-desc">Every memory, screenshot, recording and conversation, permanently. Settings stay.</div>
            </div>
            <button type="button" className="btn btn-danger" onClick={() => setWipe(true)}>
              <IconTrash size={14} />
              Delete everything…
            </button>
          </div>
          <div className="card-body" />
        </section>
        </div>
      </div>

      {forget && <ForgetDialog what={{ span: 'last', minutes: forget.minutes }} title={forget.title} onClose={() => setForget(null)} />}
      {wipe && <WipeDialog onClose={() => setWipe(false)} />}
    </div>
  );
}

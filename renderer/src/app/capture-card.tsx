import { useState } from 'react';
import type { CaptureStatus, HealthAction } from '../../../shared/api/index.js';
import { useApi } from '../lib/api-context.js';
import { captureBanner } from '../lib/capture-banner.js';
import { navigate } from '../lib/route.js';
import { useCaptureControl } from '../lib/use-capture-control.js';
import { useAppStore } from '../state/app-store.js';
import { IconPause, IconPlay } from '../ui/icons.js';
import { MenuButton } from '../ui/menu.js';

/**
 * The recording state is always one glance away, with pause and resume right there. It says what
 * the host's capture health says (capturing, paused until when, not recording and what to do),
 * never the raw state: a running scheduler may keep nothing.
 */
export function CaptureCard() {
  const api = useApi();
  const capture = useAppStore((s) => s.capture);
  const health = useAppStore((s) => s.health);
  const control = useCaptureControl();
  const [busy, setBusy] = useState(false);

  if (!capture && !health) return <div className="capture-card skeleton" style={{ height: 64 }} />;

  async function run(p: Promise<CaptureStatus>) {
    setBusy(true);
    try {
      await control.apply(p);
    } finally {
      setBusy(false);
    }
  }

  async function act(kind: HealthAction) {
    switch (kind) {
      case 'open_privacy':
        return navigate('privacy');
      case 'open_settings':
        return navigate('settings');
      case 'resume':
        return run(api.call('capture.resume', {}));
      case 'open_screen_settings':
        return control.openScreenSettings();
    }
  }

  const banner = captureBanner(health, capture);
  const action = banner.action;
  const dot = banner.tone === 'capturing' ? 'running' : banner.tone === 'paused' ? 'paused' : banner.tone === 'off' ? 'error' : '';

  return (
    <section className={`capture-card state-${banner.tone}`} aria-label="Capture" data-testid="capture-card">
      <div className="row">
        <span className={`status-dot ${dot}`} aria-hidden="true" />
        <div className="grow">
          <div className="capture-title" aria-live="polite" data-testid="capture-title">
            {banner.title}
          </div>
          <div className="capture-detail" data-testid="capture-detail">
            {banner.detail}
          </div>
        </div>
        {banner.canPause && (
          <MenuButton
            className="btn btn-sm btn-icon"
            ariaLabel="Pause capture"
            label={<IconPause size={14} />}
            heading="Pause capture"
            items={[
              { label: 'For 15 minutes', onSelect: () => void run(api.call('capture.pause', { minutes: 15 })) },
              { label: 'For 1 hour', onSelect: () => void run(api.call('capture.pause', { minutes: 60 })) },
              { label: 'Until I resume', onSelect: () => void run(api.call('capture.pause', {})) },
            ]}
          />
        )}
        {banner.action?.kind === 'resume' && (
          <button type="button" className="btn btn-sm" disabled={busy} onClick={() => void act('resume')}>
            <IconPlay size={12} />
            {banner.action.label}
          </button>
        )}
      </div>
      {action && action.kind !== 'resume' && (
        <button type="button" className="btn btn-sm" data-testid="capture-action" onClick={() => void act(action.kind)}>
          {action.label}
        </button>
      )}
      {banner.tone === 'capturing' && capture && capture.ocr_backlog > 0 && (
        <div className="capture-detail">{capture.ocr_backlog} frames waiting for text recognition</div>
      )}
    </section>
  );
}

import { useState } from 'react';
import { useApi } from '../lib/api-context.js';
import { fmtRelative, fmtTime } from '../lib/format.js';
import { errorText, useAppStore } from '../state/app-store.js';
import { IconPause, IconPlay } from '../ui/icons.js';
import { MenuButton } from '../ui/menu.js';

/** The recording state is always one glance away, with pause and resume right there. */
export function CaptureCard() {
  const api = useApi();
  const capture = useAppStore((s) => s.capture);
  const setCapture = useAppStore((s) => s.setCapture);
  const toast = useAppStore((s) => s.toast);
  const [busy, setBusy] = useState(false);

  if (!capture) return <div className="capture-card skeleton" style={{ height: 64 }} />;

  async function run(p: Promise<import('../../../shared/api/index.js').CaptureStatus>) {
    setBusy(true);
    try {
      setCapture(await p);
    } catch (err) {
      toast(errorText(err), 'error');
    } finally {
      setBusy(false);
    }
  }

  const state = capture.state;
  const title =
    state === 'running' ? 'Recording' : state === 'paused' ? 'Paused' : state === 'unavailable' ? 'Not capturing' : state === 'error' ? 'Capture stopped' : 'Stopped';
  const detail =
    state === 'paused'
      ? capture.paused_until
        ? `Resumes at ${fmtTime(capture.paused_until)}`
        : 'Until you resume'
      : state === 'running'
        ? capture.last_frame_at
          ? `Last frame ${fmtRelative(capture.last_frame_at)}`
          : 'Waiting for the first frame'
        : state === 'unavailable'
          ? 'Capture runs in the desktop app'
          : (capture.message ?? 'See Privacy for details');

  return (
    <section className={`capture-card state-${state}`} aria-label="Capture" data-testid="capture-card">
      <div className="row">
        <span className={`status-dot ${state === 'running' ? 'running' : state === 'paused' ? 'paused' : state === 'error' ? 'error' : ''}`} aria-hidden="true" />
        <div className="grow">
          <div className="capture-title" aria-live="polite">
            {title}
          </div>
          <div className="capture-detail truncate">{detail}</div>
        </div>
        {state === 'running' && (
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
        {state === 'paused' && (
          <button type="button" className="btn btn-sm" disabled={busy} onClick={() => void run(api.call('capture.resume', {}))}>
            <IconPlay size={12} />
            Resume
          </button>
        )}
      </div>
      {state === 'running' && capture.ocr_backlog > 0 && (
        <div className="capture-detail">{capture.ocr_backlog} frames waiting for text recognition</div>
      )}
    </section>
  );
}

import { useApi } from '../../lib/api-context.js';
import { privacyCaptureState } from '../../lib/capture-banner.js';
import { navigate } from '../../lib/route.js';
import { useCaptureControl } from '../../lib/use-capture-control.js';
import { useAppStore } from '../../state/app-store.js';
import { Card } from '../../ui/card.js';
import { IconEraser, IconPause, IconPlay, IconShield } from '../../ui/icons.js';
import { FORGET_CHOICES } from '../timeline/forget-dialog.js';

/** Whether Engram is capturing (the same health as the sidebar's card, the tray and the notification), pause/resume, and forget recent activity. */
export function CaptureStateCard({ onForget }: { onForget(choice: (typeof FORGET_CHOICES)[number]): void }) {
  const api = useApi();
  const capture = useAppStore((s) => s.capture);
  const health = useAppStore((s) => s.health);
  const { apply: captureAction, openScreenSettings } = useCaptureControl();

  const captureState = privacyCaptureState(health, capture);
  const banner = captureState.banner;

  return (
    <Card
      id="cap-h"
      tone={banner.tone === 'paused' ? 'tone-warn' : banner.tone === 'capturing' ? 'tone-ok' : undefined}
      icon={banner.tone === 'paused' ? <IconPause size={17} /> : <IconShield size={17} />}
      title={captureState.heading}
      desc={captureState.line}
      descTestId="privacy-capture-state"
      aside={
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
      }
    >
      <div className="forget-row">
        <div>
          <div className="setting-title">Forget recent activity</div>
          <div className="setting-desc muted">Deletes the screens, text, recordings and chat from that window, and every memory made from them.</div>
        </div>
        <div className="row">
          {FORGET_CHOICES.map((f) => (
            <button key={f.minutes} type="button" className="btn" onClick={() => onForget(f)}>
              <IconEraser size={14} />
              {f.label}
            </button>
          ))}
        </div>
      </div>
    </Card>
  );
}

import { useEffect, useState } from 'react';
import type { RequestOutput } from '../../../../shared/api/index.js';
import { useApi } from '../../lib/api-context.js';
import { useSettings } from '../../lib/use-settings.js';
import { errorText, useAppStore } from '../../state/app-store.js';
import { Card } from '../../ui/card.js';
import { IconAlert, IconTrash } from '../../ui/icons.js';
import { FORGET_CHOICES, ForgetDialog } from '../timeline/forget-dialog.js';
import { CaptureStateCard } from './capture-state-card.js';
import { ConsentCard } from './consent-card.js';
import { EncryptionCard } from './encryption-card.js';
import { ExclusionsCard } from './exclusions-card.js';
import { ModelSharingCard } from './model-sharing-card.js';
import { RedactionCard } from './redaction-card.js';
import { RetentionCard } from './retention-card.js';
import { WindowGateCard } from './window-gate-card.js';
import { WipeDialog } from './wipe-dialog.js';

type PrivacyStatus = RequestOutput<'privacy.status'>;

export function PrivacyScreen() {
  const api = useApi();
  const toast = useAppStore((s) => s.toast);
  const capture = useAppStore((s) => s.capture);
  const setCapture = useAppStore((s) => s.setCapture);
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

  const c = settings?.capture;
  const usedBytes = status ? status.storage.frame_bytes + status.storage.audio_bytes : 0;

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
          <CaptureStateCard onForget={setForget} />
          <ConsentCard />
          <WindowGateCard capture={capture} settings={c ?? null} onCapture={setCapture} onUpdate={(privacy) => void update({ capture: { privacy } })} />
          <ExclusionsCard privacy={c?.privacy ?? null} onUpdate={(privacy) => void update({ capture: { privacy } })} />
          <RedactionCard redaction={c?.redaction ?? null} rescrub={status?.rescrub ?? null} onChange={(key, on) => void update({ capture: { redaction: { [key]: on } } })} />
          <RetentionCard capture={c} usedBytes={usedBytes} onRetention={(retention) => void update({ capture: { retention } })} />
          <ModelSharingCard capture={c} misses={settings?.caption_misses} onCaptioning={(captioning) => void update({ capture: { captioning } })} />
          <EncryptionCard status={status} />
          <Card
            id="wipe-h"
            className="danger-card"
            tone="tone-danger"
            icon={<IconAlert size={17} />}
            title="Delete everything"
            desc="Every memory, screenshot, recording and conversation, permanently. Settings stay."
            aside={
              <button type="button" className="btn btn-danger" onClick={() => setWipe(true)}>
                <IconTrash size={14} />
                Delete everything…
              </button>
            }
          />
        </div>
      </div>

      {forget && <ForgetDialog what={{ span: 'last', minutes: forget.minutes }} title={forget.title} onClose={() => setForget(null)} />}
      {wipe && <WipeDialog onClose={() => setWipe(false)} />}
    </div>
  );
}

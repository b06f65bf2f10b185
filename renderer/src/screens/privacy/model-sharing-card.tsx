import type { SettingsView } from '../../../../shared/api/index.js';
import type { CaptureSettings } from '../../../../shared/settings/index.js';
import { CAPTIONING_NOTICE, CaptioningSettingsSchema } from '../../../../shared/settings/index.js';
import { useAppStore } from '../../state/app-store.js';
import { Card } from '../../ui/card.js';
import { IconAlert, IconCheck, IconLock } from '../../ui/icons.js';
import { NumberField } from '../../ui/number-field.js';
import { Switch } from '../../ui/switch.js';

/** Taken out of every prompt whatever the redaction switches say (shared/redaction switchesForModel). */
const NEVER_SENT = ['API keys, tokens and private keys', 'Passwords', 'Card, bank account and social security numbers'];

/** "What leaves this computer": screenshots a model may see, how many an hour, and what is never sent. */
export function ModelSharingCard({
  capture,
  misses,
  onCaptioning,
}: {
  capture: CaptureSettings | undefined;
  /** Screenshots the model did not caption today, and why: shown under the switch. */
  misses?: SettingsView['caption_misses'];
  onCaptioning(patch: Partial<CaptureSettings['captioning']>): void;
}) {
  const toast = useAppStore((s) => s.toast);
  return (
    <Card
      id="model-h"
      icon={<IconLock size={17} />}
      grow={false}
      title="What leaves this computer"
      desc="Text sent to a model is redacted first. Secrets in the vault marked high sensitivity are never sent."
    >
      {capture && (
        <div className="setting-row">
          <div className="setting-text">
            <div className="setting-title" id="frames-model">
              Let the model see screenshots
            </div>
            <div className="setting-desc">{CAPTIONING_NOTICE}</div>
            {misses && misses.today > 0 && (
              <div className="setting-desc" role="status" data-testid="caption-misses">
                <IconAlert size={14} /> {misses.today} {misses.today === 1 ? 'screenshot' : 'screenshots'} could not be captioned today
                {misses.reason ? `: ${misses.reason}` : ''}. They kept their OCR text.
              </div>
            )}
          </div>
          <Switch label="Let the model see screenshots" checked={capture.captioning.enabled} onChange={(v) => onCaptioning({ enabled: v })} />
        </div>
      )}
      {capture && (
        <div className="setting-row">
          <div className="setting-text">
            <div className="setting-title">Screenshots sent per hour, at most</div>
            <div className="setting-desc">Half of them are kept for screens with little text (charts, photos, calls).</div>
          </div>
          <NumberField
            label="Screenshots sent to the model per hour"
            value={capture.captioning.max_per_hour}
            min={1}
            max={3600}
            unit="per hour"
            onCommit={(v) => {
              // The same rule the host applies (a whole number, 1 to 3600): refused here with a line, not sent.
              const checked = CaptioningSettingsSchema.shape.max_per_hour.safeParse(v);
              if (checked.success) onCaptioning({ max_per_hour: checked.data });
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
    </Card>
  );
}

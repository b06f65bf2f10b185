import type { SettingsPatch, SettingsView } from '../../../../shared/api/index.js';
import { IconCpu, IconMonitor } from '../../ui/icons.js';
import { NumberField } from '../../ui/number-field.js';
import { Switch } from '../../ui/switch.js';
import { OcrLanguagesRow } from './ocr-languages-row.js';
import { Card } from '../../ui/card.js';

/** Screen capture: on or off, how often, text recognition, its languages and its workers. */
export function CaptureSettingsCard({ settings, update }: { settings: SettingsView | null; update(patch: SettingsPatch): Promise<boolean> }) {
  const c = settings?.capture;
  return (
    <Card
      id="capture-h"
      icon={<IconMonitor size={17} />}
      title="Screen capture"
      desc="Unchanged screens are skipped, so a shorter interval costs less than it sounds."
      grow={false}
    >
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
          <OcrLanguagesRow languages={c.ocr.languages} locale={navigator.language} update={update} />
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
    </Card>
  );
}

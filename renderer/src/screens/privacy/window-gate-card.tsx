import { Card } from '../../ui/card.js';
import type { CaptureStatus, HiddenReason } from '../../../../shared/api/index.js';
import { HIDDEN_REASON_LABEL } from './hidden-reasons.js';
import type { CaptureSettings, PrivacySettings } from '../../../../shared/settings/index.js';
import { useApi } from '../../lib/api-context.js';
import { fmtCount } from '../../lib/format.js';
import { errorText, useAppStore } from '../../state/app-store.js';
import { IconAlert, IconEyeOff } from '../../ui/icons.js';
import { Switch } from '../../ui/switch.js';

/**
 * The window side of the privacy gate: whether every window on screen can be checked (and, when
 * not, why nothing is recorded), today's counts of hidden windows by reason, the displays with a
 * pause each, and the user's choice for when windows cannot be listed.
 */
export function WindowGateCard({
  capture,
  settings,
  onCapture,
  onUpdate,
}: {
  capture: CaptureStatus | null;
  settings: CaptureSettings | null;
  onCapture(status: CaptureStatus): void;
  onUpdate(patch: Partial<PrivacySettings>): void;
}) {
  const api = useApi();
  const toast = useAppStore((s) => s.toast);
  const p = capture?.privacy;
  const hidden = p ? (Object.entries(p.windows_hidden) as [HiddenReason, number][]).filter(([, n]) => n > 0) : [];
  const total = hidden.reduce((a, [, n]) => a + n, 0);
  const dropped = p ? p.frames_dropped_race + p.frames_mostly_hidden : 0;
  const anyway = settings?.privacy.window_list_failure === 'active_window_only';

  async function pauseDisplay(display: string, paused: boolean) {
    try {
      onCapture(await api.call('capture.pauseDisplay', { display, paused }));
    } catch (e) {
      toast(errorText(e), 'error');
    }
  }

  return (
    <Card
      id="gate-h"
      testId="window-gate"
      tone={p?.window_list === 'unavailable' || p?.window_list === 'degraded' ? 'tone-warn' : 'tone-ok'}
      icon={p?.window_list === 'unavailable' || p?.window_list === 'degraded' ? <IconAlert size={17} /> : <IconEyeOff size={17} />}
      title="Windows hidden from screenshots"
      descTestId="windows-hidden"
      desc={
        <>
          {!p
            ? 'Shown while capture runs.'
            : total > 0
              ? `${fmtCount(total, 'window', 'windows')} hidden today: ${hidden.map(([r, n]) => `${n.toLocaleString()} ${HIDDEN_REASON_LABEL[r]}`).join(', ')}.`
              : 'No window had to be hidden today.'}
          {p && dropped > 0 ? ` ${fmtCount(dropped, 'screenshot', 'screenshots')} not kept because an excluded window moved or covered most of the screen.` : ''}
        </>
      }
    >
        {p?.window_list === 'unavailable' && (
          <div className="banner warn" role="alert" data-testid="window-list-problem">
            <IconAlert size={16} />
            <span>
              <strong>Nothing is being recorded.</strong> Engram cannot see which windows are on screen ({p.problem ?? 'no reason given'}), so it cannot hide excluded windows, and keeps
              no screenshot rather than risk one.
            </span>
          </div>
        )}
        {p?.window_list === 'degraded' && (
          <div className="banner warn" role="alert" data-testid="window-list-degraded">
            <IconAlert size={16} />
            <span>
              <strong>Only the window in front is checked.</strong> Engram cannot see the other windows ({p.problem ?? 'no reason given'}): a private window or password manager
              beside the one you are using is recorded.
            </span>
          </div>
        )}
        {p && p.displays.length > 0 && (
          <div className="col">
            {p.displays.map((d) => (
              <div className="setting-row" key={d.id} data-display={d.id}>
                <div className="setting-text">
                  <div className="setting-title">Record display {d.name}</div>
                  <div className="setting-desc">{d.paused ? 'Paused: nothing on this display is recorded until you turn it back on.' : 'Recorded, with excluded windows hidden.'}</div>
                </div>
                <Switch label={`Record display ${d.name}`} checked={!d.paused} onChange={(on) => void pauseDisplay(d.id, !on)} />
              </div>
            ))}
          </div>
        )}
        {settings && (
          <div className="setting-row">
            <div className="setting-text">
              <div className="setting-title">When windows cannot be listed, capture anyway</div>
              <div className="setting-desc">
                {anyway
                  ? 'On: where Engram cannot see every window (Wayland, a missing permission), it still records, and applies your rules to the window in front only. A private window or password manager beside it is recorded.'
                  : 'Off: where Engram cannot see every window (Wayland, a missing permission), it records nothing. Turning this on records anyway, applying your rules to the window in front only.'}
              </div>
            </div>
            <Switch
              label="When windows cannot be listed, capture anyway"
              checked={anyway}
              onChange={(on) => onUpdate({ window_list_failure: on ? 'active_window_only' : 'skip_frames' })}
            />
          </div>
        )}
    </Card>
  );
}

import type { CaptureSettings } from '../../../../shared/settings/index.js';
import { fmtBytes } from '../../lib/format.js';
import { Card } from '../../ui/card.js';
import { IconHardDrive } from '../../ui/icons.js';
import { NumberField } from '../../ui/number-field.js';

/** How long screenshots are kept: the storage budget (with what is used) and the maximum age. */
export function RetentionCard({
  capture,
  usedBytes,
  onRetention,
}: {
  capture: CaptureSettings | undefined;
  usedBytes: number;
  onRetention(patch: Partial<CaptureSettings['retention']>): void;
}) {
  const budgetBytes = (capture?.retention.max_gb ?? 10) * 1024 ** 3;
  return (
    <Card
      id="ret-h"
      icon={<IconHardDrive size={17} />}
      title="Keep screenshots for"
      desc="The oldest screenshots and recordings are removed first when either limit is reached. Memories stay."
    >
      {capture && (
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
            <NumberField label="Storage budget in GB" value={capture.retention.max_gb} min={0.1} max={10000} step={0.5} unit="GB" onCommit={(v) => onRetention({ max_gb: v })} />
          </div>
          <div className="setting-row">
            <div className="setting-text">
              <div className="setting-title">Maximum age</div>
              <div className="setting-desc">Screenshots older than this are removed.</div>
            </div>
            <NumberField label="Maximum age in days" value={capture.retention.max_age_days} min={1} max={36500} unit="days" onCommit={(v) => onRetention({ max_age_days: v })} />
          </div>
        </>
      )}
    </Card>
  );
}

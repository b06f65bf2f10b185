import { useEffect, useState } from 'react';
import type { ForgetReport, ForgetSpan } from '../../../../shared/api/index.js';
import { useApi } from '../../lib/api-context.js';
import { fmtDateTime, fmtTime } from '../../lib/format.js';
import { errorText, useAppStore } from '../../state/app-store.js';
import { Dialog } from '../../ui/dialog.js';
import { IconEraser } from '../../ui/icons.js';

export const FORGET_CHOICES: { minutes: number; label: string; title: string }[] = [
  { minutes: 15, label: 'Last 15 minutes', title: 'the last 15 minutes' },
  { minutes: 60, label: 'Last hour', title: 'the last hour' },
  { minutes: 24 * 60, label: 'Last 24 hours', title: 'the last 24 hours' },
];

const LABELS: [keyof ForgetReport, string, string][] = [
  ['frames', 'screenshot', 'screenshots'],
  ['observations', 'screen reading', 'screen readings'],
  ['memories', 'memory', 'memories'],
  ['messages', 'chat message', 'chat messages'],
  ['audio', 'recording', 'recordings'],
];

function sameDay(a: string, b: string): boolean {
  return new Date(a).toDateString() === new Date(b).toDateString();
}

/**
 * Asks the host what a forget would remove and says it in plain words before anything goes. The
 * forget itself runs relative to the moment of confirming ("the last 15 minutes" up to now).
 */
export function ForgetDialog({ what, title, onClose, onDone }: { what: ForgetSpan; title: string; onClose(): void; onDone?(r: ForgetReport): void }) {
  const api = useApi();
  const toast = useAppStore((s) => s.toast);
  const bumpData = useAppStore((s) => s.bumpData);
  const [preview, setPreview] = useState<{ from: string; to: string; report: ForgetReport } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    api
      .call('forget.preview', { what })
      .then((p) => live && setPreview(p))
      .catch((e) => live && setError(errorText(e)));
    return () => {
      live = false;
    };
  }, [api, what]);

  const total = preview ? Object.values(preview.report).reduce((a, b) => a + b, 0) : 0;

  async function confirm() {
    setBusy(true);
    try {
      const r = await api.call('forget.run', { what });
      const n = r.report.frames + r.report.observations + r.report.memories + r.report.messages + r.report.audio;
      toast(n === 0 ? 'Nothing to forget in that window.' : `Forgotten: ${summary(r.report)}.`);
      bumpData();
      onDone?.(r.report);
      onClose();
    } catch (e) {
      setError(errorText(e));
      setBusy(false);
    }
  }

  return (
    <Dialog
      title={`Forget ${title}?`}
      tone="danger"
      icon={<IconEraser size={18} />}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn btn-danger" onClick={() => void confirm()} disabled={busy || !preview} data-testid="confirm-forget">
            {busy ? 'Forgetting…' : 'Forget permanently'}
          </button>
        </>
      }
    >
      {error && <p className="field-error">{error}</p>}
      {!preview && !error && <div className="skeleton" style={{ height: 90 }} />}
      {preview && (
        <>
          <p>
            Everything Engram kept from{' '}
            <strong>
              {sameDay(preview.from, preview.to) ? fmtTime(preview.from) : fmtDateTime(preview.from)} to {fmtTime(preview.to)}
            </strong>{' '}
            will be deleted from this computer, together with every memory made from it.
          </p>
          {total === 0 ? (
            <p className="muted">There is nothing stored in that window right now.</p>
          ) : (
            <ul className="impact-list" aria-label="What will be deleted">
              {LABELS.filter(([k]) => preview.report[k] > 0).map(([k, one, many]) => (
                <li key={k}>
                  <span>{preview.report[k] === 1 ? one : many}</span>
                  <strong>{preview.report[k].toLocaleString()}</strong>
                </li>
              ))}
            </ul>
          )}
          <p className="faint">This cannot be undone.</p>
        </>
      )}
    </Dialog>
  );
}

export function summary(r: ForgetReport): string {
  const parts = LABELS.filter(([k]) => r[k] > 0).map(([k, one, many]) => `${r[k].toLocaleString()} ${r[k] === 1 ? one : many}`);
  return parts.length ? parts.join(', ') : 'nothing';
}

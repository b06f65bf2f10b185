import { useEffect, useState, type ReactNode } from 'react';
import type { DayWrittenSummary } from '../../../../shared/api/index.js';
import { useApi } from '../../lib/api-context.js';
import { hrefFor } from '../../lib/route.js';
import { errorText, useAppStore } from '../../state/app-store.js';

/** The summary's text with each [n] that cites a memory as a link to it. */
function withCitations(s: DayWrittenSummary): ReactNode[] {
  const byN = new Map(s.citations.map((c) => [c.n, c]));
  return s.text.split(/(\[\d{1,3}\])/).map((part, i) => {
    const c = /^\[(\d+)\]$/.exec(part) ? byN.get(Number(part.slice(1, -1))) : undefined;
    return c ? (
      <a key={i} href={hrefFor('memories', c.kind, c.memory_id)} className={`cite kind-${c.kind}`} aria-label={`Source ${c.n}: open the cited memory`} data-testid="day-summary-cite">
        {c.n}
      </a>
    ) : (
      part
    );
  });
}

/**
 * "Summarise my day": asked only when clicked (one model call, in the cost ledger). Offline there is
 * no button, only a note that a model is needed.
 */
export function DayWrittenSummaryCard({ date, timeZone }: { date: string; timeZone: string }) {
  const api = useApi();
  const offline = useAppStore((s) => s.info?.offline ?? true);
  const [state, setState] = useState<{ busy: boolean; summary: DayWrittenSummary | null; error: string | null }>({ busy: false, summary: null, error: null });
  useEffect(() => setState({ busy: false, summary: null, error: null }), [date]);

  async function ask() {
    setState({ busy: true, summary: null, error: null });
    try {
      const summary = await api.call('day.summary', { date, timeZone });
      setState({ busy: false, summary: summary.date === date ? summary : null, error: null });
    } catch (e) {
      setState({ busy: false, summary: null, error: errorText(e) });
    }
  }

  return (
    <section className="card chart-card" aria-labelledby="day-summary-heading" data-testid="day-summary">
      <div className="card-header">
        <div className="card-title grow" id="day-summary-heading">
          Summary
        </div>
        {!offline && (
          <button type="button" className="btn btn-sm" onClick={() => void ask()} disabled={state.busy} aria-busy={state.busy}>
            {state.busy ? 'Writing…' : state.summary ? 'Write again' : 'Summarise my day'}
          </button>
        )}
      </div>
      <div className="card-body">
        {offline ? (
          <p className="faint" data-testid="day-summary-offline">
            A written summary needs a model: choose one in <a href={hrefFor('settings')}>Settings</a>. The totals above never do.
          </p>
        ) : state.error ? (
          <p className="banner warn" role="alert">
            {state.error}
          </p>
        ) : state.summary ? (
          <p className="day-summary-text" data-testid="day-summary-text" aria-live="polite">
            {withCitations(state.summary)}
          </p>
        ) : (
          <p className="faint">A few sentences about this day by your model, citing its memories. Nothing is sent until you ask.</p>
        )}
      </div>
    </section>
  );
}

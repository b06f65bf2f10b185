import { useEffect, useState } from 'react';
import type { ActionRecordView, TaskRecordView } from '../../../../shared/api/index.js';
import { useApi } from '../../lib/api-context.js';
import { fmtRelative } from '../../lib/format.js';
import { errorText, useAppStore } from '../../state/app-store.js';
import { EmptyState } from '../../ui/empty-state.js';
import { IconSparkles } from '../../ui/icons.js';

const pct = (x: number): string => `${Math.round(x * 100)}%`;
const times = (n: number, word: string, words = `${word}s`): string => `${n} ${n === 1 ? word : words}`;

/** One action's record in words: "3 successes, 1 failure · likely 41–96% of the time". */
function recordLine(a: ActionRecordView): string {
  const counts = [times(a.successes, 'success', 'successes'), times(a.failures, 'failure'), ...(a.partials ? [`${a.partials} partly`] : [])].join(', ');
  return `${counts} · works ${pct(a.low)}–${pct(a.high)} of the time`;
}

/**
 * "What worked": the experiences kept per task, each action with its exact counts and the 90%
 * interval of its success rate (Jeffreys prior: few tries give a wide interval, so 9 of 10 reads
 * better than a lucky 1 of 1). Actions that only failed are shown as "tried, failed".
 */
export function WhatWorked() {
  const api = useApi();
  const toast = useAppStore((s) => s.toast);
  const dataVersion = useAppStore((s) => s.dataVersion);
  const [tasks, setTasks] = useState<TaskRecordView[] | null>(null);
  useEffect(() => {
    let live = true;
    api.call('experiences.byTask', { limit: 50 }).then(
      (r) => live && setTasks(r.tasks),
      (e: unknown) => live && toast(errorText(e), 'error'),
    );
    return () => {
      live = false;
    };
  }, [api, toast, dataVersion]);
  if (tasks === null) return <div className="skeleton" style={{ height: 120 }} />;
  if (!tasks.length)
    return (
      <EmptyState icon={<IconSparkles size={22} />} title="Nothing recorded yet">
        When you or an agent records what was tried for a task and how it went, what worked shows here.
      </EmptyState>
    );
  return (
    <section className="what-worked" aria-labelledby="what-worked-h">
      <h2 id="what-worked-h" className="card-title">
        What worked
      </h2>
      <ul className="mem-list" aria-label="Tasks">
        {tasks.map((t) => (
          <li key={t.task} className="card" data-testid="worked-task">
            <div className="card-body">
              <div className="setting-title">{t.task}</div>
              <div className="faint">
                {times(t.experiences, 'experience')} · last {fmtRelative(t.last_at)}
              </div>
              <ul aria-label={`Actions for ${t.task}`}>
                {t.actions.map((a) => {
                  const failedOnly = a.successes + a.partials === 0;
                  return (
                    <li key={a.action} data-testid="worked-action">
                      <span className={failedOnly ? 'faint' : undefined}>
                        {failedOnly ? 'Tried, failed: ' : ''}
                        {a.action}
                      </span>
                      <div className="faint tabular">
                        {recordLine(a)}
                        {a.outside ? ` · other agents recorded it ${times(a.outside.experiences, 'time')} (${a.outside.sources.join(', ')}), counted as ${a.outside.counted_as}` : ''}
                      </div>
                    </li>
                  );
                })}
              </ul>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

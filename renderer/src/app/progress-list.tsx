import { useAppStore } from '../state/app-store.js';
import { ProgressBar } from '../ui/progress-bar.js';

/** Long work in flight (OCR backlog, consolidation, export), shown only while it runs or just ended badly. */
export function ProgressList() {
  const tasks = useAppStore((s) => s.progress).filter((t) => t.state === 'running' || t.state === 'error');
  if (tasks.length === 0) return null;
  return (
    <section className="progress-list" aria-label="Work in progress">
      {tasks.map((t) => (
        <div key={t.id} className="progress-item">
          <div className="row">
            <span className="grow truncate">{t.label}</span>
            {t.done !== null && t.total !== null && (
              <span className="faint tabular">
                {t.done.toLocaleString()}/{t.total.toLocaleString()}
              </span>
            )}
          </div>
          {t.state === 'error' ? <div className="field-error">{t.detail ?? 'Failed'}</div> : <ProgressBar done={t.done} total={t.total} label={t.label} />}
          {t.state === 'running' && t.detail && <div className="faint truncate">{t.detail}</div>}
        </div>
      ))}
    </section>
  );
}

import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { DayReport } from '../../../../shared/api/index.js';
import { useApi } from '../../lib/api-context.js';
import { dayKey, fmtDay, fmtMinutes, fmtShortTime, localTimeZone, parseDayKey, startOfDay } from '../../lib/format.js';
import { hrefFor } from '../../lib/route.js';
import { errorText, useAppStore } from '../../state/app-store.js';
import { DayNav } from '../../ui/day-nav.js';
import { EmptyState } from '../../ui/empty-state.js';
import { MinutesTable } from '../../ui/minutes-table.js';
import { IconGlobe, IconSun } from '../../ui/icons.js';
import { DayHoursChart } from './day-hours-chart.js';
import { DayWrittenSummaryCard } from './day-written-summary.js';

/**
 * One day, readable (#/day/YYYY-MM-DD, today by default): everything shown comes from day.report,
 * which counts active time from capture times and idle detection; nothing is computed here.
 */
export function DayScreen({ day }: { day: string | null }) {
  const api = useApi();
  const toast = useAppStore((s) => s.toast);
  const dataVersion = useAppStore((s) => s.dataVersion);
  const date = useMemo(() => (day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? parseDayKey(day) : startOfDay(new Date())), [day]);
  const key = dayKey(date);
  const [report, setReport] = useState<DayReport | null>(null);

  useEffect(() => {
    let live = true;
    api
      .call('day.report', { date: key, timeZone: localTimeZone() })
      .then((r) => live && setReport(r))
      .catch((e) => live && toast(errorText(e), 'error'));
    return () => {
      live = false;
    };
  }, [api, key, dataVersion, toast]);

  const shown = report?.date === key ? report : null;
  const empty = shown !== null && shown.active_minutes === 0 && !shown.meetings.length && !shown.documents.length && !shown.people.length;

  return (
    <div className="day-page">
      <header className="page-header">
        <div className="grow">
          <h1>{fmtDay(date)}</h1>
          <div className="subtitle">Your day: active time from when the screen changed, not estimated by a model.</div>
        </div>
        <DayNav screen="day" date={date} inputId="day-date" label="Date" />
      </header>
      <div className="page-body" data-testid="day-body" aria-busy={shown === null}>
        {shown === null ? (
          <div className="skeleton" style={{ height: 320 }} />
        ) : empty ? (
          <EmptyState icon={<IconSun size={22} />} title="Nothing seen or heard on this day">
            When Engram captures your screen or hears a meeting, the day's time per app, documents and people appear here.
          </EmptyState>
        ) : (
          <DayBody r={shown} />
        )}
      </div>
    </div>
  );
}

function DayBody({ r }: { r: DayReport }) {
  const span = r.first_seen && r.last_seen ? `${fmtShortTime(r.first_seen)} – ${fmtShortTime(r.last_seen)}` : '—';
  const meetingMinutes = r.meetings.reduce((n, m) => n + m.minutes, 0);
  return (
    <>
      <div className="stat-grid">
        <Stat label="Active time" value={fmtMinutes(r.active_minutes)} testId="day-active" />
        <Stat label="First to last" value={span} />
        <Stat label="Most used" value={r.by_app[0]?.app ?? '—'} note={r.by_app[0] ? fmtMinutes(r.by_app[0].minutes) : undefined} />
        <Stat label="Meetings" value={String(r.meetings.length)} note={r.meetings.length ? fmtMinutes(meetingMinutes) : undefined} />
      </div>
      <DayWrittenSummaryCard date={r.date} timeZone={r.time_zone} />
      <section className="card chart-card" aria-labelledby="day-hours-heading">
        <div className="card-header">
          <div className="card-title" id="day-hours-heading">
            Active minutes per hour
          </div>
        </div>
        <div className="card-body">
          <DayHoursChart hours={r.hours} />
        </div>
      </section>
      <div className="day-grid">
        <Card title="Apps" id="day-apps">
          {r.by_app.length ? <MinutesTable rows={r.by_app.map((a) => ({ name: a.app, minutes: a.minutes }))} caption="Active time per app" testId="day-app" color={() => 'var(--accent)'} /> : <p className="faint">No screen time.</p>}
        </Card>
        <Card title="Documents, sites and projects" id="day-subjects">
          {r.by_subject.length ? (
            <MinutesTable rows={r.by_subject.map((s) => ({ name: s.subject, minutes: s.minutes }))} caption="Active time per document, site or project" testId="day-subject" color={() => '#1f9d8f'} />
          ) : (
            <p className="faint">No document, site or project could be told from the windows.</p>
          )}
        </Card>
      </div>
      <div className="day-grid">
        <Card title="Documents and links" id="day-docs">
          {r.documents.length ? (
            <ul className="day-list">
              {r.documents.map((d) => (
                <li key={`${d.location ?? ''}|${d.memory_id ?? d.title}`} className="row" data-testid="day-document">
                  {d.location && /^https?:\/\//i.test(d.location) ? (
                    <a href={d.location} target="_blank" rel="noopener noreferrer" className="grow truncate" title={d.location}>
                      <IconGlobe size={13} /> {d.title}
                    </a>
                  ) : d.memory_id ? (
                    <a href={hrefFor('memories', 'resource', d.memory_id)} className="grow truncate" title={d.location ?? undefined}>
                      {d.title}
                    </a>
                  ) : (
                    <span className="grow truncate" title={d.location ?? undefined}>
                      {d.title}
                    </span>
                  )}
                  {d.minutes > 0 && <span className="tabular faint">{fmtMinutes(d.minutes)}</span>}
                </li>
              ))}
            </ul>
          ) : (
            <p className="faint">No documents or links.</p>
          )}
        </Card>
        <Card title="People" id="day-people">
          {r.people.length ? (
            <ul className="day-list">
              {r.people.map((p) => (
                <li key={p.id} className="row" data-testid="day-person">
                  <a href={hrefFor('people', p.id)} className="grow truncate">
                    {p.name}
                  </a>
                  <span className="tabular faint">{p.mentions === 1 ? '1 memory' : `${p.mentions} memories`}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="faint">No one the day's memories name.</p>
          )}
        </Card>
      </div>
      <Card title="Meetings" id="day-meetings">
        {r.meetings.length ? (
          <ul className="day-list">
            {r.meetings.map((m) => (
              <li key={m.start} className="row" data-testid="day-meeting">
                <span className="grow tabular">
                  {fmtShortTime(m.start)} – {fmtShortTime(m.end)}
                </span>
                <span className="tabular faint">{fmtMinutes(m.minutes)} of speech</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="faint">No speech heard.</p>
        )}
      </Card>
    </>
  );
}

function Card({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section className="card" aria-labelledby={id}>
      <div className="card-header">
        <div className="card-title" id={id}>
          {title}
        </div>
      </div>
      <div className="card-body">{children}</div>
    </section>
  );
}

function Stat({ label, value, note, testId }: { label: string; value: string; note?: string; testId?: string }) {
  return (
    <div className="stat">
      <div className="stat-label">{label}</div>
      <div className="stat-value truncate" data-testid={testId}>
        {value}
      </div>
      {note && <div className="stat-note faint">{note}</div>}
    </div>
  );
}

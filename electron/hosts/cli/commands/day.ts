import { DayKeySchema, type DayReport, type DayWrittenSummary } from '../../../../shared/api/index.js';
import { oneLine } from '../../../../shared/text/index.js';
import { localTimeZone, ZonedCalendar } from '../../../../shared/time/index.js';
import { bool } from '../args.js';
import { withEngine } from '../cli-engine.js';
import { CliError, type Command } from '../command.js';

const hm = (minutes: number): string => {
  const m = Math.round(minutes);
  return m >= 60 ? `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min` : `${m} min`;
};

/** DATE as typed: YYYY-MM-DD, today or yesterday (in the local time zone). */
export function dayKeyOf(raw: string | undefined, cal: ZonedCalendar, now = Date.now()): string {
  const word = (raw ?? 'today').trim().toLowerCase();
  if (word === 'today') return cal.dayKey(now);
  if (word === 'yesterday') return cal.dayKey(cal.startOfDay(now, -1));
  const key = DayKeySchema.safeParse(word);
  if (!key.success) throw new CliError(`day: the date must be YYYY-MM-DD, today or yesterday (got "${oneLine(raw ?? '', 40)}")`);
  return key.data;
}

export const dayCommand: Command = {
  name: 'day',
  summary: 'your day, readable: time per app and subject, documents, people, meetings',
  help: `usage: engram day [DATE] [--json] [--summary]

One day (DATE: YYYY-MM-DD, today or yesterday; default today, in the local time zone): the time
you were active at the screen per app and per document, site or project, counted from capture times
with idle detection (a long gap, or a screen that has not changed for a few minutes, is not active
time; no model estimates anything), the documents and links used, the people the day's memories
name, and the meetings (runs of speech heard).
  --json   {"date", "active_minutes", "by_app": [{"app", "minutes"}], "by_subject": [{"subject",
           "minutes"}], "documents", "people"}, and "summary" {"text", "citations"} with --summary
  --summary  also a short written summary of the day by the configured model (Settings or
           $ANTHROPIC_API_KEY / $ENGRAM_LLM_BASE_URL), citing the day's memories as [n]; one
           model call, its cost recorded with the others; refused when no model is set up

example: engram day yesterday --summary`,
  options: { json: { type: 'boolean' }, summary: { type: 'boolean' } },
  allowPositionals: true,
  async run(args, ctx) {
    if (args.positionals.length > 1) throw new CliError('day: give one date at most');
    const timeZone = localTimeZone();
    const date = dayKeyOf(args.positionals[0], ZonedCalendar.for(timeZone));
    return withEngine(ctx, { embedder: 'none' }, async ({ client }) => {
      const r = await client.call('day.report', { date, timeZone });
      const summary = bool(args, 'summary') ? await client.call('day.summary', { date, timeZone }) : null;
      if (ctx.json || bool(args, 'json')) {
        const { active_minutes, by_app, by_subject, documents, people } = r;
        const written = summary ? { summary: { text: summary.text, citations: summary.citations } } : {};
        ctx.io.stdout(JSON.stringify({ date: r.date, active_minutes, by_app, by_subject, documents, people, ...written }) + '\n');
        return 0;
      }
      ctx.io.stdout(readable(r, ZonedCalendar.for(timeZone)));
      if (summary) ctx.io.stdout(await writtenSummary(summary, (id) => client.call('memories.get', { id }).then((m) => m.memory.title)));
      return 0;
    });
  },
};

function readable(r: DayReport, cal: ZonedCalendar): string {
  const hhmm = (at: string) => {
    const w = cal.wall(Date.parse(at));
    return `${String(w.hour).padStart(2, '0')}:${String(w.minute).padStart(2, '0')}`;
  };
  if (r.active_minutes === 0 && !r.meetings.length && !r.documents.length) return `${r.date}: nothing seen or heard that day.\n`;
  const lines = [`${r.date}: ${hm(r.active_minutes)} active${r.first_seen && r.last_seen ? ` (${hhmm(r.first_seen)}–${hhmm(r.last_seen)})` : ''}`];
  const list = (title: string, rows: string[]) => {
    if (rows.length) lines.push('', title, ...rows.map((x) => `  ${x}`));
  };
  list('Apps', r.by_app.slice(0, 10).map((a) => `${hm(a.minutes).padStart(12)}  ${a.app}`));
  list('Documents, sites and projects', r.by_subject.slice(0, 10).map((s) => `${hm(s.minutes).padStart(12)}  ${s.subject}`));
  list('Documents and links', r.documents.slice(0, 10).map((d) => (d.location && d.location !== d.title ? `${d.title} <${d.location}>` : d.title)));
  list('People', r.people.slice(0, 10).map((p) => p.name));
  list('Meetings', r.meetings.map((m) => `${hhmm(m.start)}–${hhmm(m.end)}  ${hm(m.minutes)}`));
  return lines.join('\n') + '\n';
}

/** The model's summary, then what each [n] cites: title and id (`engram search`, the window take the id). */
async function writtenSummary(s: DayWrittenSummary, titleOf: (id: string) => Promise<string>): Promise<string> {
  const lines = ['', `Summary (written by ${s.model}):`, s.text];
  if (s.citations.length) lines.push('');
  for (const c of s.citations) lines.push(`  [${c.n}] ${oneLine(await titleOf(c.memory_id).catch(() => ''), 80) || c.kind} (${c.memory_id})`);
  return lines.join('\n') + '\n';
}

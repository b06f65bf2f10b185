import { truncate } from '../subagent-kit/index.js';
import { activityVerb } from './app-activity.js';
import type { ActivityRun } from './activity-runs.js';
import { formatDuration, type TimeFormatter } from '../../shared/time/index.js';

/** "Edited budget.xlsx in LibreOffice Calc", "Browsed "Pricing – Stripe" (stripe.com) in Firefox". */
export function describeRun(run: ActivityRun, firstLine: string): string {
  const app = run.app ?? 'an app';
  const subject = truncate(run.subject, 120);
  if (run.audio) return firstLine ? `Conversation heard: "${truncate(firstLine, 80)}"` : 'Conversation heard';
  switch (run.category) {
    case 'browser':
      if (subject) return `Browsed "${subject}"${run.host ? ` (${run.host})` : ''} in ${app}`;
      return `Browsed ${run.host ?? 'the web'} in ${app}`;
    case 'mail':
      return `Read mail${subject ? ` "${subject}"` : ''} in ${app}`;
    case 'meeting':
      return `Was in a call${subject ? ` "${subject}"` : ''} in ${app}`;
    case 'chat':
      return `Chatted in ${app}${subject ? ` (${subject})` : ''}`;
    case 'terminal':
      return `Worked in ${app}${subject ? ` (${subject})` : ''}`;
    default:
      return subject ? `${activityVerb(run.category)} ${subject} in ${app}` : `Used ${app}`;
  }
}

/** The episode's main text: what, when, how long. Recomputed whenever a merge widens the range. */
export function episodeText(title: string, start: number, end: number, time: TimeFormatter): string {
  if (end - start < 60_000) return `${title}, ${time.range(start, start)}`;
  return `${title}, ${time.range(start, end)} (${formatDuration(end - start)})`;
}

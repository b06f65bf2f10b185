import type { BatchSource } from '../subagent-kit/index.js';
import { normalizeText, oneLine } from '../subagent-kit/index.js';
import { appCategory, type AppCategory } from './app-activity.js';
import { hostOf, windowSubject } from './window-subject.js';

/** A stretch of observations of the same app and the same document/page, without a long gap. */
export interface ActivityRun {
  app: string | null;
  category: AppCategory;
  subject: string;
  host: string | null;
  url: string | null;
  audio: boolean;
  start: number;
  end: number;
  sources: number[];
}

function runKey(s: BatchSource): string {
  if (s.role === 'audio') return 'audio';
  return `${normalizeText(s.app ?? '')}|${normalizeText(windowSubject(s.title, s.app))}|${s.title ? '' : (hostOf(s.url) ?? '')}`;
}

/** Groups a batch's observations (in time order) into runs; a gap of `gapMs` or more splits a run. */
export function activityRuns(sources: BatchSource[], gapMs: number): ActivityRun[] {
  const sorted = [...sources].sort((a, b) => a.at - b.at || a.index - b.index);
  const runs: Array<ActivityRun & { key: string }> = [];
  let cur: (ActivityRun & { key: string }) | null = null;
  for (const s of sorted) {
    const key = runKey(s);
    if (cur && cur.key === key && s.at - cur.end < gapMs) {
      cur.end = Math.max(cur.end, s.at);
      cur.sources.push(s.index);
      if (!cur.url && s.url) {
        cur.url = s.url;
        cur.host = hostOf(s.url);
      }
      continue;
    }
    cur = {
      key,
      app: s.role === 'audio' ? null : s.app,
      category: appCategory(s.app),
      subject: s.role === 'audio' ? '' : windowSubject(s.title, s.app),
      host: hostOf(s.url),
      url: s.url,
      audio: s.role === 'audio',
      start: s.at,
      end: s.at,
      sources: [s.index],
    };
    runs.push(cur);
  }
  return runs.map(({ key: _key, ...r }) => r);
}

/** Lines worth keeping as an episode's details: real words, not toolbar crumbs. */
export function salientLines(texts: string[], maxLines: number, maxChars: number): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  let chars = 0;
  for (const t of texts) {
    for (const raw of t.split(/\r?\n/)) {
      const line = oneLine(raw);
      if (line.length < 12 || (line.match(/[\p{L}]{2,}/gu)?.length ?? 0) < 2) continue;
      const key = line.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      if (chars + line.length > maxChars || out.length >= maxLines) return out;
      out.push(line);
      chars += line.length + 1;
    }
  }
  return out;
}

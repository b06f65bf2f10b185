import type { Memory } from '../../shared/index.js';
import { episodeText } from '../episodic/index.js';
import { contentTokens, jaccard, normalizeText, truncate, type BrainStore } from '../subagent-kit/index.js';
import type { Planned } from './consolidate-kinds.js';
import { linesUnion, mergeGroup, oldestFirst, provenanceUnion, timeOf } from './merge-group.js';
import { ZonedCalendar, formatDuration, type TimeFormatter } from '../../shared/time/index.js';

const DAY = 86_400_000;
const endOf = (m: Memory): number => Date.parse(m.ended_at ?? m.occurred_at ?? m.created_at);
const typeOf = (m: Memory): string => String(m.fields.event_type ?? 'activity');

export interface RollupOptions {
  now: number;
  hourAfterMs: number;
  dayAfterMs: number;
  halfLifeDays: number;
  time: TimeFormatter;
}

/** Used recently enough to stay sharp: accessed within one half-life. */
export function recentlyUsed(m: Memory, now: number, halfLifeDays: number): boolean {
  return m.last_accessed_at !== null && now - Date.parse(m.last_accessed_at) < halfLifeDays * DAY;
}

const hh = (hour: number): string => String(hour % 24).padStart(2, '0');

function hourKey(ms: number, tz: string): { key: string; label: string; hour: number } {
  const calendar = ZonedCalendar.for(tz);
  const { hour } = calendar.wall(ms);
  return { key: `${calendar.dayKey(ms)}T${hh(hour)}`, label: `${hh(hour)}:00–${hh(hour + 1)}:00`, hour };
}

/** Duplicate episodes: same app and title, overlapping in time. */
export function planEpisodicDuplicates(store: BrainStore, all: Memory[], opts: RollupOptions): Planned[] {
  const fine = all.filter((m) => !typeOf(m).startsWith('rollup') && typeOf(m) !== 'session').sort((a, b) => timeOf(a) - timeOf(b));
  const out: Planned[] = [];
  const used = new Set<string>();
  for (let i = 0; i < fine.length; i++) {
    const a = fine[i]!;
    if (used.has(a.id)) continue;
    const group = [a];
    let end = endOf(a);
    for (let j = i + 1; j < fine.length; j++) {
      const b = fine[j]!;
      if (timeOf(b) > end) break;
      if (used.has(b.id) || (b.app ?? '') !== (a.app ?? '')) continue;
      const same = normalizeText(b.title) === normalizeText(a.title) || jaccard(contentTokens(a.title), contentTokens(b.title)) >= 0.8;
      if (!same) continue;
      group.push(b);
      end = Math.max(end, endOf(b));
    }
    if (group.length < 2) continue;
    for (const m of group) used.add(m.id);
    const start = Math.min(...group.map(timeOf));
    const survivor = [...group].sort(oldestFirst)[0]!;
    const others = group.filter((m) => m !== survivor);
    const text = episodeText(survivor.title, start, end, opts.time);
    out.push({
      change: { action: 'merge', kind: 'episodic', before: [survivor.id, ...others.map((m) => m.id)], after: survivor.id, reason: 'overlapping copies of one episode', result: { title: survivor.title, text } },
      apply: () => {
        mergeGroup(store, survivor, others, { occurred_at: start, ended_at: end, text, details: linesUnion(group.map((m) => m.details), 1500) }, 'overlapping copies of one episode');
        return survivor.id;
      },
    });
  }
  return out;
}

function rollupText(prefix: string, members: Memory[]): { text: string; details: string } {
  const byTitle = new Map<string, number>();
  for (const m of members) byTitle.set(m.title, (byTitle.get(m.title) ?? 0) + Math.max(60_000, endOf(m) - timeOf(m)));
  const items = [...byTitle].sort((a, b) => b[1] - a[1]).map(([t, d]) => `${t} (${formatDuration(d)})`);
  return {
    text: truncate(`${prefix}: ${items.join('; ')}`, 2000),
    // Every member's own line stays searchable in the rollup.
    details: truncate(members.map((m) => m.text).join('\n'), 8000),
  };
}

/**
 * Old, unused fine-grained episodes become one episode per hour; old hour summaries become one per
 * day. The originals are superseded (kept, with history), never deleted; sources carry over, so
 * forgetting a minute still forgets the summary that cites it.
 */
export function planRollups(store: BrainStore, all: Memory[], opts: RollupOptions): Planned[] {
  const out: Planned[] = [];
  const tz = opts.time.timeZone;
  const existing = new Map(all.filter((m) => typeOf(m).startsWith('rollup')).map((m) => [m.segment ?? '', m]));

  const plan = (level: 'hour' | 'day', members: Memory[], segment: string, prefix: string): void => {
    const start = Math.min(...members.map(timeOf));
    const end = Math.max(...members.map(endOf));
    const { text, details } = rollupText(prefix, members);
    const apps = new Set(members.map((m) => m.app ?? ''));
    const app = apps.size === 1 ? ([...apps][0] || null) : null;
    const have = existing.get(segment);
    out.push({
      change: { action: 'rollup', kind: 'episodic', before: members.map((m) => m.id), after: have?.id ?? null, reason: `${level} summary ${segment.slice(7)}`, result: { title: have?.title ?? prefix, text } },
      apply: () =>
        store.transaction(() => {
          let id: string;
          if (have) {
            const addProvenance = provenanceUnion(store, members.map((m) => m.id));
            store.memories.update(have.id, { text, details: linesUnion([have.details, details], 8000), occurred_at: Math.min(start, timeOf(have)), ended_at: Math.max(end, endOf(have)), addProvenance }, `${level} summary grew`);
            id = have.id;
          } else {
            id = store.memories.insert({
              kind: 'episodic',
              title: prefix,
              text,
              details,
              fields: { event_type: `rollup_${level}`, actor: 'user' },
              app,
              occurred_at: start,
              ended_at: end,
              segment,
              provenance: provenanceUnion(store, members.map((m) => m.id)),
            }).id;
          }
          for (const m of members) store.memories.update(m.id, { superseded_by: id }, `rolled into the ${level} summary ${id}`);
          return id;
        }),
    });
  };

  const fine = all.filter(
    (m) => !typeOf(m).startsWith('rollup') && typeOf(m) !== 'session' && endOf(m) < opts.now - opts.hourAfterMs && !recentlyUsed(m, opts.now, opts.halfLifeDays),
  );
  const hours = new Map<string, Memory[]>();
  for (const m of fine) {
    const k = hourKey(timeOf(m), tz).key;
    const list = hours.get(k);
    if (list) list.push(m);
    else hours.set(k, [m]);
  }
  for (const [k, members] of hours) {
    const segment = `rollup:${k}`;
    if (members.length < 2 && !existing.has(segment)) continue;
    const h = hourKey(timeOf(members[0]!), tz);
    plan('hour', members, segment, `${opts.time.dayOf(timeOf(members[0]!))} ${h.label}`);
  }

  const hourly = all.filter((m) => typeOf(m) === 'rollup_hour' && endOf(m) < opts.now - opts.dayAfterMs && !recentlyUsed(m, opts.now, opts.halfLifeDays));
  const days = new Map<string, Memory[]>();
  for (const m of hourly) {
    const k = opts.time.dayKey(timeOf(m));
    const list = days.get(k);
    if (list) list.push(m);
    else days.set(k, [m]);
  }
  for (const [k, members] of days) {
    const segment = `rollup:${k}`;
    if (members.length < 2 && !existing.has(segment)) continue;
    plan('day', members, segment, `${opts.time.dayOf(timeOf(members[0]!))} (whole day)`);
  }
  return out;
}

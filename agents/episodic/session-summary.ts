import type { Memory, Provenance } from '../../shared/index.js';
import { truncate, type BrainStore, type KindPolicy, type MemoryDraft } from '../subagent-kit/index.js';
import { formatDuration, type TimeFormatter } from '../../shared/time/index.js';

const ms = (iso: string | null): number | null => (iso ? Date.parse(iso) : null);

/**
 * When a capture segment ends (MIRA's collapse after a long idle gap), its episodes are summed up
 * as one coarser "session" episode: what the user spent the time on, longest first.
 */
export function sessionDraft(store: Pick<BrainStore, 'memories'>, segment: string, start: number, end: number, time: TimeFormatter): MemoryDraft | null {
  const episodes = store.memories
    .list({ kinds: ['episodic'], since: start - 60_000, until: end + 60_000, limit: 2000, order: 'oldest' })
    .filter((m) => m.segment === segment && m.fields.event_type !== 'session' && !String(m.fields.event_type ?? '').startsWith('rollup'));
  if (episodes.length < 2) return null;
  const s = Math.min(...episodes.map((m) => ms(m.occurred_at) ?? start));
  const e = Math.max(...episodes.map((m) => ms(m.ended_at) ?? ms(m.occurred_at) ?? end));
  const byTitle = new Map<string, number>();
  for (const m of episodes) {
    const d = Math.max(60_000, (ms(m.ended_at) ?? 0) - (ms(m.occurred_at) ?? 0));
    byTitle.set(m.title, (byTitle.get(m.title) ?? 0) + d);
  }
  const top = [...byTitle].sort((a, b) => b[1] - a[1]);
  const title = `Session ${time.range(s, e)}`;
  const list = top.slice(0, 8).map(([t, d]) => `${t} (${formatDuration(d)})`);
  const provenance: Provenance[] = [];
  const seen = new Set<string>();
  for (const m of episodes) {
    for (const p of store.memories.provenance(m.id)) {
      const k = `${p.source_type}:${p.source_id}`;
      if (!seen.has(k)) {
        seen.add(k);
        provenance.push(p);
      }
    }
  }
  return {
    kind: 'episodic',
    title,
    text: truncate(`${title} (${formatDuration(e - s)}): ${list.join('; ')}${top.length > 8 ? `; and ${top.length - 8} more` : ''}`, 2000),
    details: top.map(([t, d]) => `${t} — ${formatDuration(d)}`).join('\n').slice(0, 4000),
    fields: { event_type: 'session', actor: 'user' },
    app: null,
    occurred_at: s,
    ended_at: e,
    segment,
    provenance,
  };
}

/** A segment has one session summary; a later summary of the same segment replaces its text. */
export function sessionPolicy(store: Pick<BrainStore, 'memories'>): KindPolicy {
  return {
    kind: 'episodic',
    candidates: (d) =>
      store.memories
        .list({ kinds: ['episodic'], since: (d.occurred_at ?? 0) - 60_000, until: (d.ended_at ?? d.occurred_at ?? 0) + 60_000, limit: 2000 })
        .filter((m: Memory) => m.segment === d.segment && m.fields.event_type === 'session'),
    compare: () => 'same',
    merge: (existing, d) =>
      existing.text === d.text ? null : { title: d.title, text: d.text, details: d.details ?? '', occurred_at: d.occurred_at ?? null, ended_at: d.ended_at ?? null },
  };
}

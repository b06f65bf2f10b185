import { describe, expect, it } from 'vitest';
import type { TimelineItem } from '../../shared/api/index.js';
import { activeMinutes, appsOf, buildRows, filterItems, ROW_HEIGHT } from '../../renderer/src/screens/timeline/timeline-model.js';

const base = new Date(2025, 2, 3, 9, 0, 0).getTime();
const obs = (min: number, app: string, text = 'text'): TimelineItem => ({ type: 'observation', id: `o${min}`, at: new Date(base + min * 60_000).toISOString(), source: 'screen', app, title: `${app} window`, url: null, text, frame_id: `f${min}`, memory_ids: [] });
const mem = (min: number, kind: 'episodic' | 'semantic', experience = false): TimelineItem => ({ type: 'memory', id: `m${min}`, at: new Date(base + min * 60_000).toISOString(), kind, experience, title: `memory ${min}`, text: 'about the launch', app: 'Slack', ended_at: null });

const day = [obs(0, 'Code'), obs(5, 'Code'), obs(9, 'Slack', 'launch on March 14'), mem(10, 'semantic'), obs(65, 'Code'), mem(70, 'episodic')];

describe('timeline model', () => {
  it('groups by hour, then runs of one app, with offsets for the virtual list', () => {
    const { rows, offsets, itemRows } = buildRows(day);
    expect(rows.map((r) => r.type)).toEqual(['hour', 'app', 'item', 'item', 'app', 'item', 'item', 'hour', 'app', 'item', 'app', 'item']);
    const hours = rows.filter((r) => r.type === 'hour');
    expect(hours.map((h) => (h.type === 'hour' ? [h.hour, h.count, h.apps] : null))).toEqual([
      [9, 4, 2],
      [10, 2, 2],
    ]);
    expect(itemRows).toHaveLength(day.length);
    expect(offsets[rows.length]).toBe(rows.reduce((a, r) => a + ROW_HEIGHT[r.type], 0));
  });

  it('filters by kind facet, app and text, and returns the same array without filters', () => {
    expect(filterItems(day, { text: '', facets: new Set(), app: null })).toBe(day);
    expect(filterItems(day, { text: '', facets: new Set(['semantic']), app: null }).map((i) => i.id)).toEqual(['m10']);
    expect(filterItems(day, { text: '', facets: new Set(['screen']), app: 'Code' }).map((i) => i.id)).toEqual(['o0', 'o5', 'o65']);
    expect(filterItems(day, { text: 'MARCH 14', facets: new Set(), app: null }).map((i) => i.id)).toEqual(['o9']);
  });

  it('counts apps and active minutes (gaps over ten minutes do not count)', () => {
    expect(appsOf(day)[0]).toEqual({ app: 'Code', count: 3 });
    expect(activeMinutes(day)).toBe(9);
  });

  it('handles 10,000 items quickly', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => obs(i / 10, `App${Math.floor(i / 50) % 5}`));
    buildRows(many);
    const t0 = performance.now();
    const m = buildRows(many);
    expect(m.itemRows).toHaveLength(10_000);
    expect(performance.now() - t0).toBeLessThan(500);
  });
});

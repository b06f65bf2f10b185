import { describe, expect, it } from 'vitest';
import type { Provenance } from '../../shared/index.js';
import type { EngramStore, NewMemory } from '../../agents/store/index.js';
import { dream, previewDream, DreamApplyError } from '../../agents/dream/index.js';
import { OfflineProvider } from '../../agents/llm/index.js';
import { createBrain } from '../../agents/meta/index.js';
import { tempStoreEachTest } from '../helpers/temp-store.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = Date.parse('2025-06-20T12:00:00Z');
const OLD = Date.parse('2025-06-10T09:00:00Z'); // 10 days ago: past both rollup ages

describe('dream (consolidation)', () => {
  let store: EngramStore;
  let n = 0;

  function source(at: number): Provenance[] {
    const o = store.observations.insert({ kind: 'screen', frame_id: null, audio_id: null, display: ':0', observed_at: at, app: 'x', title: null, url: null, text: `obs ${++n}`, caption: null });
    return [{ source_type: 'observation', source_id: o.id }];
  }
  function add(m: Omit<NewMemory, 'provenance'> & { at?: number }): string {
    const at = m.at ?? OLD;
    return store.memories.insert({ created_at: at, ...m, provenance: source(at) }).id;
  }
  function episode(title: string, app: string, start: number, minutes: number): string {
    return add({ kind: 'episodic', title, text: `${title}, ${minutes} min`, fields: { event_type: 'activity' }, app, occurred_at: start, ended_at: start + minutes * 60_000, at: start });
  }

  const ids: Record<string, string> = {};
  tempStoreEachTest('engram-dream-', (t) => {
    store = t.store;
    ids.anaA = add({ kind: 'semantic', title: 'Ana Lima', text: 'Ana Lima — person.', details: 'seen in Slack', fields: { name: 'Ana Lima', source: 'Slack' } });
    ids.anaB = add({ kind: 'semantic', title: 'Ana Lima', text: 'Ana Lima — person.', details: 'seen in Mail', fields: { name: 'ana lima', source: 'Mail' }, at: OLD + HOUR });
    ids.mgrOld = add({ kind: 'semantic', title: "Ana is the user's manager", text: "Ana is the user's manager.", fields: { name: "fact:user's manager" }, occurred_at: OLD });
    ids.mgrNew = add({ kind: 'semantic', title: "Bo is the user's manager", text: "Bo is the user's manager.", fields: { name: "fact:user's manager" }, occurred_at: OLD + DAY, at: OLD + DAY });
    ids.resA = add({ kind: 'resource', title: 'Pricing', text: 'Stripe pricing', fields: { resource_type: 'url', location: 'https://stripe.com/pricing' } });
    ids.resB = add({ kind: 'resource', title: 'stripe.com/pricing', text: 'link', fields: { resource_type: 'url', location: 'https://www.stripe.com/pricing/?utm_source=x', excerpt: 'Pricing built for businesses' }, at: OLD + HOUR });
    ids.vaultMarker = add({ kind: 'knowledge_vault', title: 'Card seen in Chrome', text: 'card', fields: { entry_type: 'card', source: 'Chrome shop.example.com', secret: '[redacted:card]' } });
    ids.vaultReal = add({ kind: 'knowledge_vault', title: 'Card seen in Chrome', text: 'card', fields: { entry_type: 'card', source: 'Chrome shop.example.com', secret: '4242424242424242' } });
    ids.guideA = add({ kind: 'procedural', title: 'How to deploy', text: 'old', fields: { entry_type: 'guide', steps: ['a', 'b'] } });
    ids.guideB = add({ kind: 'procedural', title: 'How to deploy', text: 'new', fields: { entry_type: 'guide', steps: ['a', 'b', 'c'] }, at: OLD + HOUR });
    const exp = { entry_type: 'experience', task: 't', action: 'a', outcome: 'success', context: 'tool call in a conversation (ref 1)' };
    ids.expA = add({ kind: 'procedural', title: 't', text: 't → a', fields: exp });
    ids.expB = add({ kind: 'procedural', title: 't', text: 't → a', fields: exp, at: OLD + HOUR });
    ids.expOther = add({ kind: 'procedural', title: 't', text: 't → a', fields: { ...exp, context: undefined } });
    ids.core = add({ kind: 'core', title: 'human', text: '- Lives in: Lisbon\n- Likes: tea\n- Lives in: Berlin', fields: { label: 'human' } });
    // Old fine-grained episodes: three in the 09:00 hour, two in 10:00, one alone at 14:00.
    ids.e1 = episode('Edited budget.xlsx in Calc', 'Calc', OLD + 5 * 60_000, 20);
    ids.e2 = episode('Browsed "Pricing" in Firefox', 'Firefox', OLD + 30 * 60_000, 10);
    ids.e3 = episode('Edited budget.xlsx in Calc', 'Calc', OLD + 45 * 60_000, 10);
    ids.e4 = episode('Chatted in Slack', 'Slack', OLD + HOUR + 5 * 60_000, 15);
    ids.e5 = episode('Read mail in Thunderbird', 'Thunderbird', OLD + HOUR + 30 * 60_000, 5);
    ids.e6 = episode('Used Terminal', 'Terminal', OLD + 5 * HOUR, 5);
    // Overlapping copies of one episode (a crash re-ran the batch).
    ids.d1 = episode('Edited plan.md in Obsidian', 'Obsidian', NOW - 2 * HOUR, 30);
    ids.d2 = episode('Edited plan.md in Obsidian', 'Obsidian', NOW - 2 * HOUR + 10 * 60_000, 30);
    // Recently used: stays sharp.
    ids.used = episode('Edited taxes.ods in Calc', 'Calc', OLD + 20 * 60_000, 5);
    store.memories.markUsed([ids.used], NOW - DAY);
  });

  const snapshot = (): string => JSON.stringify(store.memories.list({ limit: 1000, includeSuperseded: true }));

  it('a dry run reports every change and changes nothing', async () => {
    const before = snapshot();
    const r = await dream(store, { dryRun: true, now: NOW, timeZone: 'UTC' });
    expect(snapshot()).toBe(before);
    expect(r.dry_run).toBe(true);
    expect(r.counts).toMatchObject({ merged: 6, superseded: 1, compressed: 1 });
    const rollups = r.changes.filter((c) => c.action === 'rollup');
    expect(rollups.map((c) => [c.before.length, c.after])).toEqual([
      [3, null],
      [2, null],
    ]);
  });

  it('merges duplicates, resolves conflicts (newest wins), rolls up old episodes, and reports ids before → after', async () => {
    const r = await dream(store, { now: NOW, timeZone: 'UTC' });
    const change = (id: string) => r.changes.find((c) => c.before.includes(id))!;
    // Duplicates fold into the oldest, which takes the union of details and sources.
    expect(change(ids.anaB!)).toMatchObject({ action: 'merge', after: ids.anaA });
    const ana = store.memories.get(ids.anaA!)!;
    expect(ana.details).toBe('seen in Slack\nseen in Mail');
    expect(ana.fields.source).toBe('Slack, Mail');
    expect(store.memories.provenance(ids.anaA!)).toHaveLength(2);
    expect(store.memories.get(ids.anaB!)!.superseded_by).toBe(ids.anaA);
    // Conflict: the newer fact wins; the older is superseded, not lost.
    expect(change(ids.mgrOld!)).toMatchObject({ action: 'supersede', after: ids.mgrNew });
    expect(store.memories.get(ids.mgrOld!)!.superseded_by).toBe(ids.mgrNew);
    expect(store.memories.get(ids.resB!)!.superseded_by).toBe(ids.resA);
    expect(store.memories.get(ids.resA!)!.fields.excerpt).toBe('Pricing built for businesses');
    expect(change(ids.vaultMarker!)).toMatchObject({ after: ids.vaultReal });
    expect(store.memories.get(ids.guideA!)!.fields.steps).toEqual(['a', 'b', 'c']);
    expect(store.memories.get(ids.expB!)!.superseded_by).toBe(ids.expA);
    expect(store.memories.get(ids.expOther!)!.superseded_by).toBeNull();
    expect(store.memories.get(ids.core!)!.text).toBe('- Lives in: Berlin\n- Likes: tea');
    expect(store.memories.get(ids.d2!)!.superseded_by).toBe(ids.d1);
    expect(store.memories.get(ids.d1!)!.ended_at).toBe(new Date(NOW - 2 * HOUR + 40 * 60_000).toISOString());

    // Episodes: hour summaries, then (older than a week) one day summary over them.
    const day = store.memories.list({ kinds: ['episodic'], limit: 50 }).find((m) => m.fields.event_type === 'rollup_day')!;
    expect(day.title).toBe('Tue 10 Jun 2025 (whole day)');
    const hours = store.memories.list({ kinds: ['episodic'], limit: 50, includeSuperseded: true }).filter((m) => m.fields.event_type === 'rollup_hour');
    expect(hours.map((h) => h.title).sort()).toEqual(['Tue 10 Jun 2025 09:00–10:00', 'Tue 10 Jun 2025 10:00–11:00']);
    expect(hours.every((h) => h.superseded_by === day.id)).toBe(true);
    const nine = hours.find((h) => h.title.includes('09:00'))!;
    expect(nine.text).toBe('Tue 10 Jun 2025 09:00–10:00: Edited budget.xlsx in Calc (30 min); Browsed "Pricing" in Firefox (10 min)');
    for (const id of [ids.e1, ids.e2, ids.e3]) expect(store.memories.get(id!)!.superseded_by).toBe(nine.id);
    expect(store.memories.get(ids.e6!)!.superseded_by).toBeNull(); // alone in its hour
    expect(store.memories.get(ids.used!)!.superseded_by).toBeNull(); // used recently
    expect(store.memories.provenance(day.id)).toHaveLength(5);
    // The details keep every member's line searchable.
    const hits = await store.search({ query: 'Thunderbird mail', kinds: ['episodic'], limit: 3 });
    expect(hits[0]!.memory.id).toBe(day.id);

    // A second run finds nothing left to do.
    const again = await dream(store, { now: NOW, timeZone: 'UTC' });
    expect(again.changes).toEqual([]);
  });

  it('forgetting a source still forgets the summary built from it', async () => {
    await dream(store, { now: NOW, timeZone: 'UTC' });
    const day = store.memories.list({ kinds: ['episodic'], limit: 50 }).find((m) => m.fields.event_type === 'rollup_day')!;
    store.forget({ from: OLD + HOUR + 30 * 60_000, to: OLD + HOUR + 30 * 60_000 });
    expect(store.memories.get(day.id)).toBeNull();
  });

  it('runs one mode only', async () => {
    const r = await dream(store, { mode: 'semantic', now: NOW, timeZone: 'UTC' });
    expect(new Set(r.changes.map((c) => c.kind))).toEqual(new Set(['semantic']));
    expect(store.memories.get(ids.resB!)!.superseded_by).toBeNull();
  });

  it('honours the kinds asked for: the others are not touched', async () => {
    const before = snapshot();
    const r = await dream(store, { kinds: ['resource', 'core'], now: NOW, timeZone: 'UTC' });
    expect(new Set(r.changes.map((c) => c.kind))).toEqual(new Set(['resource', 'core']));
    expect(r.kinds).toEqual(['resource', 'core']);
    expect(store.memories.get(ids.resB!)!.superseded_by).toBe(ids.resA);
    for (const id of [ids.anaB, ids.mgrOld, ids.guideA, ids.expB, ids.d2, ids.e1, ids.vaultMarker]) expect(store.memories.get(id!)!.superseded_by).toBeNull();
    expect(before).not.toBe(snapshot());
    // A dry run over one kind proposes that kind only.
    const review = await previewDream(store, { kinds: ['semantic'], now: NOW, timeZone: 'UTC' });
    expect(new Set(review.proposals.map((p) => p.kind))).toEqual(new Set(['semantic']));
  });

  it('a reviewed dry run shows before and after text, and applies only the changes accepted', async () => {
    const before = snapshot();
    const review = await previewDream(store, { now: NOW, timeZone: 'UTC' });
    expect(snapshot()).toBe(before);
    const find = (id: string) => review.proposals.find((p) => p.before.some((b) => b.id === id))!;
    const ana = find(ids.anaB!);
    expect(ana).toMatchObject({ action: 'merge', kind: 'semantic', source: 'rules' });
    expect(ana.id).toMatch(/^chg_[0-9a-f]{16}$/);
    expect(ana.before).toEqual([
      { id: ids.anaA, title: 'Ana Lima', text: 'Ana Lima — person.' },
      { id: ids.anaB, title: 'Ana Lima', text: 'Ana Lima — person.' },
    ]);
    expect(ana.after).toMatchObject({ id: ids.anaA, title: 'Ana Lima', text: 'Ana Lima — person.' });
    const mgr = find(ids.mgrOld!);
    expect(mgr).toMatchObject({ action: 'supersede', before: [{ id: ids.mgrOld, text: "Ana is the user's manager." }], after: { id: ids.mgrNew, text: "Bo is the user's manager." } });
    const core = find(ids.core!);
    expect(core).toMatchObject({ action: 'compress', before: [{ text: '- Lives in: Lisbon\n- Likes: tea\n- Lives in: Berlin' }], after: { text: '- Lives in: Berlin\n- Likes: tea' } });
    const rollup = review.proposals.find((p) => p.action === 'rollup')!;
    expect(rollup.after).toMatchObject({ id: null, title: 'Tue 10 Jun 2025 09:00–10:00' });
    expect(rollup.after!.text).toContain('Edited budget.xlsx in Calc');
    expect(new Set(review.proposals.map((p) => p.id)).size).toBe(review.proposals.length);

    const done = await review.apply([ana.id, mgr.id]);
    expect([...done.applied].sort()).toEqual([ana.id, mgr.id].sort());
    expect(store.memories.get(ids.anaB!)!.superseded_by).toBe(ids.anaA);
    expect(store.memories.get(ids.mgrOld!)!.superseded_by).toBe(ids.mgrNew);
    // Everything not accepted is as it was.
    expect(store.memories.get(ids.core!)!.text).toBe('- Lives in: Lisbon\n- Likes: tea\n- Lives in: Berlin');
    for (const id of [ids.resB, ids.guideA, ids.expB, ids.d2, ids.e1, ids.vaultMarker]) expect(store.memories.get(id!)!.superseded_by).toBeNull();
    expect(store.memories.list({ kinds: ['episodic'], limit: 100 }).filter((m) => String(m.fields.event_type).startsWith('rollup'))).toEqual([]);
    // Once applied, the dry run is spent.
    expect(() => review.apply([core.id])).toThrow(/applied already/);
  });

  it('a change whose memories moved since the dry run is refused in one line, and nothing is applied', async () => {
    const review = await previewDream(store, { now: NOW, timeZone: 'UTC' });
    const ana = review.proposals.find((p) => p.before.some((b) => b.id === ids.anaB))!;
    const res = review.proposals.find((p) => p.before.some((b) => b.id === ids.resB))!;
    // The user edits one of the merged memories after the dry run.
    store.memories.update(ids.anaA!, { text: 'Ana Lima — head of finance.' }, 'the user edited it');
    const before = snapshot();
    let err: unknown;
    try {
      review.apply([res.id, ana.id]);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(DreamApplyError);
    expect((err as DreamApplyError).code).toBe('STALE');
    expect((err as Error).message).toBe(`change ${ana.id} (merge of semantic) is out of date: ${ids.anaA} changed since the dry run; run the dry run again`);
    expect(snapshot()).toBe(before);
    expect(() => review.apply(['chg_nope'])).toThrow('no change chg_nope in this dry run');
    // The fresh one alone still applies.
    expect(review.apply([res.id]).applied).toEqual([res.id]);
    expect(store.memories.get(ids.resB!)!.superseded_by).toBe(ids.resA);
  });

  it('dreams by itself once the machine has been idle, at most once per interval', async () => {
    let now = NOW;
    const brain = createBrain({ store, llm: new OfflineProvider(), timeZone: 'UTC', now: () => now, tickMs: 10, settings: { dream: { idle_min: 30, min_interval_h: 24 } } });
    await brain.start();
    const waitTicks = () => new Promise((r) => setTimeout(r, 80));
    await waitTicks();
    expect(brain.status().last_dream_at).toBeNull(); // just started: not idle yet
    now += 31 * 60_000;
    await waitTicks();
    await brain.meta.idle();
    expect(brain.status().last_dream_at).toBe(new Date(now).toISOString());
    const first = now;
    now += 3 * HOUR;
    await waitTicks();
    expect(brain.status().last_dream_at).toBe(new Date(first).toISOString()); // not again within a day
    now += DAY;
    await waitTicks();
    await brain.meta.idle();
    expect(brain.status().last_dream_at).toBe(new Date(now).toISOString());
    await brain.stop();
  });

  it('runs from the brain on its queue and remembers when it last ran', async () => {
    const brain = createBrain({ store, llm: new OfflineProvider(), timeZone: 'UTC', now: () => NOW });
    expect(brain.status().last_dream_at).toBeNull();
    const r = await brain.dream({ mode: 'all' });
    expect(r.counts.merged).toBeGreaterThan(0);
    expect(brain.status().last_dream_at).toBe(new Date(NOW).toISOString());
  });
});

import { describe, expect, it } from 'vitest';
import type { EngramStore, NewMemory } from '../../agents/store/index.js';
import { OfflineProvider } from '../../agents/llm/index.js';
import { createBrain } from '../../agents/meta/index.js';
import { ARCHIVE_LAST_RUN } from '../../agents/dream/index.js';
import { BRAIN_SETTINGS_KEY } from '../../shared/settings/index.js';
import { tempStoreEachTest } from '../helpers/temp-store.js';

const DAY = 86_400_000;
const NOW = Date.parse('2026-06-20T12:00:00Z');

// Issue 30: memories unused for long leave search for an archive; visible, restorable, never deleted.
describe('archiving unused memories', () => {
  let store: EngramStore;
  const ids: Record<string, string> = {};

  function add(m: Omit<NewMemory, 'provenance'>): string {
    return store.memories.insert({ ...m, provenance: [] }).id;
  }

  tempStoreEachTest('engram-archive-', (t) => {
    store = t.store;
    const old = NOW - 400 * DAY;
    ids.cold = add({ kind: 'semantic', title: 'Harbour ferry timetable', text: 'The harbour ferry leaves at 07:40.', fields: { name: 'harbour ferry' }, created_at: old });
    ids.used = add({ kind: 'semantic', title: 'Harbour ferry fares', text: 'A harbour ferry ticket costs 3 euros.', fields: { name: 'harbour ferry fare' }, created_at: old });
    ids.young = add({ kind: 'episodic', title: 'Booked the harbour ferry', text: 'Booked the harbour ferry for Friday.', fields: { event_type: 'activity' }, occurred_at: NOW - 10 * DAY, created_at: NOW - 10 * DAY });
    ids.core = add({ kind: 'core', title: 'human', text: '- Commutes by harbour ferry', fields: { label: 'human' }, created_at: old });
    ids.vault = add({ kind: 'knowledge_vault', title: 'Harbour ferry pass number', text: 'pass', fields: { entry_type: 'account', source: 'ferry app', secret: 'FP-99812' }, created_at: old });
    ids.experience = add({ kind: 'procedural', title: 'harbour ferry booking', text: 'booked online', fields: { entry_type: 'experience', task: 'harbour ferry booking', action: 'online', outcome: 'success' }, created_at: old });
    // Used 100 days ago: made long ago, but not unused for 180 days.
    store.memories.markUsed([ids.used], NOW - 100 * DAY);
  });

  const searchIds = async (includeArchived?: boolean) =>
    (await store.search({ query: 'harbour ferry', mode: 'bm25', now: NOW, limit: 20, includeArchived })).map((r) => r.memory.id);

  it('the store door counts a use and moves last-used forward, never back', () => {
    expect(store.memories.markUsed([ids.cold!, ids.cold!, 'mem_00000000000000000000000000'], NOW - 5 * DAY)).toBe(1);
    expect(store.memories.get(ids.cold!)).toMatchObject({ access_count: 1, last_accessed_at: new Date(NOW - 5 * DAY).toISOString() });
    store.memories.markUsed([ids.cold!], NOW - 50 * DAY);
    expect(store.memories.get(ids.cold!)).toMatchObject({ access_count: 2, last_accessed_at: new Date(NOW - 5 * DAY).toISOString() });
  });

  it('the brain archives on its timer what went unused for the set days, once a day; core, vault and experiences stay', async () => {
    let now = NOW;
    const brain = createBrain({ store, llm: new OfflineProvider(), timeZone: 'UTC', now: () => now, tickMs: 10, settings: { dream: { auto: false } } });
    await brain.start();
    const waitTicks = () => new Promise((r) => setTimeout(r, 80));
    await waitTicks();
    await brain.meta.idle();
    const archived = (id: string) => store.memories.get(id)!.archived_at;
    expect(archived(ids.cold!)).toBe(new Date(NOW).toISOString());
    for (const k of ['used', 'young', 'core', 'vault', 'experience']) expect(archived(ids[k]!), k).toBeNull();
    expect(store.memories.list({ archived: true, limit: 10 }).map((m) => m.id)).toEqual([ids.cold]);
    // 90 more days: "used" is now 190 days unused, but the pass waits for its day.
    now += 90 * DAY;
    store.settings.set(ARCHIVE_LAST_RUN, now - 3_600_000);
    await waitTicks();
    expect(archived(ids.used!)).toBeNull();
    now += DAY;
    await waitTicks();
    await brain.meta.idle();
    expect(archived(ids.used!)).toBe(new Date(now).toISOString());
    await brain.stop();
    // Nothing deleted: every memory is still there.
    expect(store.memories.count({})).toBe(6);
  });

  it('follows the setting, and 0 days archives nothing', async () => {
    store.settings.set(BRAIN_SETTINGS_KEY, { archive_after_days: 0 });
    const brain = createBrain({ store, llm: new OfflineProvider(), timeZone: 'UTC', now: () => NOW });
    expect((await brain.archive()).archived).toEqual([]);
    store.settings.set(BRAIN_SETTINGS_KEY, { archive_after_days: 50 });
    expect(new Set((await brain.archive()).archived)).toEqual(new Set([ids.cold, ids.used]));
  });

  it('search skips archived memories unless asked; restore brings one back and counts as use', async () => {
    store.memories.archiveUnused(NOW - 180 * DAY, NOW);
    expect(await searchIds()).not.toContain(ids.cold);
    expect(await searchIds()).toContain(ids.used);
    expect(await searchIds(true)).toContain(ids.cold);
    expect(store.memories.list({ kinds: ['semantic'], archived: false }).map((m) => m.id)).toEqual([ids.used]);

    expect(store.memories.restore([ids.cold!, ids.used!], NOW + DAY)).toBe(1);
    const back = store.memories.get(ids.cold!)!;
    expect(back.archived_at).toBeNull();
    expect(back.access_count).toBe(1);
    expect(back.last_accessed_at).toBe(new Date(NOW + DAY).toISOString());
    expect(await searchIds()).toContain(ids.cold);
    // Used just now: the next pass keeps it.
    expect(store.memories.archiveUnused(NOW - 180 * DAY + 2 * DAY, NOW + 2 * DAY)).toEqual([]);
  });
});

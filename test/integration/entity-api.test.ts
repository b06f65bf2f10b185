import { describe, expect, it } from 'vitest';
import { buildGraph } from '../../agents/graph/index.js';
import type { EngramStore } from '../../agents/store/index.js';
import { createApi, type EngramApi } from '../../electron/api/index.js';
import type { Entity, EntityFact, EntityMention, EntityMoment } from '../../shared/api/index.js';
import { FakeCapture } from '../fakes/fake-capture.js';
import { tempStoreEachTest } from '../helpers/temp-store.js';

/** The People & projects requests over a real encrypted store with a graph built by the brain's builder. */
let store: EngramStore;
let api: EngramApi;
const T0 = Date.UTC(2026, 10, 2, 9);
const ids: Record<string, string> = {};

async function ok<T>(name: string, input: unknown = {}): Promise<T> {
  const r = await api.dispatch(name, input);
  if (!r.ok) throw new Error(`${name}: ${r.error.code} ${r.error.message}`);
  return r.output as T;
}
async function err(name: string, input: unknown = {}) {
  const r = await api.dispatch(name, input);
  if (r.ok) throw new Error(`${name} should have failed`);
  return r.error;
}

function write(key: string, text: string, at: number, actor = 'Ben Okafor'): void {
  const m = store.memories.insert({ kind: 'episodic', title: text.slice(0, 40), text, fields: { event_type: 'message', actor }, occurred_at: at });
  buildGraph(store, [{ id: m.id, kind: m.kind, title: m.title, text: m.text, fields: m.fields, at }]);
  ids[key] = m.id;
}

const find = async (query: string) => (await ok<{ items: Entity[] }>('entities.list', { query })).items;

// A fresh store per test: the last test renames, merges and deletes, so no test may see another's edits.
tempStoreEachTest('engram-entity-api-', (t) => {
  store = t.store;
  // Written newest first, so the timeline's forward order is the handler's doing.
  write('late', 'Ana Souza signed off the Atlas launch budget.', T0 + 3 * 86_400_000);
  write('early', 'Ana Souza will review the Atlas launch checklist on Friday.', T0);
  write('carla', 'Carla Mendes booked the room for the offsite.', T0 + 86_400_000);
  api = createApi({ store, host: 'headless', version: 'test', capture: new FakeCapture(), checkOutputs: true });
  return () => api.dispose();
});

describe('entities api', () => {
  it('lists with search and kind filter', async () => {
    const all = (await ok<{ items: Entity[] }>('entities.list', {})).items;
    expect(all.map((e) => e.name)).toEqual(expect.arrayContaining(['Ana Souza', 'Ben Okafor', 'Carla Mendes']));
    const ana = await find('souza');
    expect(ana).toHaveLength(1);
    expect(ana[0]).toMatchObject({ name: 'Ana Souza', kind: 'person', mentions: 2 });
    const people = (await ok<{ items: Entity[] }>('entities.list', { kind: 'person' })).items;
    expect(people.every((e) => e.kind === 'person')).toBe(true);
    expect(people.length).toBeGreaterThanOrEqual(3);
    expect((await ok<{ items: Entity[] }>('entities.list', { query: 'nobody-at-all' })).items).toEqual([]);
    expect(await err('entities.list', { kind: 'alien' })).toMatchObject({ code: 'INVALID_INPUT' });
  });

  it('lists no page or file by its title unless documents are asked for; the document is still one entity', async () => {
    const page = store.memories.insert({ kind: 'resource', title: 'Quarterly roadmap — Wiki', text: 'Web page "Quarterly roadmap — Wiki": the roadmap Carla Mendes keeps.', fields: { url: 'https://wiki.example.org/roadmap' }, occurred_at: T0 });
    buildGraph(store, [{ id: page.id, kind: page.kind, title: page.title, text: page.text, fields: page.fields, at: T0 }]);
    const all = (await ok<{ items: Entity[] }>('entities.list', {})).items;
    expect(all.map((e) => e.kind)).not.toContain('document');
    expect(all.map((e) => e.name)).toContain('Carla Mendes');
    expect((await find('roadmap')).map((e) => e.name)).toEqual([]);
    const docs = (await ok<{ items: Entity[] }>('entities.list', { kind: 'document' })).items;
    expect(docs.map((e) => e.name)).toEqual(['Quarterly roadmap — Wiki']);
  });

  it('gets an entity with its moments oldest first, and facts citing memories', async () => {
    const ana = (await find('souza'))[0]!;
    const got = await ok<{ entity: Entity; facts: EntityFact[]; moments: EntityMoment[] }>('entities.get', { id: ana.id });
    expect(got.entity.id).toBe(ana.id);
    expect(got.moments.map((m) => m.memory_id)).toEqual([ids['early'], ids['late']]);
    expect(got.moments[0]!.snippet).toMatch(/checklist/);
    expect(got.facts.length).toBeGreaterThan(0);
    for (const f of got.facts) {
      expect(f.participants.some((p) => p.entity_id === ana.id)).toBe(true);
      expect(f.sources.length).toBeGreaterThan(0);
    }
    expect(await err('entities.get', { id: 'ent_missing' })).toMatchObject({ code: 'NOT_FOUND' });
    expect(await err('entities.get', { id: '' })).toMatchObject({ code: 'INVALID_INPUT' });
  });

  it('memory detail names the entities a memory mentions', async () => {
    const got = await ok<{ entities: EntityMention[] }>('memories.get', { id: ids['carla'] });
    expect(got.entities.map((e) => e.name)).toEqual(expect.arrayContaining(['Carla Mendes', 'Ben Okafor']));
  });

  it('renames, splits an alias, merges and deletes, with typed errors and memories kept', async () => {
    const ana = (await find('souza'))[0]!;
    const renamed = (await ok<{ entity: Entity }>('entities.rename', { id: ana.id, name: '  Ana  S. Souza ' })).entity;
    expect(renamed.name).toBe('Ana S. Souza');
    expect(renamed.aliases).toContain('Ana Souza');
    expect(await err('entities.rename', { id: ana.id, name: '   ' })).toMatchObject({ code: 'INVALID_INPUT' });
    expect(await err('entities.rename', { id: 'ent_missing', name: 'X' })).toMatchObject({ code: 'NOT_FOUND' });

    const split = (await ok<{ entity: Entity }>('entities.split', { id: ana.id, alias: 'Ana Souza' })).entity;
    expect(split.id).not.toBe(ana.id);
    expect(split.name).toBe('Ana Souza');
    expect(await err('entities.split', { id: ana.id, alias: 'Nobody Else' })).toMatchObject({ code: 'INVALID_INPUT' });

    const merged = (await ok<{ entity: Entity }>('entities.merge', { keep: ana.id, gone: split.id })).entity;
    expect(merged.aliases).toContain('Ana Souza');
    expect(await err('entities.get', { id: split.id })).toMatchObject({ code: 'NOT_FOUND' });
    expect(await err('entities.merge', { keep: ana.id, gone: ana.id })).toMatchObject({ code: 'INVALID_INPUT' });
    expect(await err('entities.merge', { keep: ana.id, gone: 'ent_missing' })).toMatchObject({ code: 'NOT_FOUND' });

    const memories = store.memories.count({});
    expect((await ok<{ deleted: boolean }>('entities.delete', { id: ana.id })).deleted).toBe(true);
    expect(await find('souza')).toEqual([]);
    expect(store.memories.count({})).toBe(memories);
    expect(store.memories.get(ids['early']!)).not.toBeNull();
    expect(await err('entities.delete', { id: ana.id })).toMatchObject({ code: 'NOT_FOUND' });
  });
});

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildGraph, GraphKeeper, type GraphSourceMemory } from '../../agents/graph/index.js';
import { HashEmbedder, openStore, StaticKeyProvider, type EngramStore } from '../../agents/store/index.js';

const dirs: string[] = [];
const stores: EngramStore[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function fresh(opts: { targetVersion?: number; key?: Buffer; dir?: string; vectors?: boolean } = {}): Promise<{ store: EngramStore; dir: string; key: Buffer }> {
  const dir = opts.dir ?? mkdtempSync(join(tmpdir(), 'engram-graph-'));
  if (!opts.dir) dirs.push(dir);
  const key = opts.key ?? randomBytes(32);
  const store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder: opts.vectors === false ? null : new HashEmbedder(64), targetVersion: opts.targetVersion });
  // The graph walk is off by default (it did not pay on LoCoMo); these tests turn it on.
  Object.assign(store.retriever.weights, GRAPH_ON);
  stores.push(store);
  return { store, dir, key };
}

const DAY = 86_400_000;
const GRAPH_ON = { graph: 0.3, graphCandidates: 400, gatherPerSegment: 2 };
const T0 = Date.UTC(2026, 10, 2, 9);

function write(store: EngramStore, text: string, opts: { actor?: string; at?: number; segment?: string; kind?: 'episodic' | 'semantic' | 'resource'; title?: string; name?: string } = {}): GraphSourceMemory {
  const kind = opts.kind ?? 'episodic';
  const fields: Record<string, unknown> = kind === 'episodic' ? { event_type: 'message', ...(opts.actor ? { actor: opts.actor } : {}) } : kind === 'semantic' ? { name: opts.name ?? opts.title ?? '' } : { resource_type: 'document' };
  const m = store.memories.insert({ kind, title: opts.title ?? '', text, fields, occurred_at: opts.at ?? T0, segment: opts.segment });
  const g = { id: m.id, kind: m.kind, title: m.title, text: m.text, fields: m.fields, at: opts.at ?? T0 };
  buildGraph(store, [g]);
  return g;
}

describe('graph memory: entities and facts in the encrypted store', () => {
  it('resolves a first name, an initial and a full name to one person, and keeps two people called Ana apart', async () => {
    const { store } = await fresh();
    write(store, 'Ana will review the launch checklist on Friday.', { actor: 'Ben Okafor' });
    write(store, 'Ana Souza signed off the Atlas budget.', { actor: 'Ben Okafor' });
    write(store, 'A. Souza asked for the slides again.', { actor: 'Ben Okafor' });
    const anas = store.graph.list({ query: 'souza' });
    expect(anas).toHaveLength(1);
    expect(anas[0]!.name).toBe('Ana Souza');
    expect(anas[0]!.aliases.map((a) => a.toLowerCase())).toEqual(expect.arrayContaining(['ana', 'a. souza']));
    expect(anas[0]!.mentions).toBe(3);

    // A second Ana, with her surname: a person of her own, not merged into the first.
    write(store, 'Ana Lima from finance sent the invoice.', { actor: 'Ben Okafor' });
    const lima = store.graph.list({ query: 'lima' });
    expect(lima).toHaveLength(1);
    expect(lima[0]!.id).not.toBe(anas[0]!.id);
    // "Ana" next to "Ana Lima" in the same memory means her.
    const g = write(store, 'Ana Lima called; Ana wants the receipts by noon.', { actor: 'Ben Okafor' });
    const linked = store.graph.entitiesOf(g.id).map((e) => e.name);
    expect(linked).toContain('Ana Lima');
    expect(linked).not.toContain('Ana Souza');
    // The speaker is one person across all five memories.
    expect(store.graph.list({ query: 'okafor' })[0]!.mentions).toBe(5);
  });

  it('ties entities together in facts that cite their memories, and forgetting the source removes what rests only on it', async () => {
    const { store } = await fresh();
    const kept = write(store, 'Ana Souza approved the Atlas launch with Priya Raman.', { actor: 'Ben Okafor', at: T0 - 10 * DAY });
    const gone = write(store, 'Priya Raman and Marco Bianchi planned the Lisbon offsite.', { actor: 'Ben Okafor', at: T0 });
    const marco = store.graph.list({ query: 'bianchi' })[0]!;
    expect(marco).toBeDefined();
    const facts = store.graph.facts(marco.id);
    expect(facts).toHaveLength(1);
    expect(facts[0]!.sources).toEqual([gone.id]);
    expect(facts[0]!.participants.map((p) => p.name)).toEqual(expect.arrayContaining(['Ben Okafor', 'Marco Bianchi', 'Priya Raman']));
    const before = store.graph.counts();

    store.forget({ from: T0 - DAY, to: T0 + DAY });
    // Marco appeared only in the forgotten memory: he and the fact are gone; Priya stays (the older memory names her).
    expect(store.graph.list({ query: 'bianchi' })).toHaveLength(0);
    expect(store.graph.get(marco.id)).toBeNull();
    const priya = store.graph.list({ query: 'raman' })[0]!;
    expect(priya.mentions).toBe(1);
    expect(store.graph.facts(priya.id).every((f) => f.sources.every((s) => s === kept.id))).toBe(true);
    const after = store.graph.counts();
    expect(after.facts).toBe(before.facts - 1);
    expect(after.entities).toBeLessThan(before.entities);
    // Nothing of the forgotten text is left in the graph's tables.
    const dump = JSON.stringify(store.db.prepare('SELECT * FROM graph_facts').all()) + JSON.stringify(store.db.prepare('SELECT * FROM entity_aliases').all());
    expect(dump).not.toMatch(/Lisbon|Bianchi/);
  });

  it('rename, merge (kept in history), split an alias off, delete', async () => {
    const { store } = await fresh();
    write(store, 'Jo Park fixed the build.', { actor: 'Ben Okafor' });
    write(store, 'Joanna Park shared the deck.', { actor: 'Ben Okafor' });
    const [jo] = store.graph.list({ query: 'jo park' });
    const [joanna] = store.graph.list({ query: 'joanna' });
    expect(jo!.id).not.toBe(joanna!.id);
    const merged = store.graph.merge(joanna!.id, jo!.id);
    expect(merged.mentions).toBe(2);
    expect(merged.aliases).toContain('Jo Park');
    expect(store.graph.get(jo!.id)).toBeNull();
    const history = store.db.prepare('SELECT reason FROM graph_history WHERE entity_id = ?').pluck().all(joanna!.id) as string[];
    expect(history.some((r) => r.startsWith('merged'))).toBe(true);

    const renamed = store.graph.rename(joanna!.id, 'Joanna K. Park');
    expect(renamed.name).toBe('Joanna K. Park');
    const split = store.graph.splitAlias(joanna!.id, 'Jo Park');
    expect(split.name).toBe('Jo Park');
    expect(store.graph.get(joanna!.id)!.aliases).not.toContain('Jo Park');
    expect(() => store.graph.splitAlias(joanna!.id, 'Nobody')).toThrow(/not an alias/);

    const memoriesBefore = store.memories.list({ limit: 10 }).length;
    expect(store.graph.delete(joanna!.id)).toBe(true);
    expect(store.graph.get(joanna!.id)).toBeNull();
    expect(store.memories.list({ limit: 10 }).length).toBe(memoriesBefore);
  });

  it('retrieval walks the graph: a question about a project reaches what its people did in other sessions, and says through whom', async () => {
    // Keyword search only, so the control below cannot be reached by a chance vector neighbour.
    const { store } = await fresh({ vectors: false });
    // The Atlas launch and Priya are tied by a fact; what Priya booked is in another session and never names Atlas.
    write(store, 'Priya Raman is leading the Atlas launch this quarter.', { actor: 'Ben Okafor', segment: 's1', at: T0 - 5 * DAY });
    for (let i = 0; i < 30; i++) write(store, `Filler note ${i} about the weather and lunch plans.`, { actor: 'Ben Okafor', segment: `f${i}`, at: T0 - 4 * DAY + i });
    const booked = write(store, 'Priya Raman booked the venue for the press day at the Harbour Hall.', { actor: 'Carla Diaz', segment: 's2', at: T0 - 2 * DAY });
    await store.flushEmbeddings();
    const withGraph = await store.search({ query: 'What has been arranged for Atlas?', limit: 5 });
    const hit = withGraph.find((r) => r.memory.id === booked.id);
    expect(hit).toBeDefined();
    expect(hit!.reasons.graph_boost).toBeGreaterThan(0);
    expect(hit!.reasons.linked_through).toMatch(/Atlas.*→.*Priya Raman|Priya Raman/);

    // Positive control: with the graph's weight at zero the venue memory is not reached by the words alone.
    store.retriever.weights.graph = 0;
    store.retriever.weights.graphCandidates = 0;
    const without = await store.search({ query: 'What has been arranged for Atlas?', limit: 5 });
    expect(without.some((r) => r.memory.id === booked.id)).toBe(false);
  });

  it('a question asking for everything about someone gathers across sessions instead of one session\'s near-duplicates', async () => {
    const { store } = await fresh();
    for (let i = 0; i < 6; i++) write(store, `Maya Chen went hiking on the ridge trail again, hiking is her thing (${i}).`, { actor: 'Maya Chen', segment: 'week1', at: T0 - 20 * DAY + i });
    const pottery = write(store, 'Maya Chen took a pottery class and loved the wheel.', { actor: 'Maya Chen', segment: 'week2', at: T0 - 10 * DAY });
    const swim = write(store, 'Maya Chen swims laps before work to clear her head.', { actor: 'Maya Chen', segment: 'week3', at: T0 - 5 * DAY });
    await store.flushEmbeddings();
    const r = await store.search({ query: 'What activities does Maya Chen enjoy?', limit: 4 });
    const ids = r.map((x) => x.memory.id);
    expect(ids).toContain(pottery.id);
    expect(ids).toContain(swim.id);
    expect(r.filter((x) => x.memory.segment === 'week1').length).toBeLessThanOrEqual(2);
  });

  it('migrates a version-4 database with data up to the graph schema, and the graph reads its memories', async () => {
    const key = randomBytes(32);
    const { store: old, dir } = await fresh({ targetVersion: 4, key });
    const m = old.memories.insert({ kind: 'episodic', text: 'Ana Souza met Ben Okafor about Atlas', fields: { event_type: 'message', actor: 'Ben Okafor' }, occurred_at: T0 });
    expect(() => old.db.prepare('SELECT count(*) FROM entities').get()).toThrow();
    await old.close();
    stores.splice(stores.indexOf(old), 1);
    const { store } = await fresh({ key, dir });
    expect(store.memories.get(m.id)?.text).toBe('Ana Souza met Ben Okafor about Atlas');
    expect(store.graph.counts().entities).toBe(0);
    // The keeper reads memories written before the upgrade (and before a crash) at its first start.
    const keeper = new GraphKeeper(store);
    expect(keeper.catchUp()).toBe(1);
    expect(store.graph.list({ query: 'okafor' })).toHaveLength(1);
    expect(store.graph.entitiesOf(m.id).map((e) => e.name)).toEqual(expect.arrayContaining(['Ana Souza', 'Ben Okafor']));
    expect(keeper.catchUp()).toBe(0);
    // Later writes are read from the store's memory events.
    keeper.start();
    const later = store.memories.insert({ kind: 'episodic', text: 'Priya Raman joined the call', fields: { event_type: 'message', actor: 'Ben Okafor' }, occurred_at: T0 + 1 });
    await new Promise((r) => setTimeout(r, 600));
    keeper.stop();
    expect(store.graph.entitiesOf(later.id).map((e) => e.name)).toContain('Priya Raman');
  });
});

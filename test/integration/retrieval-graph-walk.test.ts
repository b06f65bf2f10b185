import { describe, expect, it } from 'vitest';
import { buildGraph } from '../../agents/graph/index.js';
import { DEFAULT_WALK, DEFAULT_WEIGHTS, GraphWalk, type EngramStore } from '../../agents/store/index.js';
import { freshStores } from '../helpers/temp-store.js';

const fresh = freshStores('engram-walk-');

const T0 = Date.UTC(2026, 5, 1, 9);

function say(store: EngramStore, actor: string, text: string, i: number): string {
  const m = store.memories.insert({ kind: 'episodic', text, fields: { event_type: 'message', actor }, occurred_at: T0 + i * 60_000, segment: `s${i}` });
  buildGraph(store, [{ id: m.id, kind: m.kind, title: m.title, text: m.text, fields: m.fields, at: T0 + i * 60_000 }]);
  return m.id;
}

describe('graph walk: bounded, and never through hubs', () => {
  it('reaches the memories of entities one fact away, skips a hub named everywhere, and reads no more than its limits', async () => {
    const store = await fresh();
    let i = 0;
    // Ana and the Atlas launch share facts; Hugo Brandt is named in every memory (a hub).
    for (let k = 0; k < 3; k++) say(store, 'Ana Souza', `Ana Souza reviewed the Atlas launch plan with Hugo Brandt (${k}).`, i++);
    const atlasOnly = say(store, 'Ben Okafor', 'Ben Okafor moved the Atlas launch press day with Hugo Brandt to Friday.', i++);
    for (let k = 0; k < 40; k++) say(store, 'Carla Diaz', `Carla Diaz asked Hugo Brandt about lunch, note ${k}.`, i++);
    const ana = store.graph.entitiesIn('What did Ana Souza do?')[0]!;
    expect(ana.name).toBe('Ana Souza');
    const hugo = store.graph.entitiesIn('Hugo Brandt')[0]!;
    const walk = new GraphWalk(store.db);

    const limits = { ...DEFAULT_WALK, hubShare: 0.5, hubMin: 10 };
    const links = walk.walk([ana.id], limits);
    const reached = links.find((l) => l.memory_id === atlasOnly);
    expect(reached).toBeDefined();
    expect(reached!.via).toBe(ana.id);
    expect(links.every((l) => l.hops === 1 || l.hops === 2)).toBe(true);
    // Hugo is named in 44 of 44 memories: a hub, never walked through.
    expect(links.some((l) => l.entity_id === hugo.id)).toBe(false);

    // The same walk with the hub threshold out of reach walks through Hugo (the control for the line above).
    const through = walk.walk([ana.id], { ...limits, hubShare: 1, hubMin: 1000 });
    expect(through.some((l) => l.entity_id === hugo.id)).toBe(true);
    // Bounded: at most perNeighbour memories from each of at most `neighbours` entities per hop.
    const tight = walk.walk([ana.id], { ...limits, hubShare: 1, hubMin: 1000, neighbours: 1, perNeighbour: 2, secondHop: 0 });
    expect(tight.length).toBeLessThanOrEqual(2);
    expect(new Set(tight.map((l) => l.entity_id)).size).toBe(1);
  });

  it('finds the entities a question names with one statement prepared once, not one per question', async () => {
    const store = await fresh();
    say(store, 'Ana Souza', 'Ana Souza reviewed the Atlas launch plan.', 0);
    expect(store.graph.entitiesIn('What did Ana Souza do?')[0]?.name).toBe('Ana Souza');
    const db = store.db;
    const prepare = db.prepare.bind(db);
    const asked: string[] = [];
    db.prepare = ((sql: string) => {
      asked.push(sql);
      return prepare(sql);
    }) as typeof db.prepare;
    try {
      expect(store.graph.entitiesIn('Where is Ana Souza?')[0]?.name).toBe('Ana Souza');
    } finally {
      db.prepare = prepare as typeof db.prepare;
    }
    expect(asked).toEqual([]);
  });

  it('counts kept across queries are read again once the store has grown: an entity that became a hub is no longer walked through', async () => {
    const store = await fresh();
    let i = 0;
    for (let k = 0; k < 2; k++) say(store, 'Ana Souza', `Ana Souza planned the garden with Dora Lind (${k}).`, i++);
    const ana = store.graph.entitiesIn('Ana Souza')[0]!;
    const dora = store.graph.entitiesIn('Dora Lind')[0]!;
    const walk = new GraphWalk(store.db);
    const limits = { ...DEFAULT_WALK, hubShare: 0, hubMin: 6 };
    expect(walk.walk([ana.id], limits).some((l) => l.entity_id === dora.id)).toBe(true);
    // Dora is now named in 10 of 10 memories (6 or more make a hub here).
    for (let k = 0; k < 8; k++) say(store, 'Carla Diaz', `Carla Diaz met Dora Lind for coffee, note ${k}.`, i++);
    expect(walk.walk([ana.id], limits).some((l) => l.entity_id === dora.id)).toBe(false);
  });

  it('gathers around the best matches: an entity the matching memory names leads to its memories in other sessions', async () => {
    const store = await fresh();
    let i = 0;
    const named = say(store, 'Andrew Kim', 'My new dog is called Toby, he loves the park.', i++);
    for (let k = 0; k < 20; k++) say(store, 'Andrew Kim', `The weather report for day ${k} was grey and mild.`, i++);
    // Another session, not one word of the question in it: only Toby ties it to the question.
    const later = say(store, 'Andrew Kim', 'We took Toby on a long hike up the ridge trail.', i++);
    const question = 'What is the name of the new dog?';
    store.retriever.weights.graphGather = 0;
    const plain = await store.search({ query: question, limit: 5 });
    expect(plain[0]?.memory.id).toBe(named);
    expect(plain.some((r) => r.memory.id === later)).toBe(false);

    store.retriever.weights.graphGather = 0.6;
    const gathered = await store.search({ query: question, limit: 5 });
    expect(gathered[0]?.memory.id).toBe(named);
    const hit = gathered.find((r) => r.memory.id === later);
    expect(hit).toBeDefined();
    expect(hit!.reasons.graph_boost).toBeGreaterThan(0);
    expect(hit!.reasons.linked_through).toBe('Toby');

    // The memories only the graph reached join the candidates up to graphCandidates, the gathered ones too.
    store.retriever.weights.graphCandidates = 0;
    const capped = await store.search({ query: question, limit: 5 });
    expect(capped.some((r) => r.memory.id === later)).toBe(false);
  });
});

/** Priya and the Orion rollout share facts; one memory about Orion never names Priya. */
function seed(store: EngramStore): { onlyLinked: string } {
  let i = 0;
  for (let k = 0; k < 3; k++) say(store, 'Priya Raman', `Priya Raman went through the Orion rollout checklist with Tomas Berg (${k}).`, i++);
  const onlyLinked = say(store, 'Lena Vogt', 'Lena Vogt pushed the Orion rollout freeze to the 14th after the audit.', i++);
  for (let k = 0; k < 12; k++) say(store, 'Lena Vogt', `Lena Vogt booked the quarterly offsite venue, option ${k}.`, i++);
  return { onlyLinked };
}

describe('entity questions go through the graph walk (default weights)', () => {
  it('a question naming a known person finds a memory only the graph links to them', async () => {
    const store = await fresh();
    const { onlyLinked } = seed(store);
    const hits = await store.search({ query: "What's going on with Priya Raman lately?", limit: 10 });
    const hit = hits.find((h) => h.memory.id === onlyLinked);
    expect(hit, 'the Orion memory that never names Priya').toBeDefined();
    expect(hit!.reasons.graph_boost).toBeGreaterThan(0);
    expect(hit!.reasons.linked_through).toContain('Priya Raman');
  });

  it('a question naming no known person, project or organisation keeps the plain hybrid', async () => {
    const store = await fresh();
    seed(store);
    const hits = await store.search({ query: 'what happened with the checklist?', limit: 10 });
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((h) => h.reasons.graph_boost === undefined)).toBe(true);
  });

  it('the switch is the graphNamed weight: at 0 the same question does not reach the linked memory', async () => {
    const store = await fresh();
    const { onlyLinked } = seed(store);
    expect(DEFAULT_WEIGHTS.graphNamed).toBeGreaterThan(0);
    store.retriever.weights.graphNamed = 0;
    const hits = await store.search({ query: "What's going on with Priya Raman lately?", limit: 10 });
    expect(hits.some((h) => h.memory.id === onlyLinked)).toBe(false);
  });
});

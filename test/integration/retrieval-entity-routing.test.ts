import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildGraph } from '../../agents/graph/index.js';
import { DEFAULT_WEIGHTS, openStore, StaticKeyProvider, type EngramStore } from '../../agents/store/index.js';

const dirs: string[] = [];
const stores: EngramStore[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function fresh(): Promise<EngramStore> {
  const dir = mkdtempSync(join(tmpdir(), 'engram-route-'));
  dirs.push(dir);
  const store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(randomBytes(32)), embedder: null });
  stores.push(store);
  return store;
}

const T0 = Date.UTC(2026, 5, 1, 9);

function note(store: EngramStore, actor: string, text: string, i: number): string {
  const m = store.memories.insert({ kind: 'episodic', text, fields: { event_type: 'message', actor }, occurred_at: T0 + i * 60_000, segment: `s${i}` });
  buildGraph(store, [{ id: m.id, kind: m.kind, title: m.title, text: m.text, fields: m.fields, at: T0 + i * 60_000 }]);
  return m.id;
}

/** Priya and the Orion rollout share facts; one memory about Orion never names Priya. */
function seed(store: EngramStore): { onlyLinked: string } {
  let i = 0;
  for (let k = 0; k < 3; k++) note(store, 'Priya Raman', `Priya Raman went through the Orion rollout checklist with Tomas Berg (${k}).`, i++);
  const onlyLinked = note(store, 'Lena Vogt', 'Lena Vogt pushed the Orion rollout freeze to the 14th after the audit.', i++);
  for (let k = 0; k < 12; k++) note(store, 'Lena Vogt', `Lena Vogt booked the quarterly offsite venue, option ${k}.`, i++);
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

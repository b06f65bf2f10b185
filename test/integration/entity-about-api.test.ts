import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGraph } from '../../agents/graph/index.js';
import type { EngramStore } from '../../agents/store/index.js';
import { createApi, type EngramApi } from '../../electron/api/index.js';
import type { EntityCard, EntityRef } from '../../shared/api/index.js';
import { FakeCapture } from '../fakes/fake-capture.js';
import { openTempStore, removeTempStore } from '../helpers/temp-store.js';

/** entities.about: what a chat turn is about in the graph (cards for the question, links for each citation), over a real store. */

let dir: string;
let store: EngramStore;
let api: EngramApi;
const T0 = Date.UTC(2026, 10, 2, 9);
type About = { named: EntityCard[]; by_memory: Record<string, EntityRef[]> };

async function about(input: unknown): Promise<About> {
  const r = await api.dispatch('entities.about', input);
  if (!r.ok) throw new Error(`${r.error.code} ${r.error.message}`);
  return r.output as About;
}

function write(text: string, at: number, kind: 'episodic' | 'knowledge_vault' = 'episodic'): string {
  const m =
    kind === 'episodic'
      ? store.memories.insert({ kind, title: text.slice(0, 40), text, fields: { event_type: 'message', actor: 'Ben Okafor' }, occurred_at: at })
      : store.memories.insert({ kind, title: text.slice(0, 40), text, fields: { entry_type: 'credential', source: 'chat', sensitivity: 'high', secret: 'hunter2-secret' } });
  buildGraph(store, [{ id: m.id, kind: m.kind, title: m.title, text: m.text, fields: m.fields, at }]);
  return m.id;
}

let review: string;
let budget: string;
let vault: string;

beforeAll(async () => {
  ({ dir, store } = await openTempStore('engram-entity-about-'));
  review = write('Ana Souza will review the Atlas launch checklist on Friday.', T0);
  budget = write('Ana Souza signed off the Atlas launch budget.', T0 + 86_400_000);
  vault = write('Ana Souza gave the Atlas admin password', T0 + 2 * 86_400_000, 'knowledge_vault');
  api = createApi({ store, host: 'headless', version: 'test', capture: new FakeCapture(), checkOutputs: true });
});
afterAll(async () => {
  api.dispose();
  await removeTempStore(store, dir);
});

describe('entities.about', () => {
  it('cards for the entities the question names, links for each cited memory', async () => {
    const r = await about({ text: 'What did ana souza decide about Atlas?', memory_ids: [review, budget, 'mem_01m8mx8p8s5mjy5vrrh4mjtqwq'] });
    expect(r.named.map((e) => e.name)).toContain('Ana Souza');
    const ana = r.named.find((e) => e.name === 'Ana Souza')!;
    expect(ana.kind).toBe('person');
    expect(Object.keys(r.by_memory).sort()).toEqual([review, budget].sort());
    expect(r.by_memory[budget]!.map((e) => e.id)).toContain(ana.id);
  });

  it('names nobody: no card; a withheld vault item gives no links and no fact resting on it is quoted', async () => {
    expect((await about({ text: 'How big is the contingency reserve?' })).named).toEqual([]);
    const r = await about({ text: 'Atlas and Ana Souza', memory_ids: [vault] });
    expect(r.by_memory).toEqual({});
    for (const e of r.named) for (const f of e.key_facts) expect(f.sources).not.toContain(vault);
    expect(JSON.stringify(r)).not.toContain('hunter2');
  });

  it('refuses bad input with a clear error', async () => {
    const bad = await api.dispatch('entities.about', { memory_ids: Array.from({ length: 51 }, () => 'mem_01m8mx8p8s5mjy5vrrh4mjtqwq') });
    expect(bad.ok).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { buildGraph } from '../../agents/graph/index.js';
import { DEFAULT_WALK, GraphWalk, type Embedder, type EngramStore } from '../../agents/store/index.js';
import { SegmentNeighbours, type SegmentPosition } from '../../agents/store/segment-neighbours.js';
import { cosine, VectorIndex } from '../../agents/store/vector-index.js';
import { prng } from '../fixtures/prng.js';
import { tempStoreEachTest } from '../helpers/temp-store.js';

const DIM = 64;

class TableEmbedder implements Embedder {
  readonly id = 'table-64';
  readonly dimensions = DIM;
  async embed(texts: string[]): Promise<Float32Array[]> {
    return texts.map(() => new Float32Array(DIM).fill(0.1));
  }
}

/**
 * The query path reads many rows' neighbours and vectors with one statement each (the per-row
 * statements cost more than the seeks). These check the batched reads against the one-at-a-time ones.
 */
describe('batched lookups of the query path', () => {
  let store: EngramStore;
  const rand = prng(11);

  tempStoreEachTest('engram-batched-', (t) => {
    store = t.store;
  }, { embedder: new TableEmbedder() });

  it('gives every unit the neighbours list() gives it: ties in time, inserts in the middle, no segment', () => {
    const t0 = Date.UTC(2026, 2, 1);
    store.transaction(() => {
      for (let i = 0; i < 300; i++) {
        // Three segments written interleaved, times often equal (tie broken by seq), some going back in time.
        const segment = i % 7 === 0 ? null : `s${i % 3}`;
        const at = t0 + Math.floor(rand() * 40) * 60_000;
        store.memories.insert({ kind: i % 2 ? 'episodic' : 'semantic', text: `unit ${i}`, segment, occurred_at: i % 2 ? at : null, created_at: at });
      }
    });
    const rows = store.db.prepare('SELECT seq, segment, occurred_at, created_at FROM memories ORDER BY seq').all() as SegmentPosition[];
    const nb = new SegmentNeighbours(store.db);
    for (const radius of [1, 2, 4]) {
      const many = nb.listMany(
        rows.map((r) => r.seq),
        radius,
      );
      let withNeighbours = 0;
      for (const r of rows) {
        const one = nb.list(r, radius);
        expect(many.get(r.seq) ?? [], `seq ${r.seq} radius ${radius}`).toEqual(one);
        if (one.length) withNeighbours++;
      }
      expect(withNeighbours).toBeGreaterThan(250);
    }
    // A unit that is gone, and an empty list, have none.
    expect(nb.listMany([999_999], 1).size).toBe(0);
    expect(nb.listMany([], 1).size).toBe(0);
  });

  it('scores vectors read as one blob exactly as read row by row, and a damaged row apart', () => {
    const index = new VectorIndex(store.db, 'table-64', DIM);
    const vectors = new Map<number, Float32Array>();
    store.transaction(() => {
      for (let seq = 1; seq <= 1200; seq++) {
        const v = Float32Array.from({ length: DIM }, () => rand() - 0.5);
        index.upsert(seq, v);
        vectors.set(seq, v);
      }
    });
    const q = Float32Array.from({ length: DIM }, () => rand() - 0.5);
    const asked = [...vectors.keys()].filter((s) => s % 3 !== 0);
    asked.push(5_000); // no vector: left out
    const stored = (seq: number) => {
      const b = store.db.prepare('SELECT vector FROM memory_vec WHERE seq = ?').pluck().get(seq) as Buffer;
      return new Int8Array(b.buffer, b.byteOffset, b.byteLength);
    };
    const sims = index.similarities(q, asked);
    expect(sims.size).toBe(asked.length - 1);
    for (const seq of asked.slice(0, -1)) expect(sims.get(seq)).toBe(cosine(q, stored(seq)));

    // A row whose blob is not DIM bytes long (never written so): the other rows of its batch still score as stored.
    store.db.prepare('UPDATE memory_vec SET vector = ? WHERE seq = ?').run(Buffer.alloc(DIM - 8, 3), 2);
    const again = index.similarities(q, asked);
    expect(again.size).toBe(asked.length - 1);
    for (const seq of asked.slice(0, -1)) if (seq !== 2) expect(again.get(seq)).toBe(cosine(q, stored(seq)));
  });

  it('walks and gathers from each entity its newest memories, newest first, as many as the limit', () => {
    const T0 = Date.UTC(2026, 5, 1, 9);
    const said: { id: string; who: string }[] = [];
    const say = (actor: string, text: string, i: number) => {
      const m = store.memories.insert({ kind: 'episodic', text, fields: { event_type: 'message', actor }, occurred_at: T0 + i * 60_000, created_at: T0 + i * 60_000, segment: `s${i}` });
      buildGraph(store, [{ id: m.id, kind: m.kind, title: m.title, text: m.text, fields: m.fields, at: T0 + i * 60_000 }]);
      return m.id;
    };
    let i = 0;
    // Ana works with Ben and with Carla; Ben and Carla each have many memories of their own.
    say('Ana Souza', 'Ana Souza planned the Atlas launch with Ben Okafor.', i++);
    say('Ana Souza', 'Ana Souza reviewed the budget with Carla Diaz.', i++);
    for (let k = 0; k < 9; k++) said.push({ id: say('Ben Okafor', `Ben Okafor wrote release note ${k} with Ana Souza.`, i++), who: 'Ben Okafor' });
    for (let k = 0; k < 9; k++) said.push({ id: say('Carla Diaz', `Carla Diaz checked invoice ${k} with Ana Souza.`, i++), who: 'Carla Diaz' });
    const ana = store.graph.entitiesIn('Ana Souza')[0]!;
    const walk = new GraphWalk(store.db);
    const limits = { ...DEFAULT_WALK, hubShare: 1, hubMin: 1000, perNeighbour: 3, secondHop: 0 };
    const links = walk.walk([ana.id], limits);
    for (const who of ['Ben Okafor', 'Carla Diaz']) {
      const e = store.graph.entitiesIn(who)[0]!;
      const got = links.filter((l) => l.entity_id === e.id).map((l) => l.memory_id);
      // Memory ids sort by time: the newest three, newest first.
      const newest = said.filter((x) => x.who === who).map((x) => x.id).reverse().slice(0, 3);
      expect(got, who).toEqual(newest);
    }
    const seed = store.db.prepare('SELECT seq FROM memories WHERE id = ?').pluck().get(said[0]!.id) as number;
    const gathered = walk.gather([{ seq: seed, relevance: 1 }], limits);
    const ben = store.graph.entitiesIn('Ben Okafor')[0]!;
    expect(gathered.filter((l) => l.entity_id === ben.id).map((l) => l.memory_id)).toEqual(said.filter((x) => x.who === 'Ben Okafor').map((x) => x.id).reverse().slice(0, 3));
  });
});

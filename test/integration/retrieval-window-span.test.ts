import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { openStore, StaticKeyProvider, type EngramStore } from '../../agents/store/index.js';

const MIN = 60_000;
const T0 = Date.UTC(2026, 2, 1);

/**
 * A time window's keyword search: FTS5 scores only the span of rowids the window's rows hold
 * (retriever.ts seqSpan), and one whose matches the best BM25 rows of the span do not reach is
 * asked again with the window in the query: the span must hold every row that can pass, at its
 * edges too, and a memory written late about an earlier time (an import), whose seq is far from
 * its neighbours in time.
 */
describe('windowed keyword search among the span of seqs the window holds', () => {
  let dir: string;
  let store: EngramStore;
  /** The weak "kiwi" rows by the minute they are at (the decoys outside every window score higher). */
  const kiwi = new Map<number, string>();
  /** Every minute's row. */
  const minute: string[] = [];
  let imported = '';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'engram-window-span-'));
    store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(randomBytes(32)) });
    // A shallow first pass, so that the decoys fill it and the window is asked again.
    store.retriever.weights = { ...store.retriever.weights, candidates: 5, bm25Pool: 5 };
    store.transaction(() => {
      // Decoys: short rows saying it three times, before every window (written first, the lowest seqs).
      for (let i = 0; i < 150; i++) store.memories.insert({ kind: 'semantic', text: `kiwi kiwi kiwi ${i}`, created_at: T0 - (1000 - i) * MIN });
      // 20,100 minutes, one row each: "kiwi" once in a long row at the first and last minute of the
      // narrow window (100-199) and of the wide one (0-20,099), and at a few minutes between.
      for (let m = 0; m < 20_100; m++) {
        const has = [0, 100, 150, 199, 10_000, 20_099].includes(m);
        const text = has ? `a long note about the orchard and the market stall where the kiwi sat beside the pears ${m}` : `minute ${m} of the orchard log`;
        const mem = store.memories.insert({ kind: 'episodic', text, occurred_at: T0 + m * MIN, created_at: T0 + m * MIN });
        if (has) kiwi.set(m, mem.id);
        minute.push(mem.id);
      }
    });
    // Written last (the highest seq) about minute 120: inside both windows.
    imported = store.memories.insert({ kind: 'episodic', text: 'an imported note, the kiwi from the old orchard, long before it was written down', occurred_at: T0 + 120 * MIN, created_at: T0 + 30_000 * MIN }).id;
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const ids = async (since: number | undefined, until: number | undefined) =>
    new Set((await store.search({ query: 'kiwi', mode: 'bm25', since, until, limit: 10, now: T0 + 40_000 * MIN })).map((h) => h.memory.id));

  it('finds every match of a window it lists (up to 20,000 rows), first and last included', async () => {
    expect(await ids(T0 + 100 * MIN, T0 + 199 * MIN)).toEqual(new Set([kiwi.get(100), kiwi.get(150), kiwi.get(199), imported]));
    // A window edge on the matching row's minute, from either side.
    expect(await ids(T0 + 150 * MIN, T0 + 150 * MIN)).toEqual(new Set([kiwi.get(150)]));
  });

  it('finds every match of a window too large to list (its span read from the time index)', async () => {
    expect(await ids(T0, T0 + 20_099 * MIN)).toEqual(new Set([...kiwi.values(), imported]));
    // Open at the end: the imported row's time is inside, its seq beyond every other.
    expect(await ids(T0, undefined)).toEqual(new Set([...kiwi.values(), imported]));
  });

  it('keeps the first pass’s matches that are in a window too large to list, the first row of its span included', async () => {
    // "orchard" is in every minute's row, and the short ones tie: the first pass (4 x 30 rows,
    // ties by seq) holds minutes 1-120, all in the window, so its first 30 are the candidates, and
    // the latest 10 of them (the usage weight) the results. A row of the span left out moves them.
    const got = await store.search({ query: 'orchard', mode: 'bm25', since: T0 + MIN, until: T0 + 20_099 * MIN, limit: 10, now: T0 + 40_000 * MIN });
    expect(got.map((h) => h.memory.id)).toEqual(minute.slice(21, 31).reverse());
  });

  it('scores only the matches in the span of a narrow window, never every match first', async () => {
    // Every BM25 statement the search runs (the FTS5 MATCH ones), with its parameters.
    const proto = Object.getPrototypeOf(store.db.prepare('SELECT 1')) as { all: (...a: unknown[]) => unknown[] };
    const all = proto.all;
    const ran: { sql: string; params: unknown[] }[] = [];
    proto.all = function (this: { source: string }, ...params: unknown[]) {
      if (/memory_fts MATCH/.test(this.source) && /bm25\(/.test(this.source)) ran.push({ sql: this.source, params });
      return all.apply(this, params);
    };
    try {
      for (const [since, until] of [
        [T0 + 100 * MIN, T0 + 199 * MIN],
        [T0, T0 + 20_099 * MIN],
      ] as const) {
        ran.length = 0;
        const got = await store.search({ query: 'kiwi orchard', since, until, limit: 10, now: T0 + 40_000 * MIN });
        expect(got.length).toBeGreaterThan(0);
        expect(ran.length).toBeGreaterThan(0);
        // The span's first seq is the window's first minute's; its last, the imported row's.
        const first = BigInt(store.db.prepare('SELECT min(seq) FROM memories WHERE occurred_at >= ?').pluck().get(since) as number);
        for (const r of ran) {
          expect(r.sql).toMatch(/rowid BETWEEN \? AND \?/);
          expect(r.params.slice(1, 3)).toEqual([first, BigInt(store.db.prepare('SELECT seq FROM memories WHERE id = ?').pluck().get(imported) as number)]);
        }
      }
    } finally {
      proto.all = all;
    }
  });

  it('finds nothing in a window with no rows', async () => {
    expect(await ids(T0 + 50_000 * MIN, T0 + 60_000 * MIN)).toEqual(new Set());
  });
});

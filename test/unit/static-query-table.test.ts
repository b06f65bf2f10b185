import { describe, expect, it } from 'vitest';
import { QueryTableError, StaticQueryTable, UseEmbedder, type Embedder, type EmbedOptions } from '../../agents/store/index.js';
import { openStore, StaticKeyProvider } from '../../agents/store/index.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A table file by hand: the reserved six pieces, then ▁red, ▁blue, ▁car (scored above the unknown piece's 0, which the real vocabulary's single letters never leave to win). */
const VOCAB: [string, number][] = [['\uFFFD', 0], ['<s>', 0], ['</s>', 0], ['x1', 0], ['x2', 0], ['x3', 0], ['\u2581red', 1], ['\u2581blue', 1], ['\u2581car', 1]];
const D = 4;
function tableFile(rows: number[][], bias = [0, 0, 0, 0]): Buffer {
  const header = Buffer.alloc(16);
  header.write('EGQT', 0, 'latin1');
  header.writeUInt32LE(1, 4);
  header.writeUInt32LE(VOCAB.length, 8);
  header.writeUInt32LE(D, 12);
  const scale = new Float32Array(VOCAB.length).fill(0.5);
  const data = new Int8Array(VOCAB.length * D);
  rows.forEach((r, id) => r.forEach((x, d) => (data[id * D + d] = x)));
  return Buffer.concat([header, Buffer.from(new Float32Array(bias).buffer), Buffer.from(scale.buffer), Buffer.from(data.buffer)]);
}
const ROWS = [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [10, 0, 0, 0], [0, 10, 0, 0], [0, 0, 20, 0]];

describe('StaticQueryTable', () => {
  it('embeds a text as the normalised mean of its pieces plus the bias', () => {
    const table = StaticQueryTable.parse(tableFile(ROWS, [0, 0, 0, 1]), VOCAB);
    const v = table.embedOne('red car');
    // mean of (5,0,0,0) and (0,0,10,0) = (2.5,0,5,0), + bias (0,0,0,1)
    const n = Math.hypot(2.5, 5, 1);
    expect([...v].map((x) => Number(x.toFixed(5)))).toEqual([2.5 / n, 0, 5 / n, 1 / n].map((x) => Number(x.toFixed(5))));
  });

  it('refuses a file that is not a table, another format, another vocabulary or a cut file, in one line', () => {
    const good = tableFile(ROWS);
    const bad = [Buffer.from('not a table at all'), Buffer.concat([good.subarray(0, 4), Buffer.from([2, 0, 0, 0]), good.subarray(8)]), good.subarray(0, good.length - 1)];
    for (const b of bad) expect(() => StaticQueryTable.parse(b, VOCAB)).toThrow(QueryTableError);
    expect(() => StaticQueryTable.parse(good, VOCAB.slice(0, 8))).toThrow(/8/);
  });

  it('answers UseEmbedder queries from the table, without the encoder', async () => {
    const table = StaticQueryTable.parse(tableFile(ROWS), VOCAB);
    const embedder = new UseEmbedder(60_000, table);
    try {
      // A query is answered at once, so a one-shot search asks; other texts still wait for the encoder.
      expect(embedder.coldFor({ query: true })).toBe(false);
      expect(embedder.coldFor()).toBe(true);
      const [q] = await embedder.embed(['blue car'], { query: true });
      expect([...q!]).toEqual([...table.embedOne('blue car')]);
    } finally {
      await embedder.close();
    }
  });
});

describe('search queries', () => {
  it('reach the embedder marked as queries (an embedder may answer them a faster way), memories do not', async () => {
    const seen: { texts: string[]; opts: EmbedOptions }[] = [];
    const embedder: Embedder = {
      id: 'recording-4',
      dimensions: 4,
      embed: async (texts, opts = {}) => {
        seen.push({ texts, opts });
        return texts.map(() => new Float32Array([1, 0, 0, 0]));
      },
    };
    const dir = mkdtempSync(join(tmpdir(), 'engram-query-flag-'));
    const store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(Buffer.alloc(32, 7)), embedder });
    try {
      store.memories.insert({ kind: 'semantic', title: 'Budget', text: 'The budget review is on Thursday' });
      await store.flushEmbeddings();
      await store.search({ query: 'when is the budget review' });
      expect(seen.find((s) => s.texts.includes('when is the budget review'))?.opts.query).toBe(true);
      expect(seen.filter((s) => s.opts.query).flatMap((s) => s.texts)).toEqual(['when is the budget review']);
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

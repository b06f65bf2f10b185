/**
 * Folding text so OCR's usual confusions read alike: what the forgiving (trigram) index of screen
 * passages stores, and what a query is folded to before it is looked up there.
 */

/** Han, kana, hangul: scripts written without spaces between words. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const CJK_GAP = /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}])\s+(?=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}])/gu;

export function hasCjk(text: string): boolean {
  return CJK.test(text);
}

/**
 * Lower case without accents; q→g, 1/i/|/!→l, 0→o, rn→m, vv→w; a run of one letter as one (a
 * doubled letter, or one OCR doubled); spaces tesseract puts between CJK characters removed.
 * Letters whose misreadings are not in the list stay as they are: the search scores what is left.
 */
export function foldOcr(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(CJK_GAP, '$1')
    .replace(/rn/g, 'm')
    .replace(/vv/g, 'w')
    .replace(/q/g, 'g')
    .replace(/[1i|!]/g, 'l')
    .replace(/0/g, 'o')
    .replace(/(\p{L})\1+/gu, '$1');
}

/**
 * Pairs of (folded) characters OCR often takes for each other beyond what folding merges: a
 * substitution between them costs LOOKALIKE instead of 1, so a word read with one of them wrong
 * ranks above a different word one letter away.
 */
const LOOKALIKE_PAIRS = ['mn', 'nu', 'ao', 'ec', 'eo', 'co', 'hb', 'hn', 'lt', 'ft', 'fl', 'gy', 'vy', 'uv', 'ce', 'dc', 'dl', 's5', 'b8', 's8', 'z2', 'b6', 'g9', 'a4', 'l7', 'bo'];
const LOOKALIKE = 0.5;
/** Costs between ASCII characters, looked up per cell of the distance tables (hot: no strings there). */
const COST = new Float32Array(128 * 128).fill(1);
for (let c = 0; c < 128; c++) COST[c * 128 + c] = 0;
for (const [a, b] of LOOKALIKE_PAIRS) {
  COST[a!.charCodeAt(0) * 128 + b!.charCodeAt(0)] = LOOKALIKE;
  COST[b!.charCodeAt(0) * 128 + a!.charCodeAt(0)] = LOOKALIKE;
}

/** The cost of reading character a as b. */
export function substitution(a: number, b: number): number {
  if (a === b) return 0;
  return a < 128 && b < 128 ? COST[a * 128 + b]! : 1;
}

/**
 * The fewest edits (insert, delete, substitute: a look-alike for half) that turn `word` into some
 * substring of `text` (Sellers' algorithm), stopping early once every column is above `max`: then max + 1.
 */
export function substringDistance(word: string, text: string, max: number): number {
  const m = word.length;
  if (m === 0) return 0;
  // Typed arrays and plain loops: this runs for every candidate passage of a forgiving search.
  let prev = new Float64Array(m + 1);
  let cur = new Float64Array(m + 1);
  for (let i = 0; i <= m; i++) prev[i] = i;
  let best = m;
  for (let j = 1; j <= text.length; j++) {
    const c = text.charCodeAt(j - 1);
    cur[0] = 0;
    for (let i = 1; i <= m; i++) {
      const a = word.charCodeAt(i - 1);
      let v = prev[i - 1]! + (a === c ? 0 : a < 128 && c < 128 ? COST[a * 128 + c]! : 1);
      const del = prev[i]! + 1;
      if (del < v) v = del;
      const ins = cur[i - 1]! + 1;
      if (ins < v) v = ins;
      cur[i] = v;
    }
    if (cur[m]! < best) {
      best = cur[m]!;
      if (best === 0) return 0;
    }
    const t = prev;
    prev = cur;
    cur = t;
  }
  return Math.min(best, max + 1);
}

/** Edits a folded word of this length may differ by and still count as found (none below 4 letters). */
export function allowedEdits(length: number): number {
  return length < 4 ? 0 : length < 8 ? 1 : 2;
}

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
 * The fewest edits (insert, delete, substitute) that turn `word` into some substring of `text`
 * (Sellers' algorithm), stopping early once every column is above `max`: then max + 1.
 */
export function substringDistance(word: string, text: string, max: number): number {
  const m = word.length;
  if (m === 0) return 0;
  let prev = new Array<number>(m + 1);
  let cur = new Array<number>(m + 1);
  for (let i = 0; i <= m; i++) prev[i] = i;
  let best = prev[m]!;
  for (let j = 1; j <= text.length; j++) {
    cur[0] = 0;
    const c = text.charCodeAt(j - 1);
    for (let i = 1; i <= m; i++) {
      const sub = prev[i - 1]! + (word.charCodeAt(i - 1) === c ? 0 : 1);
      cur[i] = Math.min(sub, prev[i]! + 1, cur[i - 1]! + 1);
    }
    if (cur[m]! < best) best = cur[m]!;
    if (best === 0) return 0;
    [prev, cur] = [cur, prev];
  }
  return Math.min(best, max + 1);
}

/** Edits a folded word of this length may differ by and still count as found (none below 4 letters). */
export function allowedEdits(length: number): number {
  return length < 4 ? 0 : length < 8 ? 1 : 2;
}

/**
 * FROZEN: how migration 013 folds passage text for the trigram index. A copy of foldOcr
 * (agents/store/ocr-fold.ts) as it was when this step was frozen (issue 32), so that upgrading an old
 * database always writes the same rows, whatever the live fold becomes. Never edit it; a change to the
 * fold of stored rows is a new migration that re-indexes them.
 */
const CJK_GAP = /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}])\s+(?=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}])/gu;

export function foldOcr013(text: string): string {
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

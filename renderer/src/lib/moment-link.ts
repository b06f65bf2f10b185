import { hrefFor } from './route.js';

/** Words that say nothing about what was on screen: highlighting them would mark half the picture. */
const FILLER = new Set(
  'a an and are as at be been but by can could did do does for from had has have how i if in into is it its me my of on or our should so than that the their them then there these they this to was we were what when where which who why will with would you your about after before did does done show tell find see saw said say look looked open opened work worked day today yesterday week last ago'.split(' '),
);

/**
 * The words of a chat question worth looking for on a screenshot: what the moment view highlights
 * when a citation opens it. Filler words and one-letter words go; CJK runs stay whole.
 */
export function questionWords(question: string): string {
  const words = question.match(/[\p{L}\p{N}][\p{L}\p{N}'’._-]*/gu) ?? [];
  const kept: string[] = [];
  for (const w of words) {
    const bare = w.replace(/[.'’_-]+$/u, '');
    const lower = bare.toLowerCase();
    if ((bare.length < 2 && !/\p{Script=Han}|\p{Script=Hiragana}|\p{Script=Katakana}|\p{Script=Hangul}/u.test(bare)) || FILLER.has(lower)) continue;
    if (!kept.some((k) => k.toLowerCase() === lower)) kept.push(bare);
  }
  // frames.words takes at most 200 characters of query.
  let out = '';
  for (const k of kept) {
    const next = out ? `${out} ${k}` : k;
    if (next.length > 200) break;
    out = next;
  }
  return out;
}

/** A moment's view (#/moment/ID/QUERY): its screenshot with the query's words highlighted. */
export function momentHref(id: string, query = ''): string {
  return query.trim() ? hrefFor('moment', id, query.trim()) : hrefFor('moment', id);
}

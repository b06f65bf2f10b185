/**
 * Whether a memory tells of something done: a first-person subject and a past-tense action ("I
 * went camping with the kids", "we just finished another painting", "I've joined a new group").
 * What someone did, where they went, what they made is told in these words, while chit-chat around
 * it ("Thanks, that's great!") matches the same names and common words. English, as the rest of
 * the query reading is.
 */
const SUBJECT = "(?:i|we|i['’]ve|we['’]ve|i['’]d|we['’]d)";
const BETWEEN = '(?:just|recently|finally|also|even|actually|already|been|then|both|all|really|once|first)';
const IRREGULAR =
  'went|took|made|got|saw|did|had|joined|read|ran|bought|met|found|began|gave|wrote|won|taken|done|seen|gone|built|brought|caught|drew|drove|flew|grew|heard|kept|left|lost|paid|rode|sang|sold|sent|spent|swam|taught|told|wore|ate|fell|felt|sat|stood|threw|woke|chose|broke|became';
const NOT_PAST = '(?:need|feed|seed|speed|bleed|indeed|exceed|proceed|succeed|breed)';
const TOLD = new RegExp(`(?<![\\p{L}'’])${SUBJECT}\\s+(?:${BETWEEN}\\s+){0,2}(?:(?!${NOT_PAST}\\b)\\p{L}{2,}ed|${IRREGULAR})(?![\\p{L}'’])`, 'iu');

export function tellsOfDoing(text: string): boolean {
  return TOLD.test(text);
}

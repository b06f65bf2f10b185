/** shared/text: one-line forms of text, errors and validation issues, for logs, replies and prompts. Pure TypeScript. */
export { errorLine, oneLine } from './one-line.js';
export { withoutControls, withoutControlsDeep } from './control-chars.js';
export { hasIssues, issueLine, type IssueLike } from './issue-line.js';
export { HONORIFIC, ORG_BY_HEAD, ORG_SUFFIX, codeShaped, nameSpelledBy, orgShaped, placeShaped, streetShaped, techTailed } from './name-shapes.js';
export { arrivalStep, routeSteps, showsRoute } from './route-steps.js';
export {
  LEXICON,
  OTHER_LANGUAGES,
  formsIn,
  calendarWords,
  languagesOf,
  markerWords,
  screenLanguages,
  parseLexicon,
  withDutch,
  plainWord,
  translationsOf,
  type Concept,
  type OtherLanguage,
  type TableConcept,
  type Translation,
} from './everyday-lexicon.js';
export { FOREIGN_CLOCK, FOREIGN_DATE, FOREIGN_DURATION, englishDates, withEnglishDates } from './foreign-calendar.js';
export { PLACE_NAMES, placeSpellings } from './place-names.js';
export { OCCASION_WORDS, occasionWords } from './occasion-words.js';

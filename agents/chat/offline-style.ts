import { sentencesOf } from '../store/index.js';
import { NO_MODEL_SENTENCE } from './offline-answer.js';
import { isPhraseLanguage, keptAsRecordedNote, localizeOfflineText } from './offline-phrases.js';

/**
 * What the user's directives ask of an answer's shape, as far as an answer built without a model
 * can honour it: its length, its format, and the language of its own words (German, French,
 * Spanish, Italian, Portuguese: offline-phrases.ts). Another language is recognised so the answer
 * can say it was not honoured (offline there is nothing to translate with), never silently ignored.
 */
export interface OfflineStyle {
  /** At most this many sentences (bullets count as sentences); null = no limit asked. */
  sentences: number | null;
  /** 'bullets': every statement a list item; 'prose': sentences in a paragraph; null = as built. */
  format: 'bullets' | 'prose' | null;
  /** A language other than English asked for ("answer in German"). */
  language: string | null;
}

const NUMBERS: Record<string, number> = { one: 1, a: 1, single: 1, two: 2, three: 3, four: 4, five: 5 };

const LANGUAGES = ['German', 'French', 'Spanish', 'Italian', 'Portuguese', 'Dutch', 'Polish', 'Swedish', 'Danish', 'Norwegian', 'Finnish', 'Czech', 'Turkish', 'Russian', 'Ukrainian', 'Greek', 'Japanese', 'Chinese', 'Korean', 'Arabic', 'Hebrew', 'Hindi'];

/** Reads the directives' wording (any order, several directives); unknown wording asks for nothing. */
export function offlineStyle(directives: readonly string[]): OfflineStyle {
  const style: OfflineStyle = { sentences: null, format: null, language: null };
  for (const raw of directives) {
    const d = raw.toLowerCase();
    const count = /\b(one|a|single|two|three|four|five|\d)[\s-]+(?:short\s+)?(?:sentence|line)s?\b/.exec(d);
    if (count) style.sentences = NUMBERS[count[1]!] ?? Number(count[1]);
    else if (/\b(?:brief|short|concise|terse|to the point|keep (?:it|answers) short)\b/.test(d) && !/\bnot\s+(?:too\s+)?(?:brief|short)\b/.test(d)) style.sentences ??= 3;
    if (/\b(?:no|without|avoid|never use|don'?t use)\s+(?:bullet|list)/.test(d) || /\b(?:in prose|full sentences|paragraphs?)\b/.test(d)) style.format = 'prose';
    else if (/\b(?:bullet(?:ed)?(?: points?| lists?)?|as a list|in a list|list form)\b/.test(d)) style.format = 'bullets';
    const lang = LANGUAGES.find((l) => new RegExp(`\\b(?:in|into)\\s+${l.toLowerCase()}\\b`).test(d));
    if (lang) style.language = lang;
    else if (/\bin english\b/.test(d)) style.language = null;
  }
  return style;
}

const isHeader = (l: string) => /:$/.test(l.trim());
/** A day's header as the offline answer writes one: short, with a date's digits, no sentence in it. */
const isDay = (l: string) => l.length <= 40 && /\d/.test(l) && !/[.!?]/.test(l);
const bulletText = (l: string) => l.replace(/^\s*[-•*]\s+/, '').trim();
const asSentence = (s: string) => (/[.!?](?:\s*(?:\[\d+\])+)?$/.test(s) ? s : `${s}.`);

/**
 * The offline answer reshaped to the style: the statements it makes (lines that are not headers,
 * the no-model note aside) cut to the asked number of sentences, then written as bullets or as a
 * paragraph. Returns the text and the [n] it still cites.
 */
export function styleOfflineText(text: string, style: OfflineStyle): { text: string; cited: number[] } {
  const citedIn = (t: string) => [...new Set([...t.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1])))];
  const lang = style.language;
  // Engram's own words follow the asked language where it has them (the languages it reads screens in).
  const localize = (t: string) => (isPhraseLanguage(lang) ? localizeOfflineText(t, lang) : t);
  const english = text.endsWith(NO_MODEL_SENTENCE) ? NO_MODEL_SENTENCE : null;
  const body = localize(english ? text.slice(0, -english.length).trimEnd() : text);
  const note = english ? localize(english) : null;
  const languageNote = isPhraseLanguage(lang)
    ? keptAsRecordedNote(lang)
    : lang
      ? `(Without a language model Engram cannot write in ${lang}: the memories are shown as they were recorded.)`
      : null;
  if (style.sentences === null && style.format === null) {
    const out = languageNote ? `${body}\n\n${languageNote}${note ? `\n\n${note}` : ''}` : text;
    return { text: out, cited: citedIn(body) };
  }
  // Headers go; a day's header ("Wed 11 Jun 2025:") moves into the events under it, so a cut keeps the day.
  let statements: string[] = [];
  let day = '';
  for (const raw of body.split('\n')) {
    const l = raw.trim();
    if (!l) continue;
    if (isHeader(l)) {
      day = isDay(l) ? l.slice(0, -1) : '';
      continue;
    }
    const t = bulletText(l);
    statements.push(day && /^\d{1,2}[:.]\d{2}/.test(t) ? `${day} ${t}` : t);
  }
  if (style.sentences !== null) {
    const kept: string[] = [];
    for (const s of statements) {
      for (const piece of sentencesOf(s)) {
        if (kept.length >= style.sentences) break;
        kept.push(piece);
      }
      if (kept.length >= style.sentences) break;
    }
    statements = kept;
  }
  const shaped =
    style.format === 'bullets' || (style.format === null && style.sentences !== null && style.sentences > 1 && /^\s*-\s/m.test(body))
      ? statements.map((s) => `- ${s}`).join('\n')
      : statements.map(asSentence).join(' ');
  const parts = [shaped, languageNote, note].filter((p): p is string => Boolean(p));
  return { text: parts.join('\n\n'), cited: citedIn(shaped) };
}

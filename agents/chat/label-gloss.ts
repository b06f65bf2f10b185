/**
 * An English gloss for the words of a foreign screen that the question met only through the
 * everyday-words table: "Kaution: 2.940,00 EUR" is stated as "Kaution (deposit): 2.940,00 EUR", so a
 * reader who asked about the deposit sees which word of the German letter is it. The gloss is the
 * question's own word, never a translation of screen text: a word the table does not tie to the
 * question is left as the screen wrote it.
 */
import { englishDates, languagesOf, withEnglishDates } from '../../shared/text/index.js';
import { foreignForms, meets, metByKin, stem, stemsOf, type AskedValue } from './asked-value.js';

/** A label is a short run of words before ": " (longer, it is a sentence with a colon in it). */
const LABEL = /^([^:\n]{1,48}?):\s/u;

/** A word (or a two-word phrase the table names as one: "notice period") the question asks about, its stems and translations. */
interface QuestionWord {
  word: string;
  terms: string[];
  forms: ReadonlySet<string>;
}

/** The question's words (as written) with their stems and translations, for the terms it asks about. */
function questionWords(question: string, asked: AskedValue): QuestionWord[] {
  const words = question
    .replace(/[’]/g, "'")
    .split(/[^\p{L}\p{N}'-]+/u)
    .map((w) => w.toLowerCase().replace(/'s$/, ''))
    .filter(Boolean);
  const out: QuestionWord[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const next = words[i + 1];
    const terms = [word, next ?? ''].map(stem).filter((t) => asked.terms.includes(t) && !out.some((x) => x.terms.includes(t)));
    const phrase = next && terms.length ? foreignForms(`${word} ${next}`, true) : [];
    if (phrase.length) {
      out.push({ word: `${word} ${next}`, terms, forms: new Set(phrase) });
      i++;
      continue;
    }
    const term = stem(word);
    if (word.length >= 3 && asked.terms.includes(term) && !out.some((x) => x.terms.includes(term))) out.push({ word, terms: [term], forms: new Set(foreignForms(word)) });
  }
  return out;
}

/**
 * The question's words a piece of screen text says only in another language: met by one of the
 * word's translations, not by the word itself (an English label, "Total" in French, needs no gloss).
 * A compound is glossed by its head, the thing it is a kind of ("Wasserzähler": meter, not water).
 */
function metInTranslation(text: string, words: QuestionWord[]): string[] {
  const stems = stemsOf(text);
  return words.filter(({ terms, forms }) => terms.every((t) => !meets(t, stems)) && metByKin(terms[0]!, stems, new Map([[terms[0]!, forms]]), false)).map((w) => w.word);
}

/**
 * The statement with the question's words glossed where the screen says them in another language:
 * after the label of "label: value", or else after each screen word that says one. Only on a screen
 * written in another language (`screen`, read by its function words): an English screen's "Tag" or
 * "Gift" is an English word that happens to be spelt like a German one. A date the page writes in
 * its own language is said in English after it ("martedì 8 dicembre (Tuesday 8 December)"): a
 * foreign month or weekday name with its day is no English word, whatever the screen around it.
 */
export function glossed(statement: string, question: string, asked: AskedValue, screen: string): string {
  return withEnglishDates(labelGlossed(statement, question, asked, screen));
}

function labelGlossed(statement: string, question: string, asked: AskedValue, screen: string): string {
  const words = questionWords(question, asked);
  if (!words.length || !languagesOf(screen).length) return statement;
  const label = LABEL.exec(statement);
  if (label) {
    const said = metInTranslation(label[1]!, words);
    // French writes a space before the colon ("Échéance : …"): the gloss goes after the word, not the space.
    return said.length ? `${label[1]!.trimEnd()} (${said.join(', ')})${statement.slice(label[1]!.trimEnd().length)}` : statement;
  }
  const done = new Set<string>();
  return statement.replace(/[\p{L}][\p{L}'’-]*/gu, (w) => {
    // A weekday's name is said in English with its date (withEnglishDates), not twice ("Samedi (Saturday) (saturdays)").
    if (englishDates(w).length) return w;
    const said = metInTranslation(w, words).filter((x) => !done.has(x));
    for (const x of said) done.add(x);
    return said.length ? `${w} (${said.join(', ')})` : w;
  });
}

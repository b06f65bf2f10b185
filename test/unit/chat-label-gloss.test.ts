import { describe, expect, it } from 'vitest';
import type { PassageMatch } from '../../shared/index.js';
import type { NumberedMemory } from '../../agents/chat/retrieval-types.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { askedValue } from '../../agents/chat/asked-value.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { glossed } from '../../agents/chat/label-gloss.js';
import { browsedScreen, screenPassage } from '../helpers/screen-memory.js';

// Issue 30: the lead states a foreign label's value with the question's own word beside it, so an
// English reader sees which word of the screen answers. Screens written for this test, not the bench's.
const fmt = new TimeFormatter('UTC');
const at = '2026-10-14T09:00:00.000Z';
const pass = (text: string, title: string, score: number): PassageMatch => screenPassage(text, title, score, at, { observationId: 'obs_letter' });
const screen = (title: string, ...passages: PassageMatch[]): NumberedMemory[] => browsedScreen(title, at, passages);
const lead = (q: string, s: NumberedMemory[]) => factSentence(q, s, fmt)?.text.split(' — seen')[0];
const gloss = (statement: string, q: string, screenText: string) => glossed(statement, q, askedValue(q), screenText);

const GERMAN = 'Sehr geehrter Herr Lind, anbei die Abrechnung für Ihre Wohnung. Bitte überweisen Sie den Betrag bis zum Monatsende. Mit freundlichen Grüßen';
const FRENCH = 'Bonjour Madame, veuillez trouver ci-joint le relevé pour votre logement. Merci de nous répondre avant la fin du mois.';

describe('a foreign label met through the everyday words is glossed in the question’s word', () => {
  it('German, French and Spanish labels, each in the words the question used', () => {
    expect(gloss('Kaution: 1.200,00 EUR', 'What did I pay as a deposit?', GERMAN)).toBe('Kaution (deposit): 1.200,00 EUR');
    expect(gloss('Loyer mensuel: 740 €', 'How much rent do I owe each month?', FRENCH)).toBe('Loyer mensuel (rent): 740 €');
    const spanish = 'Hola a todos, gracias por venir. El piso está en la calle Mayor y la fianza es para el dueño.';
    expect(gloss('Fianza: 600 €', 'how big was the deposit on the flat', spanish)).toBe('Fianza (deposit): 600 €');
  });

  it('a German compound by its last word: the thing it is a kind of', () => {
    expect(gloss('Wasserzähler Nr.: 88 41 207', 'What is the number of my water meter?', GERMAN)).toBe('Wasserzähler Nr. (meter): 88 41 207');
  });

  it('a sentence without a label: each word that says the asked thing, once', () => {
    const s = 'La abuela llega el jueves en el tren de las 11:05; la abuela trae pan';
    const chat = 'Hola! Que tal? Gracias por todo, nos vemos pronto, muy bien. La abuela llega el jueves.';
    expect(gloss(s, 'When does grandma get in on the train?', chat)).toBe('La abuela (grandma) llega el jueves (Thursday) en el tren (train) de las 11:05; la abuela trae pan');
  });

  it('the lead of a German letter says which of its labels is the asked thing', () => {
    const t = 'Nebenkostenabrechnung 2025 — Posteingang';
    const letter = screen(t, pass(GERMAN, t, 3), pass('Kaltmiete: 815,00 EUR · Kaution: 2.445,00 EUR', t, 5));
    expect(lead('How much was my deposit?', letter)).toContain('Kaution (deposit): 2.445,00 EUR');
  });
});

describe('nothing is glossed that the table does not tie to the question', () => {
  it('an English label, or a word that is English and German alike ("Bank")', () => {
    expect(gloss('Deposit: 1.200,00 EUR', 'What did I pay as a deposit?', GERMAN)).toBe('Deposit: 1.200,00 EUR');
    expect(gloss('Bank: Sparkasse Lindau', 'Which bank is the rent paid into?', GERMAN)).toBe('Bank: Sparkasse Lindau');
  });

  it('screen words the question did not ask about stay untranslated', () => {
    expect(gloss('Nebenkosten: 210,00 EUR', 'What did I pay as a deposit?', GERMAN)).toBe('Nebenkosten: 210,00 EUR');
  });

  it('an English screen whose word is spelt like a foreign one ("Caution" on a sign is no French deposit)', () => {
    const english = 'Caution: hot surface. Do not touch the plate while the oven is on, and keep it away from children.';
    expect(gloss('Caution: 230 °C', 'How much was the deposit?', english)).toBe('Caution: 230 °C');
    expect(gloss('Caution: 900 €', 'How much was the deposit?', FRENCH)).toBe('Caution (deposit): 900 €');
  });
});

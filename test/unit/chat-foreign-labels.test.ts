import { describe, expect, it } from 'vitest';
import type { PassageMatch } from '../../shared/index.js';
import type { NumberedMemory } from '../../agents/chat/retrieval-types.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { askedValue, metByKin, stemsOf } from '../../agents/chat/asked-value.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { browsedScreen, screenPassage } from '../helpers/screen-memory.js';

// Issue 30: an English question meets a label in German, French, Spanish, Italian or Portuguese through
// the everyday words. Made-up screens, apart from the benchmark days.
const fmt = new TimeFormatter('UTC');
const at = '2026-11-06T10:00:00.000Z';
const pass = (text: string, title: string, score: number): PassageMatch => screenPassage(text, title, score, at);
const screen = (title: string, ...passages: PassageMatch[]): NumberedMemory[] => browsedScreen(title, at, passages);
const lead = (q: string, s: NumberedMemory[]) => factSentence(q, s, fmt)?.text.split(' — seen')[0];
const met = (q: string, term: string, label: string) => metByKin(term, stemsOf(label), askedValue(q).kin);

describe('an English word meets its translation on a screen', () => {
  it('in each language, with or without accents, and German compounds by their last word', () => {
    expect(met('How much is the deposit?', 'deposit', 'Kaution')).toBe(true);
    expect(met('How much is the deposit?', 'deposit', 'Dépôt de garantie')).toBe(true);
    expect(met('How much is the deposit?', 'deposit', 'Fianza')).toBe(true);
    expect(met('How much is the deposit?', 'deposit', 'Caucao')).toBe(true);
    expect(met('How much is the rent?', 'rent', 'Kaltmiete')).toBe(true);
    expect(met('Where is the water meter?', 'meter', 'Wasserzähler')).toBe(true);
    expect(met('Who has the keys?', 'key', 'Schlüssel')).toBe(true);
  });

  it('not an English word that happens to end in a German one, nor a foreign word spelt like an English one', () => {
    expect(met('How much is the rent?', 'rent', 'Current balance')).toBe(false);
    expect(met('What is the interest rate?', 'rate', 'Ratenzahlung')).toBe(false);
  });
});

describe('the lead states a foreign label’s value for an English question', () => {
  const t = 'Ihre Wohnung — Hausverwaltung Kranz';
  const letter = screen(t, pass('Kaltmiete: 980,00 EUR · Nebenkosten: 210,00 EUR · Kaution: 2.940,00 EUR', t, 5), pass('Übergabe der Wohnung: Freitag, 27. März, 16:00 Uhr', t, 4));

  it('the deposit is the Kaution, said in the screen’s own words', () => {
    expect(lead('How much was the deposit for the flat?', letter)).toContain('Kaution: 2.940,00 EUR');
  });

  it('the rent is the Kaltmiete', () => {
    expect(lead('How much is the rent?', letter)).toContain('980,00');
  });

  it('a Spanish chat: what the dessert is', () => {
    const c = 'Familia Navarro — Mensajes';
    const chat = screen(c, pass('Bebidas: sidra y agua · Pan: Marta · Postre: flan de huevo', c, 5));
    expect(lead("What's for dessert?", chat)).toContain('flan de huevo');
  });
});

describe('OCR and keyboards spell foreign labels their own way', () => {
  it('umlauts as "ue" or misread as "ii", accents half kept', () => {
    expect(met('Who has the spare key?', 'key', 'Schluessel')).toBe(true);
    expect(met('Who has the spare key?', 'key', 'einen Schliissel beim Nachbarn')).toBe(true);
    expect(met('How much is the deposit?', 'deposit', 'le dépot de garantie')).toBe(true);
    expect(met('How much is the deposit?', 'deposit', 'le depot de garantie')).toBe(true);
  });
});

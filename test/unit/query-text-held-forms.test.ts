import { describe, expect, it } from 'vitest';
import { translatedTerms } from '../../agents/store/query-text.js';
import { formsIn, plainWord, translationsOf, type OtherLanguage } from '../../shared/text/index.js';

/**
 * translatedTerms with the store's held forms (held-forms.ts): each form's held forms come right after
 * it, asked in the form's own language; without them the terms are what they were (formsIn's order).
 */
describe('translated terms with the forms the store holds', () => {
  it('without held forms: the forms in formsIn order, plain, with "ß" also as "ss"', () => {
    const q = 'What was the street penalty on my electricity bill?';
    const langs: OtherLanguage[] = ['de', 'it'];
    const before = [...new Set(formsIn(translationsOf(q), langs).flatMap((f) => [plainWord(f), plainWord(f).replace(/ß/g, 'ss')]))];
    expect(translatedTerms(q, ['street', 'penalty', 'electricity', 'bill'], langs)).toEqual(before.slice(0, 48));
  });

  it('puts each held form right after its form, asked in that form\'s language', () => {
    const asked: string[] = [];
    const held = (form: string, language: OtherLanguage): string[] => {
      asked.push(`${language}:${form}`);
      return form === 'Rechnung' ? ['rechnungen', 'stromrechnung'] : form === 'bolletta' ? ['bollett'] : [];
    };
    const terms = translatedTerms('When is the bill due?', ['bill', 'due'], ['de', 'it'], held);
    expect(terms.slice(0, 3)).toEqual(['rechnung', 'rechnungen', 'stromrechnung']);
    expect(terms.indexOf('bollett')).toBe(terms.indexOf('bolletta') + 1);
    expect(asked).toContain('de:Rechnung');
    expect(asked).toContain('it:bolletta');
    expect(asked).not.toContain('it:Rechnung');
  });

  it('drops a held form the question already says, and keeps the cap', () => {
    const terms = translatedTerms('Where is the hotel invoice?', ['hotel', 'invoice'], ['de'], () => ['invoice', 'hotelrechnung']);
    expect(terms).not.toContain('invoice');
    expect(terms).toContain('hotelrechnung');
    const many = translatedTerms('rent deposit bill receipt amount total price fee tax discount refund payment balance account bank transfer', [], ['de', 'fr', 'es', 'it', 'pt'], (f) => [`${plainWord(f)}x`]);
    expect(many.length).toBe(48);
  });
});

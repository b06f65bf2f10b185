import { describe, expect, it } from 'vitest';
import { LEXICON, OTHER_LANGUAGES, formsIn, languagesOf, parseLexicon, translationsOf } from '../../shared/text/index.js';

/**
 * Issue 30: English questions about screens in German, French, Spanish, Italian and Portuguese. The
 * screens and questions here are made up for the test (a Munich tenancy, a Roman dentist, a Porto
 * gym), not the bench's pages.
 */
describe('the everyday words', () => {
  it('hold about two hundred concepts, each with a form in every language', () => {
    expect(LEXICON.length).toBeGreaterThanOrEqual(200);
    for (const c of LEXICON) for (const l of ['en', ...OTHER_LANGUAGES] as const) expect(c[l].length, c.en[0]).toBeGreaterThan(0);
  });

  it('a malformed line is a one-line error naming it', () => {
    expect(() => parseLexicon('rent | Miete | loyer | alquiler | affitto')).toThrow(/line 1: expected/);
    expect(() => parseLexicon('rent | Miete | | alquiler | affitto | renda')).toThrow(/line 1/);
    expect(() => parseLexicon('rent | Miete | loyer | alquiler | affitto | renda | Huur')).toThrow(/line 1: expected/);
    expect(() => parseLexicon('rent | Miete | loyer | alquiler | affitto | renda\nkey | Schlüssel | , | llave | chiave | chave')).toThrow(/line 2/);
    expect(parseLexicon('# a comment\n\nrent | Miete | loyer | alquiler | affitto | aluguel, renda')[0]?.pt).toEqual(['aluguel', 'renda']);
  });

  it('an English question names its concepts, plural and possessive too, and phrases as phrases', () => {
    const t = translationsOf("When do I have to give the landlord's keys back and pick up the invoices?");
    const by = new Map(t.map((x) => [x.english.toLowerCase(), x.forms]));
    expect(by.get('keys')?.de).toContain('Schlüssel');
    expect(by.get("landlord's")?.fr).toContain('propriétaire');
    expect(by.get('pick up')?.de).toContain('abholen');
    expect(by.get('invoices')?.es).toContain('factura');
    expect(formsIn(translationsOf('the deposit'), ['it', 'pt'])).toEqual(expect.arrayContaining(['cauzione', 'caução']));
    expect(formsIn(translationsOf('the deposit'), [])).toEqual([]);
  });

  it('English words that are foreign words too expand nothing: only English goes in', () => {
    expect(translationsOf('also die rate an handy')).toEqual([]);
    expect(translationsOf('Is there anything else I should know?')).toEqual([]);
  });

  it('no translation of a concept is a common English word with another sense', () => {
    const english = new Set('also die an the rate gift handy car data bail via place fine final pain main son'.split(' '));
    for (const c of LEXICON) for (const l of OTHER_LANGUAGES) for (const f of c[l]) expect(english.has(f.toLowerCase()), `${l} ${f}`).toBe(false);
  });

  it("reads a text's language by its function words, and English full of 'die', 'also', 'an' as English", () => {
    expect(languagesOf('Sehr geehrte Frau Brandt, die Nebenkostenabrechnung für das Jahr liegt bei. Bitte überweisen Sie den Betrag bis zum 30. Juni.')).toEqual(['de']);
    expect(languagesOf('Bonjour Madame, votre rendez-vous chez le dentiste est confirmé pour jeudi à 9h30. Merci de nous prévenir.')).toEqual(['fr']);
    expect(languagesOf('Hola! Mañana vamos al gimnasio a las siete, ¿vienes con nosotros? Yo llevo las toallas.')).toContain('es');
    expect(languagesOf('Gentile cliente, la sua prenotazione dal dentista è confermata per giovedì alle 9:30. Grazie.')).toContain('it');
    expect(languagesOf('Olá! A sua marcação no ginásio está confirmada para quinta-feira. Obrigado pela preferência.')).toContain('pt');
    expect(languagesOf('Also, the plants will die if you leave them in an empty flat; the rate is fine.')).toEqual([]);
    expect(languagesOf('Kaution: 1.650 EUR')).toEqual([]);
  });
});

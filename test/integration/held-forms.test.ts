import { describe, expect, it } from 'vitest';
import type { EngramStore } from '../../agents/store/index.js';
import { HeldForms } from '../../agents/store/held-forms.js';
import { tempStoreEachTest } from '../helpers/temp-store.js';

/**
 * The forms a store's screens write a lexicon word in (held-forms.ts), read from a real word index:
 * inflections by Snowball stem, German compounds by head and first part, umlauts written out; and
 * what must not count: English words, another concept's longer word, short stems and short parts.
 */
describe('the forms the store holds for a foreign word', () => {
  let store: EngramStore;
  let n = 0;
  tempStoreEachTest('engram-held-forms-', (t) => {
    store = t.store;
    n = 0;
  });
  const screen = (text: string) =>
    store.observations.insert({ kind: 'screen', frame_id: null, audio_id: null, display: ':0', observed_at: Date.parse('2026-05-04T09:00:00Z') + n++ * 60_000, app: 'Browser', title: 'Page', url: null, text, caption: null });
  const forms = (form: string, language: 'de' | 'fr' | 'it' | 'es' | 'pt') => new HeldForms(store.db).of(form, language);

  it('finds inflections by stem: Italian plurals, German plurals, Portuguese participles', () => {
    screen('Traghetti Tirreno: orari delle partenze per Olbia.');
    screen('Ihre Rechnungen im Überblick. Die Sendung wurde entregue, pedido expedido.');
    expect(forms('traghetto', 'it')).toContain('traghetti');
    expect(forms('partenza', 'it')).toContain('partenz');
    expect(forms('Rechnung', 'de')).toContain('rechnungen');
    expect(forms('entrega', 'pt')).toContain('entregu');
  });

  it('finds German compounds by their head and their first part, with umlauts dropped or written out', () => {
    screen('Stromrechnung für 2026. Wasserzähler im Keller, Zaehlerstand bitte melden, Mietminderung abgelehnt.');
    expect(forms('Rechnung', 'de')).toContain('stromrechnung');
    expect(forms('Zähler', 'de')).toContain('wasserzahl');
    expect(forms('Zählerstand', 'de')).toContain('zaehlerstand');
    expect(forms('Miete', 'de')).toContain('mietminderung');
  });

  it('leaves out English words, another concept\'s longer word, short stems and short parts', () => {
    screen('Summer sale: your cart is empty. The navy blue one costs less.');
    screen('Der Fahrer bringt die Fahrkarte und den Mietvertrag. Die Zahlung bitte bezahlen, Anzahl der Navi. Gasrechnung.');
    // English words whose stems meet the table's: "cart" is no form of Italian "carta", "summer" none of German "Summe",
    // "cost" none of "costo". And "fahrer" is the driver and "fahrkart" the ticket, not the
    // ferry; "Mietvertrag" is the table's own word for the lease, no compound of the rent.
    expect(forms('carta', 'it')).toEqual([]);
    expect(forms('costo', 'it')).toEqual([]);
    expect(forms('Summe', 'de')).toEqual([]);
    expect(forms('Fähre', 'de')).toEqual([]);
    // "Zahlung" has another stem than "Zähler"; in "bezahlen" and "Anzahl" the other part is under three letters.
    expect(forms('Zähler', 'de')).toEqual([]);
    expect(forms('Miete', 'de')).not.toContain('mietvertrag');
    // "nave" stems to "nav", under four letters: "navi" and "navy" are never its forms.
    expect(forms('nave', 'it')).toEqual([]);
    // A part of three letters is a part ("Gas|rechnung").
    expect(forms('Rechnung', 'de')).toEqual(['gasrechnung']);
  });

  it('asks nothing of a phrase, and finds nothing in an empty store', () => {
    expect(forms('Rechnung', 'de')).toEqual([]);
    screen('Offener Betrag: 40 €. Offene Beträge.');
    expect(forms('offener Betrag', 'de')).toEqual([]);
  });
});

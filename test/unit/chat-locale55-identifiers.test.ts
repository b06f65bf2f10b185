import { describe, expect, it } from 'vitest';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { screenMemory } from '../helpers/screen-memory.js';

// Issue 30: identifiers a question names by what they are for ("my driving licence number", "the
// MPRN", "the supply point of my electricity", "my Carrefour loyalty card number", "the VAT number on
// the invoice"), on pages in English, German, French and Italian that print them beside their siblings
// (the customer number, the contract, the meter's own serial). Pages made up for this test;
// negatives: the same question on a page without the number, and the sibling that must not be taken.
const fmt = new TimeFormatter('UTC');
const AT = '2026-11-20T08:15:00.000Z';
const answer = (q: string, text: string, title: string) => factSentence(q, screenMemory('lines', text, title, AT, { fullSnippet: true }), fmt);
const lead = (q: string, text: string, title: string) => answer(q, text, title)?.text.split(' — seen')[0] ?? '';

describe('a driving licence number in the page’s language', () => {
  const de = 'Mein Konto — Fahrzeugvermietung\nName: Lena Hoffmann\nFührerscheinnummer: B072RRE2I55\nKundennummer: 7781-2290\nGültig bis: 03.2031';
  it('German "Führerscheinnummer", not the customer number beside it', () => {
    const said = lead('what’s my driving licence number?', de, 'Mein Profil — AutoMiete');
    expect(said).toMatch(/^Führerscheinnummer: B072RRE2I55/);
    expect(said).not.toContain('7781');
  });
  it('French "Permis de conduire n°"', () => {
    const fr = 'Mon profil conducteur\nNom : Claire Duval\nPermis de conduire n° : 12AB34567\nN° client : 448812\nCatégorie : B';
    expect(lead('what is my driving licence number?', fr, 'Profil — LocAuto')).toMatch(/^Permis de conduire n° : 12AB34567/);
  });
  it('a profile with no licence on it is not answered with the customer number', () => {
    const none = 'Mein Konto — Fahrzeugvermietung\nName: Lena Hoffmann\nKundennummer: 7781-2290\nGültig bis: 03.2031';
    const f = answer('what’s my driving licence number?', none, 'Mein Profil — AutoMiete');
    expect(f?.known).toBe(false);
    expect(f?.text.split('\n')[0]).not.toContain('7781');
  });
});

describe('the supply point of a meter, not the meter’s serial', () => {
  const gas = 'Your gas account\nAccount number: A-8C2F9911\nMPRN: 7412598630\nMeter serial: G4A00551234\nTariff: Flexible Octopus';
  it('English: the gas meter point reference is the MPRN; the MPAN written in brackets after its label', () => {
    const said = lead('what’s the gas meter point reference number?', gas, 'Octopus Energy — Gas');
    expect(said).toMatch(/^MPRN: 7412598630/);
    expect(said).not.toContain('G4A00551234');
    const power = 'Your electricity account\nAccount number: A-8C2F9911\nSupply number (MPAN): 13 1234 5678 901\nMeter serial: 19K0123456';
    expect(lead('what’s my MPAN?', power, 'Octopus Energy — Account')).toMatch(/^Supply number \(MPAN\): 13 1234 5678 901/);
    // The meter's own serial is still the meter's, not its supply point's.
    expect(lead('what’s the serial number of the electricity meter?', power, 'Octopus Energy — Account')).toMatch(/^Meter serial: 19K0123456/);
  });
  it('French "Point de livraison (PDL)" and Italian "POD", not the contract or the meter', () => {
    const fr = "Votre contrat d'électricité\nN° de contrat : 5012 4471 90\nPoint de livraison (PDL) : 14 2951 6031 8877\nN° de compteur : 021675 338812\nOffre : Tarif Bleu";
    const said = lead('what’s the supply point number for my electricity?', fr, 'Mon espace client — Énergie');
    expect(said).toMatch(/^Point de livraison \(PDL\) : 14 2951 6031 8877/);
    expect(said).not.toMatch(/5012|021675/);
    const it_ = 'La tua bolletta luce\nCodice cliente: 7741 2290\nPOD: IT001E12345678\nMatricola contatore: 20190045\nTotale da pagare: 84,20 €';
    expect(lead('what’s the number of my electricity supply point?', it_, 'Bolletta — Luce')).toMatch(/^POD: IT001E12345678/);
  });
  it('a bill that prints no supply number is not answered with the account or the serial', () => {
    const none = 'Your electricity account\nAccount number: A-8C2F9911\nMeter serial: 19K0123456\nTariff: Flexible Octopus';
    const f = answer('what’s my MPAN?', none, 'Octopus Energy — Account');
    expect(f?.known).toBe(false);
    expect(f?.text.split('\n')[0]).not.toMatch(/A-8C2F9911|19K0123456/);
  });
});

describe('a loyalty card number as a shop’s page names it', () => {
  it('French "Carte Fidélité n°", not the customer number', () => {
    const page = 'Mon compte Carrefour\nCarte Fidélité n° 2913 4471 0023\nSolde cagnotte : 12,40 €\nN° client : 55120934';
    const said = lead('what’s my Carrefour loyalty card number?', page, 'Carrefour — Mon compte');
    expect(said).toMatch(/^Carte Fidélité n° 2913 4471 0023/);
    expect(said).not.toContain('55120934');
    const none = 'Mon compte Carrefour\nSolde cagnotte : 12,40 €\nN° client : 55120934';
    expect(answer('what’s my Carrefour loyalty card number?', none, 'Carrefour — Mon compte')?.known).toBe(false);
  });
});

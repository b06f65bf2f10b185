import { describe, expect, it } from 'vitest';
import { TimeFormatter } from '../../shared/time/index.js';
import { LEXICON, englishDates, languagesOf, parseLexicon, withDutch, withEnglishDates } from '../../shared/text/index.js';
import { VALUE, askedValue, metByKin, stemsOf } from '../../agents/chat/asked-value.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { screenMemory } from '../helpers/screen-memory.js';

// Issue 30: a page in German, French, Spanish, Italian or Portuguese, asked about in English, is
// answered with its fact. Pages made up for this test (bookings, invoices, letters, timetables), with
// paraphrased questions written apart from the vocabulary, and negatives: a value of the wrong type.
const fmt = new TimeFormatter('UTC');
const AT = '2026-11-20T08:15:00.000Z';
const answer = (q: string, text: string, title: string) => factSentence(q, screenMemory('lines', text, title, AT, { fullSnippet: true }), fmt);
const lead = (q: string, text: string, title: string) => answer(q, text, title)?.text.split(' — seen')[0] ?? '';

describe('dates and times as other languages write them are dates and times', () => {
  it('a day of a named month, with or without "de", a period or "er", and a weekday alone', () => {
    for (const d of ['Dienstag, 3. Dezember', 'le 1er janvier', 'el 11 de diciembre', 'martedì 8 dicembre', 'quarta-feira, 16 de dezembro', 'am Samstag', 'sabato'])
      expect(VALUE.date.test(d), d).toBe(true);
  });

  it('a month alone is no date: "Mars", "Mai" are a planet and a name too; nor a word that starts like one', () => {
    for (const d of ['Mars Express', 'Familie Mai', 'mars 2027', 'Deck 7', 'Marker 2']) expect(VALUE.date.test(d), d).toBe(false);
    for (const d of ['Dec 3', '3 Sept.', 'January 12']) expect(VALUE.date.test(d), d).toBe(true);
  });

  it('hours with "Uhr", "uur", "à … h", "alle"; not a distance after "à"', () => {
    for (const t of ['um 14 Uhr', 'ab 9.30 Uhr', 'om 18.00 uur', 'à 14h', 'alle 9', 'às 10h30']) expect(VALUE.clock.test(t), t).toBe(true);
    for (const t of ['à 9 km du centre', 'as 9 people said', 'Zimmer 14']) expect(VALUE.clock.test(t), t).toBe(false);
  });

  it('each foreign date said in English, with its weekday and year when written', () => {
    expect(englishDates('Abfahrt: Dienstag, 3. Dezember, 14:00 Uhr')).toEqual(['Tuesday 3 December']);
    expect(englishDates('Échéance : le 4 janvier 2027')).toEqual(['4 January 2027']);
    expect(englishDates('Entrada: viernes, 11 de diciembre de 2026')).toEqual(['Friday 11 December 2026']);
    expect(withEnglishDates('Spinning: sabato, 10:00')).toBe('Spinning: sabato (Saturday), 10:00');
    expect(englishDates('Check-in: Friday 11 December')).toEqual([]);
  });
});

describe('an English question meets a booking’s or an invoice’s labels', () => {
  const met = (q: string, term: string, label: string) => metByKin(term, stemsOf(label), askedValue(q).kin);
  it('the everyday labels of bookings, in the plural too', () => {
    expect(met('Which cabin are we in?', 'cabin', 'Kabine')).toBe(true);
    expect(met('When does the ferry go?', 'ferry', 'Traghetti Tirreno')).toBe(true);
    expect(met('When does the ferry go?', 'ferry', 'Fähren ab Kiel')).toBe(true);
    expect(met('How many passengers are booked?', 'passenger', 'Passeggeri')).toBe(true);
  });

  it('an abbreviation asked in capitals is the page’s own abbreviation ("VAT": "TVA", "MwSt")', () => {
    expect(met('How much VAT did they charge?', 'vat', 'TVA (20 %)')).toBe(true);
    expect(met('How much VAT did they charge?', 'vat', 'MwSt. 19 %')).toBe(true);
  });
});

describe('the lead states the fact of a foreign page', () => {
  const ferryT = 'Buchungsbestätigung — Fähre Kiel–Oslo';
  const ferry = 'Vielen Dank für Ihre Buchung bei uns.\nBuchungsnummer: KX-48213\nAbfahrt: Dienstag, 3. Dezember, 14:00 Uhr\nAnkunft: Mittwoch, 4. Dezember, 10:15 Uhr\nKabine: 7214, Deck 7\nGesamtpreis: 1.234,56 €';
  it('German: when the ferry goes, with the date said in English too', () => {
    const f = answer('when does my ferry leave?', ferry, ferryT)!;
    expect(f.known).toBe(true);
    // "Abfahrt" is glossed by the question's word for it ("leave": a departure's word in the everyday-words table).
    expect(f.text).toMatch(/^Abfahrt \(leave\): Dienstag, 3\. Dezember \(Tuesday 3 December\), 14:00 Uhr/);
  });
  it('German: the cabin, asked as a person would', () => {
    expect(lead('which cabin am I sleeping in on the boat?', ferry, ferryT)).toContain('7214');
  });

  const trafT = 'Prenotazione confermata — Traghetti Tirreno';
  const traf = 'Gentile cliente, grazie per la sua prenotazione.\nPrenotazione n. TT-55190\nPartenza: martedì 8 dicembre, ore 21:30 da Genova\nArrivo: mercoledì 9 dicembre, ore 07:00 a Palermo\nCabina: B214 (interna, 2 letti)\nTotale pagato: 312,40 €';
  it('Italian: the departure day of a ferry the page calls "traghetti"', () => {
    expect(lead('what day does the ferry sail from Genova?', traf, trafT)).toContain('martedì 8 dicembre (Tuesday 8 December)');
  });
  it('Italian: what was paid for it', () => {
    expect(lead('how much did I pay for the ferry?', traf, trafT)).toContain('312,40 €');
  });

  const billT = 'Facture F-2026-118 — Atelier Moreau';
  const bill = 'Facture n° F-2026-118\nDate de facturation : 12 novembre 2026\nÉchéance : le 4 janvier 2027\nMontant HT : 1 250,00 €\nTVA (20 %) : 250,00 €\nTotal TTC : 1 500,00 €';
  it('French: the VAT line of an invoice, not the amount before it', () => {
    const f = answer('how much VAT is on the Moreau invoice?', bill, billT)!;
    expect(f.known).toBe(true);
    expect(f.text).toMatch(/^TVA \(20 %\) : 250,00 €/);
  });

  const dentT = 'Rendez-vous confirmé — Cabinet dentaire Duval';
  const dent = 'Bonjour, votre rendez-vous est confirmé.\nPraticien : Dr Claire Duval\nDate : jeudi 17 décembre\nHeure : 15h30\nAdresse : 14 rue des Lilas, 69003 Lyon';
  it('French: the time of a dental appointment, asked as "the dentist"', () => {
    expect(lead('what time do I have to be at the dentist?', dent, dentT)).toMatch(/^Heure : 15h30/);
  });

  const hotelT = 'Reserva confirmada — Hotel Mirador';
  const hotel = 'Gracias por su reserva.\nLocalizador: HM7731\nEntrada: viernes, 11 de diciembre de 2026 (a partir de las 15:00)\nSalida: domingo, 13 de diciembre de 2026 (antes de las 11:00)\nImporte total: 286,00 €';
  it('Spanish: check-in is the "Entrada" of a hotel booking', () => {
    expect(lead('when is check-in at the Mirador?', hotel, hotelT)).toContain('11 de diciembre de 2026 (Friday 11 December 2026)');
  });

  const clinicT = 'Marcação — Clínica São Bento';
  const clinic = 'A sua marcação está confirmada.\nEspecialidade: Oftalmologia\nMédico: Dra. Inês Carvalho\nData: quarta-feira, 16 de dezembro\nHora: 09h45\nValor a pagar: 65,00 €';
  it('Portuguese: an eye appointment’s day and its price', () => {
    expect(lead('which day is my eye appointment?', clinic, clinicT)).toContain('16 de dezembro (Wednesday 16 December)');
    expect(lead('how much will the eye appointment cost me?', clinic, clinicT)).toContain('65,00 €');
  });

  const gymT = 'Orario — Palestra Vita';
  const gym = 'Orari dei corsi della palestra\nYoga: lunedì e giovedì, 18:30–19:30\nPilates: martedì, 19:00\nSpinning: sabato, 10:00';
  it('Italian: a weekday alone answers "what day"', () => {
    expect(lead('what day is spinning?', gym, gymT)).toMatch(/^Spinning: sabato \(Saturday\)/);
  });
});

describe('a value of the wrong type is not stated as the answer', () => {
  it('a date is no clock time: "what time" over a line with only a day', () => {
    const t = 'Prenotazione — Traghetti Tirreno';
    const page = 'Gentile cliente, grazie per la sua prenotazione.\nPartenza: martedì 8 dicembre da Genova\nCabina: B214';
    expect(answer('what time does the ferry leave?', page, t)?.known).toBe(false);
  });

  it('a room number is no date: "which day" over a page with no day', () => {
    const t = 'Buchung — Fähre Kiel–Oslo';
    const page = 'Vielen Dank für Ihre Buchung bei uns.\nKabine: 7214, Deck 7\nGesamtpreis: 1.234,56 €';
    expect(answer('which day does the ferry leave?', page, t)?.known).toBe(false);
  });
});

describe('a label spelt like the asked word but meaning another thing in the page’s language', () => {
  it('"Firma" is the signature on an Italian form and the firm on a German one', () => {
    const it_ = 'Modulo di intervento — Condominio Aurora';
    const italian = 'Gentile condomino, ecco il riepilogo della riparazione.\nData: 3 novembre\nFirma: Marco Rossi\nImporto: 180,00 €';
    expect(lead('which firm did the repair?', italian, it_)).not.toContain('Marco Rossi');
    const de = 'Auftrag — Hausverwaltung Kranz';
    const german = 'Sehr geehrte Frau Lind, die Reparatur ist erledigt und wird mit der Abrechnung verrechnet.\nFirma: Haustechnik Brandl GmbH\nBetrag: 180,00 €';
    expect(lead('which firm did the repair?', german, de)).toContain('Haustechnik Brandl');
  });

  it('"Rente" on a German letter is a pension, not the rent', () => {
    const t = 'Rentenbescheid — Deutsche Rentenversicherung';
    const letter = 'Sehr geehrte Frau Lind, wir teilen Ihnen mit, dass sich Ihre Rente zum 1. Juli erhöht.\nRente: 1.240,00 €\nMiete laut Mietvertrag: 780,00 €';
    expect(lead('how much is my rent?', letter, t)).toContain('780,00');
    const only = 'Sehr geehrte Frau Lind, wir teilen Ihnen mit, dass sich Ihre Rente zum 1. Juli erhöht.\nRente: 1.240,00 €';
    expect(answer('how much is my rent?', only, t)?.known).toBe(false);
  });
});

describe('a Dutch page, and phrases and lengths of time in each language', () => {
  const t = 'Huurcontract — Woning Utrecht';
  const lease = 'Geachte heer De Vries, hierbij ontvangt u de huurovereenkomst voor uw woning.\nHuurder: Sam de Vries\nIngangsdatum: 1 februari 2027\nKale huur: € 1.150,00 per maand\nBorg: € 2.300,00\nOpzegtermijn: 1 maand';
  it('the deposit and the rent of a Dutch lease', () => {
    expect(lead('what is the deposit on the Utrecht flat?', lease, t)).toMatch(/^Borg \(deposit\): € 2\.300,00/);
    expect(lead('how much rent will I pay in Utrecht?', lease, t)).toContain('1.150,00');
  });

  it('"notice period" is one label in each language, and "1 maand" a length of time', () => {
    expect(VALUE.duration.test('1 maand')).toBe(true);
    expect(VALUE.duration.test('3 Monate')).toBe(true);
    expect(VALUE.duration.test('Beginn um 14 Uhr')).toBe(false);
    expect(lead('how long is the notice period?', lease, t)).toContain('Opzegtermijn (notice period): 1 maand');
  });

  it('"check out" asked as a verb is the booking’s "Salida", not its "Entrada"', () => {
    const h = 'Reserva — Hotel Mirador';
    const hotel = 'Gracias por su reserva, le esperamos con mucho gusto.\nEntrada: viernes, 11 de diciembre (a partir de las 15:00)\nSalida: domingo, 13 de diciembre (antes de las 11:00)';
    expect(lead('when do we have to check out of the Mirador?', hotel, h)).toContain('13 de diciembre');
  });
});

describe('the Dutch forms, joined to the table by each concept’s English word', () => {
  it('every concept has one, and a Dutch text reads as Dutch, an English one not', () => {
    for (const c of LEXICON) expect(c.nl.length, c.en[0]).toBeGreaterThan(0);
    expect(languagesOf('Geachte heer De Vries, hierbij ontvangt u de huurovereenkomst voor uw woning. Met vriendelijke groet')).toContain('nl');
    expect(languagesOf('Here is the lease for your flat; the deposit is due when you get the keys.')).toEqual([]);
  });

  it('a concept with no Dutch line, or a line naming no concept, is an error naming it', () => {
    const table = parseLexicon('rent | Miete | loyer | alquiler | affitto | renda\nkey | Schlüssel | clé | llave | chiave | chave');
    expect(withDutch(table, 'rent | huur\nkey | sleutel')[1]?.nl).toEqual(['sleutel']);
    expect(() => withDutch(table, 'rent | huur')).toThrow(/no line for "key"/);
    expect(() => withDutch(table, 'rent | huur\nkey | sleutel\ndoor | deur')).toThrow(/line 3/);
  });
});

describe('foreign streets, and an amount asked of a phone bill', () => {
  it('where to pick a parcel up: the "Abholstelle" at a German street and number', () => {
    expect(VALUE.place.test('Kiosk am Markt, Hauptstraße 12')).toBe(true);
    expect(VALUE.place.test('14 rue des Lilas, Lyon')).toBe(true);
    expect(VALUE.place.test('sent via Google')).toBe(false);
    const t = 'Sendungsverfolgung — Paketdienst';
    const page = 'Ihre Sendung ist unterwegs und wird bald zugestellt.\nGewicht: 2,4 kg\nAbholstelle: Kiosk am Markt, Hauptstraße 12';
    expect(lead('where can I pick up the parcel if I miss it?', page, t)).toContain('Hauptstraße 12');
  });

  it('"how much is my phone bill" asks an amount, not a number to ring', () => {
    expect(askedValue('how much is my phone bill?').kind).toBe('money');
    const t = 'Fatura — Vodafone';
    const bill = 'Olá, a sua fatura já está disponível para pagamento.\nValor total: 39,99 €\nReferência: 123 456 789';
    expect(lead('how much is my phone bill?', bill, t)).toContain('39,99 €');
  });

  it('a French label with a space before its colon is glossed after its word', () => {
    const t = 'Ordonnance — Pharmacie du Centre';
    const page = 'Bonjour, votre ordonnance est prête à la pharmacie.\nMédicament : Amoxicilline 500 mg\nÀ retirer avant le : 22 décembre';
    expect(lead('until when can I collect my prescription?', page, t)).toContain('À retirer avant le (collect) : 22 décembre (22 December)');
  });
});

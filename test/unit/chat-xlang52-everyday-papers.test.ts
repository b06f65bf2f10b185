import { describe, expect, it } from 'vitest';
import { TimeFormatter } from '../../shared/time/index.js';
import { screenLanguages, translationsOf } from '../../shared/text/index.js';
import { sentencesOf } from '../../agents/store/index.js';
import { translatedTerms } from '../../agents/store/query-text.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { screenMemory } from '../helpers/screen-memory.js';

// Issue 30: the papers of a life abroad (a landlord's letter, a waste calendar, a school note, a rental
// ad, a parcel tracker, a pharmacy label, a garage booking, a chat) asked about in English, in
// everyday words that are not the page's labels. Pages made up for this test in German, French,
// Spanish, Italian, Portuguese and Dutch; each has a sibling value for another thing that must not
// be stated, and questions the page does not answer must not be stated either.
const fmt = new TimeFormatter('UTC');
const AT = '2026-11-20T08:15:00.000Z';
const answer = (q: string, [title, text]: readonly [string, string]) => factSentence(q, screenMemory('lines', text, title, AT, { fullSnippet: true }), fmt);
/** The first line of the answer, when it is stated as known; '' when it is not. */
const stated = (q: string, page: readonly [string, string]): string => {
  const f = answer(q, page);
  return f?.known ? f.text.split('\n')[0]!.split(' — seen')[0]! : '';
};

const LETTER = [
  'Hausverwaltung Kramer — Schreiben',
  'Sehr geehrte Frau Lindqvist,\nhiermit teilen wir Ihnen mit, dass die jährliche Zählerablesung in Ihrer Wohnung am Donnerstag, 14. Januar 2027 zwischen 8 und 12 Uhr stattfindet.\nBitte sorgen Sie dafür, dass die Zähler im Keller zugänglich sind.\nDie Heizkostenabrechnung für 2026 erhalten Sie bis zum 31. März 2027.\nMit freundlichen Grüßen\nIhre Hausverwaltung',
] as const;
const BINS_DE = [
  'Abfuhrkalender 2027 — Gemeinde Lindau',
  'Restmüll: jeden zweiten Dienstag\nBiotonne: Freitag\nPapier: 12. Januar, 9. Februar\nGelbe Tonne: Mittwoch, 20. Januar\nWertstoffhof geöffnet: Sa 9:00–13:00',
] as const;
const BINS_NL = [
  'Gemeente Utrecht — Afvalkalender',
  'Uw ophaaldagen\nRestafval: maandag 4 januari\nGFT: donderdag 7 januari\nPapier: woensdag 13 januari\nMilieustraat open: za 9.00–16.00 uur',
] as const;
const SCHOOL = [
  'École Jules Ferry — Message aux parents',
  'Chers parents,\nLa réunion parents-professeurs aura lieu le mardi 19 janvier à 18h30 dans la salle polyvalente.\nLa sortie scolaire au musée est prévue le vendredi 5 février.\nMerci de rapporter le coupon avant le 12 janvier.\nLa directrice',
] as const;
const FLAT = [
  'Idealista — Piso en alquiler, Calle Mayor 12',
  'Piso de 3 habitaciones en alquiler\nAlquiler: 1.150 €/mes\nFianza: 2 meses (2.300 €)\nDisponible desde: 1 de marzo\nGastos de comunidad incluidos',
] as const;
const NOTICE = [
  'Aushang — Hausordnung',
  'Liebe Mieterinnen und Mieter,\ndie Mittagsruhe gilt von 13 bis 15 Uhr.\nDie Wohnungsübergabe findet am 30. November um 10 Uhr statt.\nBitte geben Sie alle Schlüssel beim Hausmeister ab.\nKündigungsfrist: drei Monate zum Monatsende',
] as const;
const GARAGE = [
  'Autohaus Becker — Terminbestätigung',
  'Ihr Werkstatttermin: Montag, 7. Dezember, 7:30 Uhr\nAbholung ab: 16:00 Uhr\nKostenvoranschlag: 420,00 €\nErsatzwagen: nein',
] as const;
const CHAT = [
  'WhatsApp — Giulia',
  'Giulia: Ciao! La consegna del divano è prevista per giovedì 10 dicembre\nGiulia: il montaggio invece sabato mattina\nIo: perfetto grazie\nGiulia: le chiavi le lascio alla portineria',
] as const;
const PARCEL = [
  'CTT — Seguimento de encomenda',
  'Encomenda RX123456789PT\nEstado: Em trânsito\nData de envio: 2 de dezembro\nEntrega prevista: sexta-feira, 11 de dezembro\nLocal de levantamento: Loja CTT Alvalade',
] as const;
const LABEL = [
  'Farmacia Centrale — Etichetta',
  'Amoxicillina 500 mg\nPosologia: 1 compressa ogni 8 ore per 7 giorni\nScadenza: 03/2028\nRicetta n. 44817\nConservare a temperatura ambiente',
] as const;

describe('the everyday words carry the concepts such papers are asked about', () => {
  const de = (q: string) => translationsOf(q).flatMap((t) => t.forms.de);
  it('bins, paper, organic waste, the recycling centre, the caretaker, quiet hours, a quote, a sofa', () => {
    expect(de('which bin is emptied on friday')).toContain('Tonne');
    expect(de('the paper collection')).toEqual(expect.arrayContaining(['Papier', 'Abfuhr']));
    expect(de('the compost bin')).toContain('Biotonne');
    expect(de('is the recycling centre open')).toContain('Wertstoffhof');
    expect(de('ask the caretaker')).toContain('Hausmeister');
    expect(de('the quiet hours')).toContain('Ruhezeit');
    expect(de('the quote for the repair')).toContain('Kostenvoranschlag');
    expect(translationsOf('the couch').flatMap((t) => t.forms.it)).toContain('divano');
    expect(translationsOf('the parent evening').flatMap((t) => t.forms.nl)).toContain('ouderavond');
  });
});

describe('a screen of labels and dates reads as its language; an English one does not', () => {
  it('a waste calendar, a tracker, a rental ad: by their everyday words, with hardly a function word', () => {
    expect(screenLanguages(BINS_DE[1])).toContain('de');
    expect(screenLanguages(BINS_NL[1])).toContain('nl');
    expect(screenLanguages(PARCEL[1])).toContain('pt');
    expect(screenLanguages(FLAT[1])).toContain('es');
  });
  it('negative: English labels and dates, or an English sentence quoting one foreign word, read as no other language', () => {
    expect(screenLanguages('A4 printer paper, 5 reams\nOrder placed: Monday 30 November\nDelivery: Tuesday 8 December\nTotal: €42.10')).toEqual([]);
    expect(screenLanguages('Kaution was the word on the form; the Miete is due on the first of the month, and the Nebenkosten too.')).toEqual([]);
    expect(screenLanguages('Hotel: Grand Central\nCheck-in: Friday 11 December\nRoom: 214, 2 beds\nTotal: 312.40')).toEqual([]);
  });
});

describe('the search looks for a German word as Swiss German writes it', () => {
  it('"ß" as "ss" too ("Bussgeld", "Strasse"), each once; nothing for a language the store does not hold', () => {
    const fine = translatedTerms('what penalty did I get on the street', ['penalty', 'street'], ['de']);
    expect(fine).toEqual(expect.arrayContaining(['bußgeld', 'bussgeld', 'straße', 'strasse']));
    expect(new Set(fine).size).toBe(fine.length);
    expect(translatedTerms('what penalty did I get', ['penalty'], ['it'])).not.toContain('bussgeld');
  });
});

describe('a German day of the month ends no sentence', () => {
  it('"am Donnerstag, 14. Januar 2027 …" is one sentence; a count at a sentence’s end still ends it', () => {
    expect(sentencesOf('Die Ablesung ist am Donnerstag, 14. Januar 2027 zwischen 8 und 12 Uhr. Bitte sorgen Sie für Zugang.')).toEqual([
      'Die Ablesung ist am Donnerstag, 14. Januar 2027 zwischen 8 und 12 Uhr.',
      'Bitte sorgen Sie für Zugang.',
    ]);
    expect(sentencesOf('Wir zählten bis 10. Dann gingen wir.')).toHaveLength(2);
  });
  it('the letter’s greeting before it: the day said whole, not the weekday alone', () => {
    const joined = [LETTER[0], LETTER[1].replace('Lindqvist,\n', 'Lindqvist, ')] as const;
    expect(stated('when is the meter reading in my flat?', joined)).toMatch(/^Donnerstag, 14\. Januar/);
  });
});

describe('a German landlord letter in prose', () => {
  it('when the meters are read, asked two ways, with the day of the reading', () => {
    expect(stated('when is the meter reading in my flat?', LETTER)).toContain('14. Januar 2027');
    expect(stated('when will they come to read the meters?', LETTER)).toContain('14. Januar 2027');
  });
  it('the heating bill has its own date, not the reading’s', () => {
    const s = stated('when do I get the heating bill?', LETTER);
    expect(s).toContain('31. März 2027');
    expect(s).not.toContain('14. Januar');
  });
  it('a handover the letter does not mention is not stated', () => {
    expect(stated('when is the handover of the flat?', LETTER)).toBe('');
  });
});

describe('waste calendars in German and Dutch', () => {
  it('German: the paper collection, not the organic bin’s day', () => {
    const s = stated('when is the paper collected?', BINS_DE);
    expect(s).toContain('12. Januar');
    expect(stated('which day is the compost bin picked up?', BINS_DE)).toMatch(/^Biotonne[^\n]*Freitag/);
  });
  it('German: the recycling centre’s opening hours', () => {
    expect(stated('when is the recycling centre open?', BINS_DE)).toContain('9:00–13:00');
  });
  it('Dutch: the paper day, asked two ways, not the residual waste day', () => {
    for (const q of ['when is the paper picked up?', 'which day do they collect the cardboard?']) {
      const s = stated(q, BINS_NL);
      expect(s, q).toContain('13 januari');
      expect(s, q).not.toContain('4 januari');
    }
  });
  it('Dutch: a meter reading the calendar does not hold is not stated', () => {
    expect(stated('when is the meter reading?', BINS_NL)).toBe('');
  });
});

describe('a French note from school', () => {
  it('the parent evening, asked two ways, is the meeting’s day, not the outing’s', () => {
    for (const q of ['when is the parent evening at school?', 'when is the parents meeting?']) {
      const s = stated(q, SCHOOL);
      expect(s, q).toContain('mardi 19 janvier');
      expect(s, q).not.toContain('5 février');
    }
  });
  it('the school trip: "sortie scolaire" is the trip, its noun first', () => {
    const s = stated('when is the school trip to the museum?', SCHOOL);
    expect(s).toContain('5 février');
    expect(s).not.toContain('19 janvier');
  });
});

describe('a Spanish rental ad', () => {
  it('the rent, asked two ways, and not the deposit', () => {
    for (const q of ['how much is the rent of the flat on Calle Mayor?', 'what does the apartment cost a month?']) {
      const s = stated(q, FLAT);
      expect(s, q).toContain('1.150 €');
      expect(s, q).not.toContain('2.300');
    }
  });
  it('the deposit, and not the rent', () => {
    const s = stated('how much deposit do they want for the flat?', FLAT);
    expect(s).toContain('2.300 €');
    expect(s).not.toContain('1.150');
  });
});

describe('a German house notice and a garage booking', () => {
  it('the quiet hours, the handover, the notice period', () => {
    expect(stated('when are the quiet hours?', NOTICE)).toContain('13 bis 15 Uhr');
    expect(stated('when do we hand over the apartment?', NOTICE)).toContain('30. November');
    expect(stated('what is the notice period?', NOTICE)).toContain('drei Monate');
  });
  it('the garage: the appointment, the pick-up time and the quote, each its own', () => {
    const when = stated('when do I bring the car to the garage?', GARAGE);
    expect(when).toContain('7. Dezember');
    const pick = stated('when can I pick up the car?', GARAGE);
    expect(pick).toContain('16:00');
    expect(pick).not.toContain('7:30');
    const quote = stated('how much is the quote from the garage?', GARAGE);
    expect(quote).toContain('420,00 €');
  });
  it('a notice period the garage booking does not give is not stated', () => {
    expect(stated('what is the notice period?', GARAGE)).toBe('');
  });
});

describe('an Italian chat, a Portuguese tracker and an Italian pharmacy label', () => {
  it('Italian chat: when the sofa comes, asked two ways', () => {
    for (const q of ['when is the sofa delivered?', 'when does the couch arrive?']) expect(stated(q, CHAT), q).toContain('giovedì 10 dicembre');
  });
  it('Portuguese: when the parcel arrives, not when it was sent', () => {
    for (const q of ['when will my parcel arrive?', 'when is the package being delivered?']) {
      const s = stated(q, PARCEL);
      expect(s, q).toContain('11 de dezembro');
      expect(s, q).not.toContain('2 de dezembro');
    }
  });
  it('Portuguese: a deposit the tracker does not hold is not stated', () => {
    expect(stated('how much deposit is there?', PARCEL)).toBe('');
  });
  it('Italian label: the dose and the prescription number, each its own', () => {
    const dose = stated('what dose of amoxicillin do I take?', LABEL);
    expect(dose).toContain('ogni 8 ore');
    expect(dose).not.toContain('44817');
    expect(stated('what is the prescription number?', LABEL)).toContain('44817');
  });
});

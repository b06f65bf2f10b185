import { describe, expect, it } from 'vitest';
import { TimeFormatter } from '../../shared/time/index.js';
import { placeSpellings } from '../../shared/text/index.js';
import { askedValue } from '../../agents/chat/asked-value.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { screenMemory } from '../helpers/screen-memory.js';

// Issue 30: English questions about pages in other languages, the page's own words for the cost, the
// event and the place. Pages made up for this test (a German carrier's transport order, a French
// plumber's invoice, a Portuguese hotel, a Dutch delivery note, an Italian ferry booking), with
// negatives: a sibling amount, a page about another thing, a false friend.
const fmt = new TimeFormatter('UTC');
const AT = '2026-11-20T08:15:00.000Z';
const answer = (q: string, lines: string[], title: string) => factSentence(q, screenMemory('lines', lines.join('\n'), title, AT, { fullSnippet: true }), fmt);
const lead = (q: string, lines: string[], title: string) => answer(q, lines, title)?.text.split(' — seen')[0] ?? '';

const ORDER_T = 'Transportauftrag 44817 — Spedition Keller';
const ORDER = ['Sehr geehrte Damen und Herren, wir bestätigen Ihren Auftrag wie folgt.', 'Ladestelle: Köln, Industriestraße 4', 'Entladestelle: Essen, Hafenweg 12', 'Abholung: Mittwoch, 2. Dezember, 7.30 Uhr', 'Mautgebühr: 86,00 EUR', 'Frachtkosten: 1.240,00 EUR'];

describe('the cost asked, said in the page’s language', () => {
  it('"what are the transport costs" asks for money, and so does "what does X cost"', () => {
    expect(askedValue('What are the transport costs for the Essen load?').kind).toBe('money');
    expect(askedValue('What does the crossing cost?').kind).toBe('money');
    expect(askedValue('What does the ferry leave from?').kind).not.toBe('money');
  });

  it('a carrier’s freight charge, its compound naming the freight first; the toll beside it is not it', () => {
    expect(lead('What are the transport costs for the Essen load?', ORDER, ORDER_T)).toMatch(/^Frachtkosten[^:]*: 1\.240,00 EUR/);
    expect(lead('How much is the freight from Cologne?', ORDER, ORDER_T)).toMatch(/^Frachtkosten[^:]*: 1\.240,00 EUR/);
    expect(lead('How much is the toll on that order?', ORDER, ORDER_T)).toMatch(/^Mautgebühr[^:]*: 86,00 EUR/);
  });

  const BILL_T = 'Facture 2026-311 — Plomberie Girard';
  const BILL = ['Bonjour, veuillez trouver ci-dessous le détail de votre facture.', 'Plomberie Girard SARL', 'Intervention : remplacement du chauffe-eau', 'Montant HT : 1 180,00 €', 'TVA 20 % : 236,00 €', 'Montant TTC : 1 416,00 €'];
  it('a plumber’s invoice: in total is the TTC, before tax the HT', () => {
    expect(lead('How much do I owe the plumber in total?', BILL, BILL_T)).toMatch(/^Montant TTC : 1 416,00 €/);
    expect(lead('How much was the plumber’s bill before tax?', BILL, BILL_T)).toMatch(/^Montant HT : 1 180,00 €/);
  });

  const HOTEL_T = 'Reserva — Hotel Alfama Lisboa';
  const HOTEL = ['Obrigado pela sua reserva, esperamos por si em Lisboa.', 'Check-in: a partir das 15h', 'Pequeno-almoço: 7h30 às 10h30', 'Valor total: 412,00 €', 'Taxa turística: 8,00 €'];
  it('a Lisbon hotel: the city tax is its own line, not the whole stay; breakfast is met by its place', () => {
    expect(lead('How much is the city tax?', HOTEL, HOTEL_T)).toMatch(/^Taxa turística[^:]*: 8,00 €/);
    expect(lead('How much is the hotel in Lisbon in total?', HOTEL, HOTEL_T)).toMatch(/^Valor total: 412,00 €/);
    const f = answer('When is breakfast at the Lisbon hotel?', HOTEL, HOTEL_T)!;
    expect(f.known).toBe(true);
    expect(f.text).toMatch(/^Pequeno-almoço \(breakfast\): 7h30 às 10h30/);
  });

  it('not: a ferry asked of a carrier’s order that names none', () => {
    expect(answer('How much is the ferry?', ORDER, ORDER_T)?.known).toBe(false);
  });
});

describe('the time of an event the page names in its own word', () => {
  it('the pickup is the "Abholung"', () => {
    expect(lead('When is the pickup?', ORDER, ORDER_T)).toMatch(/^Abholung[^:]*: Mittwoch, 2. Dezember .*7.30 Uhr/);
  });

  const NOTE_T = 'Pakbon 88213 — Bloemen & Co';
  it('the delivery is the "Levering" of a Dutch delivery note', () => {
    const note = ['Beste klant, hierbij de gegevens van uw bestelling.', 'Levering: donderdag 10 december, tussen 9.00 en 12.00 uur', 'Totaal: € 312,00'];
    const f = answer('When is the delivery?', note, NOTE_T)!;
    expect(f.known).toBe(true);
    expect(f.text).toMatch(/^Levering[^:]*: donderdag/);
  });

  it('not: the day an order was sent, for when it is delivered', () => {
    const sent = ['Beste klant, hierbij de gegevens van uw bestelling.', 'Verzonden: dinsdag 8 december', 'Totaal: € 312,00'];
    expect(answer('When is the delivery?', sent, NOTE_T)?.known).not.toBe(true);
  });
});

describe('trades, goods and outings named in the page’s words', () => {
  const PAINT_T = 'Rechnung 2026-0412 — Malerbetrieb Vogt';
  const PAINT = ['Sehr geehrte Frau Lind, vielen Dank für Ihren Auftrag.', 'Rechnung Nr. 2026-0412', 'Nettobetrag: 840,00 €', 'MwSt. 19 %: 159,60 €', 'Bruttobetrag: 999,60 €'];
  it('what the painter is paid is the gross of the Malerbetrieb’s bill; before tax the net', () => {
    expect(lead('What do I pay the painter?', PAINT, PAINT_T)).toMatch(/^Bruttobetrag: 999,60 €/);
    expect(lead('What is the decorator’s bill before tax?', PAINT, PAINT_T)).toMatch(/^Nettobetrag: 840,00 €/);
    expect(answer('What do I pay the plumber?', PAINT, PAINT_T)?.known).not.toBe(true);
  });

  const MOVE_T = 'Commande — Déménagements Roux';
  it('the furniture’s collection is the "enlèvement des meubles", its delivery the "livraison"', () => {
    const page = ['Bonjour, voici la confirmation de votre commande.', 'Enlèvement des meubles : jeudi 3 décembre à 7h30', 'Livraison : vendredi 4 décembre entre 14h et 18h'];
    expect(lead('When is the collection of the furniture?', page, MOVE_T)).toMatch(/^Enlèvement des meubles[^:]*: jeudi 3 décembre .*à 7h30/);
    expect(lead('When is the furniture delivered?', page, MOVE_T)).toMatch(/^Livraison[^:]*: vendredi 4 décembre/);
    const only = ['Bonjour, voici la confirmation de votre commande.', 'Enlèvement des meubles : jeudi 3 décembre à 7h30'];
    expect(answer('When is the furniture delivered?', only, MOVE_T)?.known).not.toBe(true);
  });

  it('a school trip is the "excursión" or the "gita", and "a las 8h" a time', () => {
    const t = 'Horario — Colegio San Martín';
    const page = ['Colegio San Martín — Horario de 3º B', 'Les recordamos que la salida es puntual.', 'Recogida de alumnos: 14:15', 'Excursión al museo: jueves, salida a las 8h'];
    expect(lead('What time does the school trip leave?', page, t)).toMatch(/^Excursión al museo[^:]*: jueves .*salida a las 8h/);
    const gita = ['Scuola primaria Dante — Avvisi per le famiglie', 'Gita al lago: venerdì 15 maggio, partenza alle 8.15', 'Colloqui: martedì 12 maggio'];
    expect(lead('When does the school trip leave?', gita, 'Avvisi — Scuola Dante')).toMatch(/^Gita al lago[^:]*: venerdì 15 maggio .*partenza alle 8\.15/);
    expect(lead('What time is school pickup?', page, t)).toMatch(/^Recogida de alumnos[^:]*: 14:15/);
  });
});

describe('a place the page spells its own way', () => {
  it('each spelling knows the others, and a word that names no place none', () => {
    expect(placeSpellings('Cologne')).toContain('koln');
    expect(placeSpellings('Köln')).toContain('cologne');
    expect(placeSpellings('Hague')).toEqual(expect.arrayContaining(['haag', 'gravenhage']));
    expect(placeSpellings('Florence')).toContain('firenze');
    expect(placeSpellings('invoice')).toEqual([]);
  });

  it('the ferry from Florence’s port city, asked in English, on an Italian booking', () => {
    const t = 'Prenotazione — Traghetti Tirreno';
    const page = ['Gentile cliente, grazie per la sua prenotazione.', 'Partenza da Livorno (Firenze): sabato 12 giugno, ore 22', 'Totale: 186,40 €'];
    expect(lead('What time is the ferry from Florence?', page, t)).toMatch(/ore 22/);
  });
});

describe('a word of the page’s own that no table of everyday words can hold', () => {
  it('the Italian "camera" is the room asked about, but no camera', () => {
    const t = 'Prenotazione — Hotel Bellavista';
    const page = ['Gentile cliente, grazie per la sua prenotazione.', 'Hotel Bellavista, Firenze', 'Camera doppia: 120,00 € a notte', 'Parcheggio: 15,00 € al giorno'];
    expect(lead('How much is the room in Florence?', page, t)).toMatch(/Camera doppia: 120,00 € a notte/);
    expect(answer('How much was the camera?', page, t)?.known).not.toBe(true);
  });

  it('"KW 49" on a German order is the week asked; a power in kW is none', () => {
    const week = ['Sehr geehrte Damen und Herren, wir bestätigen Ihren Auftrag wie folgt.', 'Abholung: KW 49', 'Frachtkosten: 1.240,00 EUR'];
    expect(lead('Which week is the pickup?', week, ORDER_T)).toMatch(/^Abholung[^:]*: KW 49$/);
    const power = ['Sehr geehrte Damen und Herren, wir bestätigen Ihren Auftrag wie folgt.', 'Ladeleistung: 11 kW', 'Frachtkosten: 1.240,00 EUR'];
    expect(answer('Which week is the pickup?', power, ORDER_T)?.known).not.toBe(true);
  });

  it('a Dutch street that starts with "Laan van" is an address', () => {
    const t = 'Pakbon 88213 — Bloemen & Co';
    const note = ['Beste klant, hierbij de gegevens van uw bestelling.', 'Afleveradres: Laan van Meerdervoort 88, Den Haag', 'Totaal: € 312,00'];
    expect(lead('Where in The Hague does the delivery go?', note, t)).toMatch(/^Afleveradres[^:]*: Laan van Meerdervoort 88, Den Haag/);
    expect(answer('Where in Amsterdam does the delivery go?', note, t)?.known).not.toBe(true);
  });
});

describe('a false friend is not the thing asked', () => {
  it('German "Gift" is poison: no gift, and no price for one', () => {
    const t = 'Sicherheitsdatenblatt — Reiniger';
    const sheet = ['Bitte lesen Sie die Hinweise vor der Verwendung.', 'Achtung: Gift! Nicht verschlucken und von Kindern fernhalten.', 'Preis: 12,99 €'];
    expect(answer('What gift did I get?', sheet, t)?.known).not.toBe(true);
    expect(answer('How much was the gift?', sheet, t)?.known).not.toBe(true);
  });

  it('Spanish "éxito" is success, not the exit', () => {
    const t = 'Pago — Tienda Sol';
    const page = ['Gracias por su compra, el pago se ha realizado con éxito.', 'Importe: 45,00 €', 'Referencia: 99812'];
    expect(answer('Where is the exit?', page, t)?.known).not.toBe(true);
  });
});

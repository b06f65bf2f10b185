/**
 * Journeys listed stop by stop, and the visits of people who come to the door. Made up for this
 * test: a rail app's legs with a change (English), a German connection marked "ab"/"an", a French
 * booking marked "Départ"/"Arrivée", an Italian stop table with arriving and leaving columns, a night
 * train over two days, a ferry card with only the way out and one with both ways, a removal firm's
 * booking, a French cleaning slot and a broadband engineer's visit. Asked in everyday words, never
 * the screens' labels; negatives: a stop the journey never makes, the way back when only the way out
 * is listed, a change station's leaving time for "get into", an agenda that is no journey, a page
 * of the service without a slot.
 */
import { describe, expect, it } from 'vitest';
import { screenMemory } from '../helpers/screen-memory.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { stopsOf } from '../../agents/chat/itinerary-stops.js';

const fmt = new TimeFormatter('UTC');
const AT = '2026-12-09T09:30:00.000Z';
const answer = (q: string, lines: string[], title: string) => factSentence(q, screenMemory('lines', lines.join('\n'), title, AT, { fullSnippet: true }), fmt);
const first = (q: string, lines: string[], title: string) => answer(q, lines, title)?.text.split('\n')[0] ?? '';

const rail = ['Your journey', 'Outbound · Fri 11 Dec', '08:05  London Euston', 'Avanti West Coast · Platform 14', '10:12  Crewe', 'Change · 18 min', '10:30  Crewe', 'Transport for Wales', '11:47  Holyhead', '1 change · 3h 42m'];
const railTitle = 'Trainline — My tickets';
const bahn = ['Ihre Verbindung', 'Mo 14.12.2026', 'ab 07:12  Hamburg Hbf  Gleis 8', 'an 08:55  Hannover Hbf  Gleis 4', 'Umstieg 12 Min.', 'ab 09:07  Hannover Hbf  Gleis 11', 'an 11:40  Frankfurt (Main) Hbf  Gleis 7'];
const bahnTitle = 'DB Navigator — Reiseplan';
const sncf = ['Votre voyage', 'Aller · samedi 19 décembre', 'Départ 09:14  Paris Gare de Lyon', 'TGV INOUI 6603', 'Arrivée 11:16  Lyon Part-Dieu', 'Départ 11:45  Lyon Part-Dieu', 'TER 17612', 'Arrivée 13:02  Grenoble'];
const sncfTitle = 'SNCF Connect — Mes voyages';
const treno = ['Il tuo viaggio', 'Andata · venerdì 18 dicembre', 'Stazione  Arrivo  Partenza', 'Milano Centrale  —  08:10', 'Bologna C.le  09:05  09:08', 'Firenze S.M.N.  09:44  —', 'Frecciarossa 9521 · Carrozza 5 · Posto 7A'];
const trenoTitle = 'Trenitalia — I miei viaggi';
const night = ['Nightjet booking', 'Outbound', 'Sat 19 Dec', '20:14  Wien Hbf', 'Sun 20 Dec', '09:30  Bruxelles-Midi', 'Sleeper · 2 beds'];
const ferryOut = ['Booking confirmed', 'Outbound sailing', 'Dover → Calais', 'Sat 12 Dec 2026', 'Departs 10:25', 'Arrives 13:00 (local time)', 'Vehicle: Car up to 1.85m'];
const ferryBoth = ['Your sailings', 'Outbound · Sat 12 Dec', 'Dover → Calais', 'Departs 10:25', 'Arrives 13:00', 'Return · Sun 20 Dec', 'Calais → Dover', 'Departs 18:40', 'Arrives 19:15'];
const vuelo = ['Tu reserva', 'Ida · vie 18 dic', 'IB 3170  Madrid (MAD) 09:35 → Roma (FCO) 12:00', 'Vuelta · dom 27 dic', 'IB 3175  Roma (FCO) 18:40 → Madrid (MAD) 21:20'];

describe('a journey listed stop by stop', () => {
  it('states the arrival at the asked stop: the leg that ends there, not the first departure nor the change', () => {
    expect(first('when do I get into Holyhead?', rail, railTitle)).toMatch(/^Arrives 11:47 at Holyhead \(Outbound · Fri 11 Dec\)/);
    // A change station: reached at 10:12, left at 10:30.
    expect(first('when does my train get to Crewe?', rail, railTitle)).toMatch(/^Arrives 10:12 at Crewe/);
    expect(first('when does the train pull out of Crewe?', rail, railTitle)).not.toMatch(/^Arrives/);
    expect(first('when does my train get into Frankfurt?', bahn, bahnTitle)).toMatch(/^Arrives 11:40 at Frankfurt/);
    expect(first('when do I arrive in Hannover?', bahn, bahnTitle)).toMatch(/^Arrives 08:55/);
    expect(first('what time does the train reach Lyon?', sncf, sncfTitle)).toMatch(/^Arrives 11:16 at Lyon/);
    expect(first('when do we get into Grenoble?', sncf, sncfTitle)).toMatch(/^Arrives 13:02/);
    // A stop table's arriving column, not its leaving one.
    expect(first('when do we arrive in Bologna?', treno, trenoTitle)).toMatch(/^Arrives 09:05 at Bologna/);
    // Legs over two days: the arrival's own day.
    expect(first('when does the train get into Bruxelles?', night, 'ÖBB Nightjet — Buchung')).toMatch(/^Arrives 09:30 at Bruxelles-Midi \(Sun 20 Dec\)/);
  });

  it('states the departure from the asked stop, or the first when none is named', () => {
    expect(first('when does the train leave?', rail, railTitle)).toMatch(/^Leaves 08:05 at London Euston/);
    expect(first('what time does the train leave Hamburg?', bahn, bahnTitle)).toMatch(/^Leaves 07:12/);
    // Paris is left at 09:14; 11:16 is the arrival in Lyon on the same page.
    const paris = first('when do we leave Paris?', sncf, sncfTitle);
    expect(paris).toMatch(/^Leaves 09:14/);
    expect(paris).not.toMatch(/^11:16/);
    expect(first('when does the ferry set off?', ferryOut, 'P&O Ferries — Manage booking')).toMatch(/10:25/);
    expect(first('when do we get to Calais?', ferryOut, 'P&O Ferries — Manage booking')).toMatch(/^Arrives 13:00 at Calais/);
  });

  it('takes the way back when asked, and says it is missing when only the way out is listed', () => {
    expect(first('when does the ferry back leave?', ferryBoth, 'DFDS — My booking')).toMatch(/^Leaves 18:40 at Calais/);
    expect(first('when do we get back to Dover?', ferryBoth, 'DFDS — My booking')).toMatch(/^Arrives 19:15 at Dover/);
    expect(first('when does our flight back leave?', vuelo, 'Iberia — Mis viajes')).toMatch(/^Leaves 18:40/);
    expect(first('when do we land in Rome?', vuelo, 'Iberia — Mis viajes')).toMatch(/^Arrives 12:00/);
    const back = answer('when does the ferry back leave?', ferryOut, 'P&O Ferries — Manage booking');
    expect(back?.known).toBe(false);
    expect(back?.text).toMatch(/^I don't know/);
    expect(back?.text.split('\n')[0]).not.toMatch(/^(?:Leaves|Departs)/);
    expect(first('when does the return train leave?', sncf, sncfTitle)).toMatch(/^I don't know/);
  });

  it('gives no stop\'s time to a place the journey never reaches, nor reads an agenda as a journey', () => {
    expect(first('when do I arrive in Bangor?', rail, railTitle)).not.toMatch(/08:05|10:12|10:30|11:47/);
    expect(first('when do I reach Cologne?', bahn, bahnTitle)).not.toMatch(/\d\d:\d\d/);
    const agenda = ['Tue 15 Dec', '09:00  Team Standup', '11:30  Design Review', '16:00  Budget Call'];
    expect(first('when does the train leave?', agenda, 'Calendar — Trip planning')).not.toMatch(/09:00|16:00/);
    expect(stopsOf(['09:00  Team standup', '11:30  design review'])).toEqual([]);
  });
});

const move = ['Your move', 'Moving day: Saturday 19 December', 'Crew: 3 movers · 7.5t van', 'Arrival window 08:00–09:00', 'From: 14 Elm Road, Leeds', 'To: 3 Quay St, York'];
const cleaning = ['Réservation ménage', 'Prestataire : Clean&Co', 'Créneau : jeudi 17 décembre, entre 14h00 et 17h00', 'Durée : 3 h', 'Prix : 66,00 €'];

describe('when the people booked come to the door', () => {
  it('states the arrival window with the day, the slot in another language', () => {
    expect(first('when are the movers coming?', move, 'Moveflow — Booking MV-2291')).toMatch(/^Arrival window: 08:00–09:00, Saturday 19 December/);
    expect(first('when do the movers turn up?', move, 'Moveflow — Booking MV-2291')).toMatch(/08:00–09:00/);
    expect(first('when do the cleaners come?', cleaning, 'Clean&Co — Mes réservations')).toMatch(/^Créneau: jeudi 17 décembre, entre 14h00 et 17h00/);
    expect(first('when is the engineer coming?', ['Broadband installation', 'Engineer visit: Tue 15 Dec, 8am–1pm', 'Router dispatched: Thu 10 Dec'], 'Openreach — Your order')).toMatch(/Tue 15 Dec, 8am–1pm/);
  });

  it('says no slot where the page gives none, nor another step\'s date', () => {
    expect(first('when do the movers turn up?', ['Your move', 'Quote MV-2291', 'Price: £640', 'Crew: 3 movers'], 'Moveflow — Quote')).toMatch(/^I don't know/);
    const dispatched = first('when is the engineer coming?', ['Broadband installation', 'Router dispatched: Thu 10 Dec', 'Engineer visit: to be arranged'], 'Openreach — Your order');
    expect(dispatched).not.toMatch(/^(?!Not sure).*10 Dec/);
  });
});

import { describe, expect, it } from 'vitest';
import { standIns, tableKin } from '../../agents/store/kin-terms.js';
import { screenStoreEachTest } from '../helpers/screen-store.js';

/**
 * Issue 30: the page that answers must reach the evidence. A question's word no screen says is met
 * by the everyday table's other English word for it ("dental" for "dentist"), as the word itself
 * would be; a where-question reads the page's venue or address line. Made-up screens, apart from
 * the benchmark days, each with a wrong page that shares a common word.
 */
const AT = Date.parse('2026-12-05T13:00:00Z');

describe('the answering page and line reach the evidence', () => {
  const { screen, lead } = screenStoreEachTest('engram-stand-in-', AT, (screen) => {
    screen('Inbox — Mail', 'Weekly digest\nYour parcel is on its way\nTeam lunch on Friday?');
    screen('Calendar — Week 49', 'Mon 09:00 stand-up\nWed 14:00 design review');
  });

  it('"my dentist appointment": the dental practice’s visit, not the garage’s appointment', async () => {
    screen('Car service — Garage Berger', 'Appointment Mon 14 Dec\nOil change and brake check\nAppointment reminder by SMS');
    screen('Dr. Vale Dental — My visits', 'Your visit\nThursday 10 Dec 09:30\nHygiene check with M. Rossi');
    expect(await lead('What day is my dentist appointment?')).toMatch(/Thursday 10 Dec/);
  }, 30_000);

  it('negative: a screen that says the word itself keeps it; the table’s other word is no stand-in then', async () => {
    screen('Smile Clinic — Patient portal', 'Dentist check-up with Dr Okafor\nTuesday 15 Dec, 08:40');
    screen('Dental floss — Pharmacy shop', 'Dental floss 3 for 2\nOffer ends Friday 18 Dec');
    expect(await lead('What day is my dentist appointment?')).toMatch(/Tuesday 15 Dec/);
    expect(standIns(['dentist', 'appointment'], () => true)).toEqual([]);
    expect(standIns(['dentist', 'appointment'], (t) => t !== 'dentist')).toContain('dental');
    expect(tableKin('ferries')).toContain('crossing');
  }, 30_000);

  const meetup = () =>
    screen(
      'Design Meetup Lisbon — Meetup',
      'Design Meetup #42: Type on screens',
      'Hosted by Rita Alves of Kiln studio',
      "You're going + 87 others",
      'Thu 17 Dec, 19:00',
      'Venue: Old Mill, Rua do Moinho 12',
      'Pizza and drinks after the meetup',
    );

  it('"where is the design meetup happening": the venue line, not who hosts it', async () => {
    meetup();
    expect(await lead('Where is the design meetup happening?')).toMatch(/Old Mill/);
  }, 30_000);

  it('a German page’s "Ort" for where, and when-questions keep their time', async () => {
    meetup();
    screen('Stammtisch Kiel — Vereinsseite', 'Stammtisch der Segler', 'Jeden ersten Dienstag im Monat', 'Ort: Gaststätte Anker, Hafenstraße 3', 'Anmeldung nicht nötig');
    expect(await lead('Where is the Stammtisch?')).toMatch(/Anker/);
    // Negative: not a where-question, no place line.
    expect(await lead('When is the design meetup?')).toMatch(/17 Dec/);
  }, 30_000);
});

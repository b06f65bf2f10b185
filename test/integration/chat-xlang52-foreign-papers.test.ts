import { describe, expect, it } from 'vitest';
import { screenStoreEachTest } from '../helpers/screen-store.js';

/**
 * Issue 30: an English question about a paper in another language (a waste calendar, a landlord's
 * letter, a school note, a parcel tracker) finds that screen among English ones in the real store
 * (encrypted SQLite, the offline ask) and states its value first. Made-up screens, apart from the
 * benchmark days; each English neighbour shares a word of the question and has a value of the kind
 * asked, so a page found by the word alone would be stated instead.
 */
const AT = Date.parse('2026-12-05T13:00:00Z');

describe('English questions find papers in other languages among English screens', () => {
  const { screen, lead } = screenStoreEachTest('engram-xlang52-', AT, (screen) => {
    screen('Inbox — Mail', 'Weekly digest\nYour parcel is on its way\nTeam lunch on Friday?');
    screen('Office Supplies — Order', 'A4 printer paper, 5 reams\nOrder placed: Monday 30 November\nDelivery: Tuesday 8 December');
    screen('Newsletter — Oakfield Primary', 'Sports day: Friday 11 December\nUniform shop open Wednesdays 15:00–16:00\nPlease label all coats');
    screen('Parking — City car park receipt', 'Meter 14, Bay 22\nPaid: £4.60\nValid until 18:30');
  });

  it('a German waste calendar: when the paper is collected, not the office paper order', async () => {
    screen('Abfuhrkalender 2027 — Gemeinde Lindau', 'Restmüll: jeden zweiten Dienstag', 'Papier: 12. Januar, 9. Februar', 'Gelbe Tonne: Mittwoch, 20. Januar', 'Wertstoffhof geöffnet: Sa 9:00–13:00');
    const paper = await lead('When is the paper collected?');
    expect(paper).toMatch(/12\. Januar/);
    expect(paper).not.toMatch(/8 December/);
    expect(await lead('When is the recycling centre open?')).toMatch(/9:00–13:00/);
  }, 60_000);

  it('a German landlord letter: the meter reading, not the parking meter', async () => {
    screen(
      'Hausverwaltung Kramer — Schreiben',
      'Sehr geehrte Frau Lindqvist,',
      'hiermit teilen wir Ihnen mit, dass die jährliche Zählerablesung in Ihrer Wohnung am Donnerstag, 14. Januar 2027 zwischen 8 und 12 Uhr stattfindet.',
      'Mit freundlichen Grüßen, Ihre Hausverwaltung',
    );
    const reading = await lead('When is the meter reading in my flat?');
    expect(reading).toMatch(/^Donnerstag, 14\. Januar/);
    expect(reading).not.toMatch(/18:30/);
  }, 60_000);

  it('a French school note: the parent evening, not the English school’s sports day', async () => {
    screen(
      'École Jules Ferry — Message aux parents',
      'Chers parents,',
      'La réunion parents-professeurs aura lieu le mardi 19 janvier à 18h30 dans la salle polyvalente.',
      'La sortie scolaire au musée est prévue le vendredi 5 février.',
    );
    expect(await lead('When is the parent evening at school?')).toMatch(/19 janvier/);
    expect(await lead('When is the school trip to the museum?')).toMatch(/5 février/);
  }, 60_000);

  it('a Portuguese parcel tracker: the delivery day; negative: no such page, nothing stated from the mail', async () => {
    expect(await lead('When will my parcel arrive?')).not.toMatch(/^(?!I don't know|I didn't find|Not sure)[^\n]*(?:December|Friday)/);
    screen('CTT — Seguimento de encomenda', 'Encomenda RX123456789PT', 'Estado: Em trânsito', 'Data de envio: 2 de dezembro', 'Entrega prevista: sexta-feira, 11 de dezembro');
    const when = await lead('When will my parcel arrive?');
    expect(when).toMatch(/11 de dezembro/);
    expect(when).not.toMatch(/2 de dezembro/);
  }, 60_000);
});

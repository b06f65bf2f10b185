import { describe, expect, it } from 'vitest';
import { askPage, statedLead } from '../helpers/page-ask.js';

// Letters, e-mails, bookings and policy pages made up for this test, apart from the benchmark days:
// a number to ring or an address asked by what it is for, in English, over screens in German,
// French, Spanish and English that say it in their own words; with negatives: another service's
// number beside it, the same question over a screen about something else, a booking without its address.
const AT = '2026-11-20T10:00:00.000Z';
const ask = (q: string, title: string, text: string) => statedLead(askPage(q, title, text, AT));

const heatingLetter = `Reparatur Ihrer Heizung — Posteingang
Posteingang (2) Gesendet Archiv
Reparatur der Heizung im Haus Lindenweg 4
Heizungsbau Krüger service@krueger-heizung.de · gestern, 10:12
Sehr geehrte Damen und Herren,
am Montag, 14. Dezember 2026, zwischen 9 und 13 Uhr kommt unser Techniker zur Reparatur Ihrer Heizung.
Passt Ihnen der Tag nicht? Vereinbaren Sie bitte einen neuen Termin unter 0221 7734 5510.
Bei einem Notfall erreichen Sie uns rund um die Uhr: 0221 7734 5599.
Mit freundlichen Grüßen Jana Krüger`;

const signature = `Messagerie · Boîte de réception
Remise des clés — studio 12
De : Paul Martin <p.martin@girondeimmo.fr> À : Lena Ortiz · hier, 11:40
Bonjour Madame Ortiz,
La remise des clés du studio 12, 7 rue Sainte-Catherine à Bordeaux, aura lieu le jeudi 10 décembre à 18h00.
Cordialement,
Paul Martin
Agence Gironde Immobilier
05 56 44 81 27`;

const booking = `Hostal Prado ¡Gracias, Lena! Su reserva está confirmada.
Número de reserva 7720-HP-118
Entrada viernes, 12 de marzo de 2027, a partir de las 14:00
Precio total 318,40 €
Importe a pagar en el hotel 222,88 €
Aparcamiento no disponible en el hotel (parking público Calle Huertas 20, a 300 m)
Dirección: Calle del Prado 14, 28014 Madrid Teléfono: +34 91 429 5512 · reservas@hostalprado.es ¿Llega tarde? Avísenos.`;

describe('a number asked by what it is for', () => {
  it('states the number a German letter gives for a new date, not its emergency line', () => {
    const lead = ask('What number do I ring to move the heating repair appointment?', 'Reparatur Ihrer Heizung — Posteingang', heatingLetter);
    expect(lead).toContain('0221 7734 5510');
    expect(lead).not.toContain('5599');
  });

  it('states the number under a French signature for "how can I call the agency", not the sender\'s e-mail', () => {
    const lead = ask('How can I call the letting agency in Bordeaux?', 'Remise des clés — Messagerie', signature);
    expect(lead).toMatch(/^(?!\(not stated\)).*Gironde Immobilier.*05 56 44 81 27/);
    expect(lead).not.toContain('p.martin@');
  });

  it('states the line under its label on a policy page, not the claims line nor the policy number', () => {
    const policy = `Northgate Motor Insurance\nPolicy number NMI-448812-C\nVehicle VW Golf\nRoadside assistance\n0800 331 4477\nClaims line\n0800 331 4400`;
    const lead = ask('What number do I call if the car breaks down and I need roadside help?', 'My policy — Northgate Motor', policy);
    expect(lead).toMatch(/^(?!\(not stated\)).*0800 331 4477/);
    expect(lead).not.toContain('4400');
  });

  it('states the adviser\'s line for "my guy at the garage" on a German workshop\'s portal, not its breakdown line', () => {
    const portal = `Autowerkstatt Meier · Mein Fahrzeug: VW Touran\nNächste Hauptuntersuchung März 2027\nReifen eingelagert, Regal C-4\nIhr Serviceberater Lukas Brenner\nDurchwahl 0711 3380 4412\nPannenhilfe rund um die Uhr\n0800 5566 700`;
    for (const q of ['How do I get hold of my guy at the garage?', 'How can I reach my contact at the garage?']) {
      const lead = ask(q, 'Mein Fahrzeug — Autowerkstatt Meier Kundenportal', portal);
      expect(lead).toMatch(/^(?!\(not stated\)).*0711 3380 4412/);
      expect(lead).not.toContain('5566');
    }
  });

  it('the same question over a screen about something else, or two numbers said alike, is not stated', () => {
    const pharmacy = `Greenfield Pharmacy\nYour repeat prescription is ready to collect.\nQuestions about your medicines? Call 0161 555 0192 (9:00-18:00)`;
    expect(ask('What number do I ring to move the heating repair appointment?', 'Prescriptions — Greenfield Pharmacy', pharmacy)).toMatch(/^\(not stated\)/);
    const twoLines = `Reparatur der Heizung im Haus Lindenweg 4\nam Montag, 14. Dezember 2026 kommt unser Techniker.\nZentrale 0221 7734 5500\nBüro Köln 0221 7734 5520`;
    expect(ask('What number do I ring to move the heating repair appointment?', 'Reparatur Ihrer Heizung — Posteingang', twoLines)).toMatch(/^\(not stated\)/);
  });
});

describe('an address asked for a place named in the question', () => {
  it('states the labelled address of a Spanish booking, not the car park\'s street', () => {
    const lead = ask("What's the address of our hotel in Madrid?", 'Confirmación de la reserva — Hostal Prado, Madrid', booking);
    expect(lead).toMatch(/^(?!\(not stated\)).*Calle del Prado 14/);
    expect(lead.split('Calle del Prado')[0]).not.toContain('Huertas');
  });

  it('a booking that gives no address is not answered by its phone', () => {
    const bare = booking.replace(/^Dirección: .*$/m, 'Teléfono: +34 91 429 5512 · reservas@hostalprado.es').replace(/ \(parking .*\)/, '');
    expect(ask("What's the address of our hotel in Madrid?", 'Confirmación de la reserva — Hostal Prado, Madrid', bare)).toMatch(/^\(not stated\)/);
  });
});

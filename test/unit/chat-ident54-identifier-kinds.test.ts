import { describe, expect, it } from 'vitest';
import { askPage, statedLead } from '../helpers/page-ask.js';

// Bookings, renewals, utility and parcel pages made up for this test, apart from the benchmark days:
// a page shows several codes and the question names the kind it wants in everyday words. The one
// stated is the one whose label names that kind, in the page's language ("Réf. de réservation",
// "Buchungsnummer", "Localizador", "Immatriculation"), never a sibling (the cabin, the seat, the
// policy); a page without that kind states none of the others, and a kind not on the page ("my
// passport number") takes nothing.
const AT = '2026-11-20T10:00:00.000Z';
const ask = (q: string, title: string, text: string) => statedLead(askPage(q, title, text, AT));
const notStated = /^\(not stated\)|^\(nothing\)/;
/** Stated, with this value in the lead's first line. */
const states = (value: string) => new RegExp(`^(?!\\(not stated\\)|\\(nothing\\))[^\\n]*${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

describe('a booking reference, not the cabin, seat or coach beside it', () => {
  const ferry = `Islemoor Ferries · Manage my booking\nPoole → St Helier crossing\nSailing Sat 12 Dec 2026 15:00\nCabin no. 8214 · Deck 8\nBooking reference BRX77Q2\nPassengers 2 adults · Car up to 1.85 m`;
  it('states the reference for the ferry, asked three ways', () => {
    for (const q of ["What's my ferry booking number?", 'What booking ref did the ferry company give me?', "What's the reference for my ferry booking?"]) {
      expect(ask(q, 'My booking — Islemoor Ferries', ferry)).toMatch(states('BRX77Q2'));
    }
  });

  it('a ferry page without a booking reference states no cabin or deck number as one', () => {
    const bare = ferry.replace('Booking reference BRX77Q2\n', '');
    const lead = ask("What's my ferry booking number?", 'My booking — Islemoor Ferries', bare);
    expect(lead).toMatch(notStated);
    expect(lead).not.toMatch(/^[^\n]*8214/);
  });

  it('reads the French, German, Spanish, Italian and Portuguese labels, and leaves the seats alone', () => {
    const fr = `Navimar · Ma réservation\nTraversée Marseille → Ajaccio\nDépart 18 déc. 2026 19:00\nCabine n° 8214 · Pont 6\nRéf. de réservation KX4R9T\nPassagers 2 adultes`;
    expect(ask("What's my booking number with Navimar?", 'Ma réservation — Navimar', fr)).toMatch(states('KX4R9T'));
    const de = `Bahnreise · Meine Buchung\nZug ICE 1005 Berlin Hbf → München Hbf\nWagen 7 · Platz 45\nBuchungsnummer 4821 1739\nPreis 79,90 €`;
    const deLead = ask("What's the confirmation code for my train to Munich?", 'Meine Buchung — Bahnreise', de);
    expect(deLead).toMatch(states('4821 1739'));
    expect(deLead).not.toMatch(/^[^\n]*Platz 45/);
    const es = `Aerolíneas Sur · Mis reservas\nVuelo AS3163 Londres → Madrid\nAsiento 14C · Puerta B32\nLocalizador QZKLMP\nBillete electrónico 075 2345 678901`;
    expect(ask("What's the PNR for my Madrid flight?", 'Mis reservas — Aerolíneas Sur', es)).toMatch(states('QZKLMP'));
    const it_ = `Treni Veloci · Le mie prenotazioni\nTreno 9541 Milano Centrale → Roma Termini\nCarrozza 5 · Posto 11A\nCodice biglietto 2718 2818\nCodice prenotazione PNR7X2`;
    const itLead = ask("What's my booking code for the Rome train?", 'Le mie prenotazioni — Treni Veloci', it_);
    expect(itLead).toMatch(states('PNR7X2'));
    expect(itLead).not.toMatch(/^[^\n]*2718 2818/);
    const pt = `Hotel Ribeira · A sua reserva\nCheck-in 3 jan. 2027 · 2 noites\nQuarto 412 · Piso 4\nN.º de reserva 88213490\nHóspede Ana Lopes`;
    expect(ask("What's my hotel confirmation number?", 'Reserva — Hotel Ribeira', pt)).toMatch(states('88213490'));
  });

  it('a kind the page does not show ("my passport number") takes no booking reference', () => {
    const lead = ask("What's my passport number?", 'My booking — Islemoor Ferries', ferry);
    expect(lead).toMatch(notStated);
    expect(lead).not.toMatch(/^[^\n]*BRX77Q2/);
  });
});

describe("a car's number plate, not a policy or booking number", () => {
  it('states the plate under its label or by its shape on a vehicle line', () => {
    const garage = `Kestrel Motors · Service booking confirmed\nVehicle: Ford Fiesta · WK17 HPN\nBooking ref KM-558201\nMOT + interim service · Tue 15 Dec 2026 09:30`;
    const lead = ask('What reg is the car I booked in for its MOT?', 'Service booking — Kestrel Motors', garage);
    expect(lead).toMatch(states('WK17 HPN'));
    expect(lead).not.toMatch(/^[^\n]*KM-558201/);
    const fr = `Assurance auto · Mon contrat\nN° de contrat 4471-2290-A\nVéhicule Renault Clio\nImmatriculation GH-482-TK\nÉchéance 1 janv. 2027`;
    expect(ask("What's my car's number plate?", 'Mon contrat auto — Mutuelle Verte', fr)).toMatch(states('GH-482-TK'));
    const de = `Kfz-Versicherung · Vertrag\nVersicherungsnummer KV-88-120045\nAmtliches Kennzeichen M-AB 1234\nBeitrag 412,80 €`;
    expect(ask('What licence plate is on my car insurance?', 'Kfz-Versicherung — Nordlicht', de)).toMatch(states('M-AB 1234'));
    const es = `Seguro de coche · Renovación\nNúmero de póliza 0098-77123\nMatrícula 1234 BCD\nPrima anual 388,00 €`;
    expect(ask("What's the registration number of my car?", 'Renovación — Seguros Olmo', es)).toMatch(states('1234 BCD'));
  });

  it('the policy number is the policy, not the plate beside it', () => {
    const fr = `Assurance auto · Mon contrat\nN° de contrat 4471-2290-A\nVéhicule Renault Clio\nImmatriculation GH-482-TK`;
    const lead = ask("What's my car insurance policy number?", 'Mon contrat auto — Mutuelle Verte', fr);
    expect(lead).toMatch(states('4471-2290-A'));
    expect(lead).not.toMatch(/^[^\n]*GH-482-TK/);
  });

  it('a home insurance renewal has no plate: its policy number is not one', () => {
    const home = `Harbour Insure · Home insurance renewal\nPolicy number HME-2290-4471\nRenewal premium £212.80\nRenewal date 1 Jan 2027`;
    const lead = ask("What's my car's number plate?", 'Renewal — Harbour Insure', home);
    expect(lead).toMatch(notStated);
    expect(lead).not.toMatch(/^[^\n]*HME-2290-4471/);
  });
});

describe('the identifier whose label names the asked kind, siblings left alone', () => {
  const order = `Lunehouse · Order details\nOrder number 40-1182-7733\nInvoice no. INV-99812\nTracking number 1Z999AA10123456784\nCarrier UPS · Out for delivery`;
  it('states the tracking, the invoice and the order number each for its own question', () => {
    expect(ask("What's the tracking number for my parcel from Lunehouse?", 'Order 40-1182 — Lunehouse', order)).toMatch(states('1Z999AA10123456784'));
    expect(ask('Which invoice number is on my Lunehouse order?', 'Order 40-1182 — Lunehouse', order)).toMatch(states('INV-99812'));
    const fr = `Maison Lune · Ma commande\nN° de commande 7741-2290\nFacture n° F-2026-0412\nNuméro de suivi 6A12345678901\nLivraison prévue jeudi`;
    expect(ask("What's the tracking number for the Maison Lune parcel?", 'Ma commande — Maison Lune', fr)).toMatch(states('6A12345678901'));
    expect(ask("What's the order number for my Maison Lune order?", 'Ma commande — Maison Lune', fr)).toMatch(states('7741-2290'));
  });

  it('an order not yet shipped has no tracking number: not its order or invoice number', () => {
    const unshipped = order.replace('Tracking number 1Z999AA10123456784\n', '').replace('Out for delivery', 'Preparing');
    const lead = ask("What's the tracking number for my parcel from Lunehouse?", 'Order 40-1182 — Lunehouse', unshipped);
    expect(lead).toMatch(notStated);
    expect(lead).not.toMatch(/^[^\n]*(?:40-1182-7733|INV-99812)/);
  });

  it('a utility move-out page: the meter serial and the customer number, each for its own question', () => {
    const de = `Stadtwerke Elbtal · Umzug melden · Strom\nKundennummer 300 447 182\nZählernummer 1ESY1161234567\nZählerstand 40213 kWh`;
    expect(ask("What's the serial number of my electricity meter?", 'Umzug — Stadtwerke Elbtal', de)).toMatch(states('1ESY1161234567'));
    const custLead = ask("What's my customer number at Stadtwerke Elbtal?", 'Umzug — Stadtwerke Elbtal', de);
    expect(custLead).toMatch(states('300 447 182'));
    expect(custLead).not.toMatch(/^[^\n]*1ESY/);
  });

  it("a council letter's account reference, not its property reference; without it, neither", () => {
    const letter = `Brackley District Council\nCouncil Tax bill 2026/27\nAccount reference 6001234567\nProperty reference 0045566\nBand C · Annual charge £1,820.44`;
    expect(ask("What's my council tax account number?", 'Council Tax bill — Brackley District Council', letter)).toMatch(states('6001234567'));
    const noAccount = letter.replace('Account reference 6001234567\n', '');
    const lead = ask("What's my council tax account number?", 'Council Tax bill — Brackley District Council', noAccount);
    expect(lead).toMatch(notStated);
    expect(lead).not.toMatch(/^[^\n]*0045566/);
  });

  it("a gym's membership number, not the locker's", () => {
    const es = `Gimnasio Brisa · Mi cuenta\nNº de socio 44821\nTaquilla 112\nCuota mensual 39,00 €`;
    const lead = ask("What's my membership number at Gimnasio Brisa?", 'Mi cuenta — Gimnasio Brisa', es);
    expect(lead).toMatch(states('44821'));
  });
});

describe('the same kinds laid out otherwise: a label above its value, a bare "Ref", a rental agreement', () => {
  it('a booking card with each label above its value states the reference, not the cabin', () => {
    const card = `Islemoor Ferries\nYour booking\nSailing\nSat 12 Dec 2026 15:00\nCabin\n8214\nBooking reference\nBRX77Q2\nPassengers\n2 adults`;
    const lead = ask("What's my ferry booking number?", 'Islemoor Ferries — booking', card);
    expect(lead).toMatch(states('BRX77Q2'));
    expect(lead).not.toMatch(/^[^\n]*8214/);
  });

  it('a bare "Ref" on a booking confirmation is its reference; on a parcel notice it is no booking reference', () => {
    const confirmed = `Islemoor Ferries · Your booking is confirmed\nRef: BRX77Q2\nSailing Sat 12 Dec 2026 15:00`;
    expect(ask("What's my ferry booking number?", 'Islemoor Ferries — booking', confirmed)).toMatch(states('BRX77Q2'));
    const parcel = `Parcelwise · Delivery notice\nRef: PW88120X\nWe tried to deliver your parcel today at 14:10`;
    expect(ask("What's my ferry booking number?", 'Delivery notice — Parcelwise', parcel)).toMatch(notStated);
  });

  it("a rental agreement's registration for the hire car's plate; without one, not its agreement number", () => {
    const rental = `Sunwheel car hire · Rental agreement RA-20931\nVehicle  VW Polo (white)\nRegistration  LK21 XPT\nPick-up  Faro airport, 3 Jan 2027 10:00`;
    expect(ask("What's the plate on the hire car?", 'Rental agreement — Sunwheel', rental)).toMatch(states('LK21 XPT'));
    const noReg = rental.replace('Registration  LK21 XPT\n', '');
    const lead = ask("What's the reg of the hire car?", 'Rental agreement — Sunwheel', noReg);
    expect(lead).toMatch(notStated);
    expect(lead).not.toMatch(/^[^\n]*RA-20931/);
  });

  it('a French meter serial written as "Numéro de série du compteur", beside the customer reference', () => {
    const fr = `Énergie Claire · Déménagement\nÉlectricité\nRéférence client 1122 3344 55\nNuméro de série du compteur 021876543210\nIndex relevé 40213 kWh`;
    const lead = ask("What's the serial number of the electricity meter?", 'Résiliation — Énergie Claire', fr);
    expect(lead).toMatch(states('021876543210'));
    expect(lead).not.toMatch(/^[^\n]*1122 3344 55/);
  });
});

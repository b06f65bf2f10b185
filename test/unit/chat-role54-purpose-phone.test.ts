import { describe, expect, it } from 'vitest';
import { askPage, statedLead } from '../helpers/page-ask.js';

// Pages made up for this test, apart from the benchmark days: a German heating firm's service letter,
// a broadband provider's help page, a shop's order confirmation, an account page, a dentist's page.
// A number is asked by what it is for, in other words than its label; negatives: a number labelled
// for another purpose on the same page, a record's number written like a phone.
const AT = '2026-11-20T10:00:00.000Z';
const ask = (q: string, title: string, text: string) => statedLead(askPage(q, title, text, AT));

const heating = `Heizung Becker GmbH
Wartung Ihrer Gasheizung
Termine: 030 4477 1200
Notfall: 030 4477 1299 (rund um die Uhr)`;

const help = `Fibrely Broadband · Help & support
Sales: 0330 100 2000
Technical support: 0330 100 3000
Complaints: 0330 100 4000`;
const helpNoComplaints = help.split('\n').slice(0, 3).join('\n');

const order = `Homeware Hub
Thanks Lena, your order is confirmed
Order number 0161 8890 4421
Delivery Tue 15 Dec`;

describe('a number asked by its purpose, beside numbers for other purposes', () => {
  it("states the German letter's emergency line, not its appointments line", () => {
    expect(ask('What number do I ring in an emergency with the heating?', 'Wartung — Heizung Becker', heating)).toMatch(/^Notfall: 030 4477 1299/);
  });

  it('states the complaints line of a help page, not its sales line', () => {
    expect(ask('What number do I call to complain about my broadband?', 'Help — Fibrely', help)).toMatch(/^Complaints: 0330 100 4000/);
  });

  it('states no sales line for a complaint when the page has no complaints line', () => {
    const f = ask('What number do I call to complain about my broadband?', 'Help — Fibrely', helpNoComplaints);
    expect(f).toMatch(/^\(not stated\)/);
  });

  it("states no order's number as the number to ring, nor a line for another matter", () => {
    expect(ask('What number do I ring to cancel my order?', 'Order confirmed — Homeware Hub', order)).toMatch(/^\(not stated\)/);
    expect(ask('What number do I ring to cancel my order?', 'Order confirmed — Homeware Hub', `${order}\nQuestions about delivery? Call 0333 210 4455`)).toMatch(/^\(not stated\)/);
  });

  it("states a phone field beside a customer number, and a business's own line", () => {
    const account = 'Fibrely · My account\nCustomer number 0330 4471 228\nPlan: Fibre 500\nPhone number: 07700 900 412';
    expect(ask('What phone number is on my Fibrely account?', 'Your account — Fibrely', account)).toMatch(/07700 900 412/);
    expect(ask("What's the dentist's phone number?", 'Smile Dental Care', 'Smile Dental Care\nReception: 01632 960 400\nOpening hours Mon-Fri 8:30-17:00')).toMatch(/01632 960 400/);
    expect(ask('What is the garage phone number?', 'Brook Garage — Servicing & MOT', 'Brook Garage Ltd\nServicing · MOT · Tyres\nCall us on 01452 555 919\nBook your MOT online in two minutes.')).toMatch(/01452 555 919/);
  });
});

import { describe, expect, it } from 'vitest';
import { screenMemory } from '../helpers/screen-memory.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';

// Screens made up for this test, apart from the benchmark days: a finance tracker, a kanban board with
// avatars, an ops chat, supplier sheets in English and German, staff directories in English and
// German. Questions ask in their own words; the row is picked by what the question says of it (a task,
// a country and a trade, a role), never by its place, and a row or role that is not there gives no one.
const fmt = new TimeFormatter('UTC');
const AT = '2026-11-20T16:15:00.000Z';
const lead = (q: string, lines: string[], title: string) => factSentence(q, screenMemory('lines', lines.join('\n'), title, AT, { fullSnippet: true }), fmt)!;
const first = (q: string, lines: string[], title: string) => lead(q, lines, title).text.split('\n')[0]!;

const tracker = ['Finance sprint 9', 'Task  Status  Assignee  Due', 'VAT return  Review  Lena Hartmann  10 Dec', 'Invoice export  In progress  D. Okafor  12 Dec', 'Dunning letters  To do  Unassigned  15 Dec'];

describe('who works on a task', () => {
  it("reads the assignee's cell in the task's row, an initial before the surname too", () => {
    const f = lead("who's busy with the invoice export?", tracker, 'Finance sprint 9 — Trackly');
    expect(f.known).toBe(true);
    expect(f.text).toMatch(/^D\. Okafor\b/);
    expect(first('who has the VAT return on their plate?', tracker, 'Finance sprint 9 — Trackly')).toMatch(/^Lena Hartmann\b/);
    // The same, as a card writes it on one line without a header.
    const card = ['Invoice export · In progress · Assignee: D. Okafor · due 12 Dec'];
    expect(first("who's busy with the invoice export?", card, 'FIN-12 — Trackly')).toMatch(/^D\. Okafor\b/);
  });

  it('says no one is on a task its row leaves unassigned, and names no one of another row', () => {
    const f = lead("who's doing the dunning letters?", tracker, 'Finance sprint 9 — Trackly');
    expect(f.known).toBe(false);
    expect(f.text).toMatch(/^I don't know: .*Unassigned.* names no one/);
    expect(f.text).not.toMatch(/Okafor|Hartmann/);
    const inline = ['Payroll board', 'Payslip PDFs · In progress · Assignee: Marit Solberg', 'Pension export · Backlog · Assignee: Not assigned'];
    const g = lead('who is handling the pension export?', inline, 'Payroll — Boardly');
    expect(g.known).toBe(false);
    expect(g.text).toMatch(/^I don't know: .*Not assigned.* names no one/);
    expect(g.text).not.toMatch(/Marit|Solberg/);
    expect(first('who is handling the payslip PDFs?', inline, 'Payroll — Boardly')).toMatch(/^Marit Solberg\b/);
  });

  it('reads who picked a ticket up', () => {
    const ticket = ['APP-207 Dark mode for settings', 'Status: In progress', 'Picked up by Yusuf Demir on 3 Dec', 'Reporter: Clara Ott'];
    expect(first('who took the dark mode ticket?', ticket, 'APP-207 — Tracker')).toMatch(/^Yusuf Demir\b/);
  });

  it('keeps a claim the thing asked about, not a way of asking who took it', () => {
    const claim = ['Your claim CLM-5531', 'Scooter stolen from the station car park, 2 Nov', 'Case handler: Ama Mensah', 'Status: waiting for police report'];
    expect(first("who's dealing with my scooter claim?", claim, 'Claim CLM-5531 — Lakeside Insurance')).toMatch(/^Ama Mensah\b/);
    const route = ['Route to Kletterwerk Süd', '5 Turn right onto Hafenweg · 300 m', '6 Kletterwerk Süd is on the right; scooter parking at the side door'];
    expect(first("who's dealing with my scooter claim?", route, 'Route to Kletterwerk Süd — Maps')).not.toMatch(/^Kletterwerk Süd:/);
  });

  it("spells out an avatar's initials by the board's member list", () => {
    const board = ['Shop relaunch', 'Backlog', 'Cookie consent banner   AK', 'Doing', 'Swap hero photo   TB', 'People on this board', 'AK  Aylin Kaya', 'TB  Tobias Brandt', 'RS  Rosa Sánchez'];
    const f = lead('who is working on the cookie consent thing?', board, 'Shop relaunch — Kanban');
    expect(f.known).toBe(true);
    expect(f.text).toMatch(/^Aylin Kaya\b/);
    // Two members share the initials: no one of them is stated.
    const twins = [...board.slice(0, -3), 'AK  Aylin Kaya', 'AK  Arne Klein', 'TB  Tobias Brandt'];
    const g = lead('who is working on the cookie consent thing?', twins, 'Shop relaunch — Kanban');
    expect(g.known).toBe(false);
  });
});

describe('which customer, which firm', () => {
  it('names the firm that asks for it in a chat line', () => {
    const chat = ['#dispatch', 'Marta 09:12', 'Heads up: Kowalski Meble Sp. z o.o. insists on delivery before 7 am, otherwise they refuse the load.', 'Tom 09:14', 'noted, will tell the drivers'];
    const f = lead('which customer wants its deliveries before seven?', chat, '#dispatch — Chat');
    expect(f.known).toBe(true);
    expect(f.text.split('\n')[0]).toMatch(/^Kowalski Meble Sp\. z o\.o\./);
  });
});

const suppliers = ['Suppliers', 'Company  Country  Sector  Contact', 'Mertens Transport  Belgium  Logistics  An Mertens', 'Drukkerij Claes  Belgium  Printing  Wim Claes', 'Printhuis Delft  Netherlands  Printing  Sanne Bos'];
const lieferanten = ['Lieferanten', 'Firma · Land · Branche · Ansprechpartner', 'Vogel Logistik · Österreich · Spedition · Petra Vogel', 'Huber Druck · Österreich · Druckerei · Stefan Huber'];

describe('the contact at a firm told by country and trade', () => {
  it("reads the contact's cell in the row of that country and trade", () => {
    const f = lead("who's our contact at the Belgian printing firm?", suppliers, 'Suppliers — Sheets');
    expect(f.known).toBe(true);
    expect(f.text).toMatch(/^Wim Claes\b/);
    expect(first('who do we talk to at the Dutch printer?', suppliers, 'Suppliers — Sheets')).toMatch(/^Sanne Bos\b/);
    expect(first('who is my contact at the Austrian print shop?', lieferanten, 'Lieferanten — Tabellen')).toMatch(/^Stefan Huber\b/);
  });

  it('names no one for a country or a trade no row holds', () => {
    for (const q of ["who's our contact at the Belgian bakery?", "who's our contact at the French printing firm?"]) {
      const f = lead(q, suppliers, 'Suppliers — Sheets');
      expect(f.known).toBe(false);
      expect(f.text).not.toMatch(/Claes|Mertens|Bos/);
    }
  });
});

const directory = ['Staff directory', 'Name  Role  Ext.  Room', 'Helga Moen  Office manager  201  A1', 'Eva Lind  Head of Sales  230  C2', 'Raj Patel  QA Lead  214  B3'];
const verzeichnis = ['Telefonliste', 'Name · Funktion · Durchwahl', 'Jonas Brandt · Empfang · 100', 'Miriam Ohl · Leiterin Buchhaltung · 142', 'Ute Sommer · Leiterin QA · 151'];

describe("a role's detail in a staff table", () => {
  it("states the asked column in the role's row, not the first row's", () => {
    const f = lead("what's the QA lead's extension?", directory, 'Directory — Intranet');
    expect(f.known).toBe(true);
    expect(f.text).toMatch(/^214\b/);
    expect(f.text).not.toMatch(/^201/);
    expect(first('which room is the head of sales in?', directory, 'Directory — Intranet')).toMatch(/^C2\b/);
    expect(first('what is the extension of the head of QA?', verzeichnis, 'Telefonliste — Intranet')).toMatch(/^151\b/);
    expect(first('who is the sales head?', directory, 'Directory — Intranet')).toMatch(/^Eva Lind\b/);
    // A list of people and their roles without a header: the name ends where the wide space does.
    const team = ['Leadership team', 'Eva Lind   Head of Sales', 'Raj Patel   QA Lead'];
    expect(first('who is the sales head?', team, 'About us — Intranet')).toMatch(/^Eva Lind\b/);
  });

  it('states nothing for a role no row holds', () => {
    const f = lead("what's the legal counsel's extension?", directory, 'Directory — Intranet');
    expect(f.known).toBe(false);
    expect(f.text).not.toMatch(/\b(?:201|214|230)\b/);
    const g = lead('who is the head of marketing?', directory, 'Directory — Intranet');
    expect(g.known).toBe(false);
    expect(g.text).not.toMatch(/Helga|Eva|Raj/);
  });
});

describe("who is on a rota's day", () => {
  const byRow = ['Support rota', 'Day · On call · Backup', 'Mon 16 Nov · Priya Nair · Omar Haddad', 'Tue 17 Nov · Omar Haddad · Jonas Weber', 'Thu 19 Nov · Jonas Weber · Priya Nair'];
  const across = ['Bereitschaft', 'Rolle · Montag · Dienstag · Mittwoch', 'On call · Priya Nair · Omar Haddad · Jonas Weber', 'Backup · Omar Haddad · Jonas Weber · Priya Nair'];

  it('reads the asked role on the asked day, the days down the side or across the top', () => {
    expect(first("who's on call on Thursday?", byRow, 'Support rota — Wiki')).toMatch(/^Jonas Weber\b/);
    expect(first('who is the backup on Tuesday?', byRow, 'Support rota — Wiki')).toMatch(/^Jonas Weber\b/);
    expect(first("who's on call on Tuesday?", across, 'Bereitschaft — Wiki')).toMatch(/^Omar Haddad\b/);
    expect(first("who's the backup on Wednesday?", across, 'Bereitschaft — Wiki')).toMatch(/^Priya Nair\b/);
    const dated = ['On-call rota', 'Role · Mon 16 Nov · Tue 17 Nov · Wed 18 Nov', 'On call · Priya Nair · Omar Haddad · Jonas Weber', 'Backup · Omar Haddad · Jonas Weber · Priya Nair'];
    expect(first("who's on call on Tuesday?", dated, 'On-call rota — Wiki')).toMatch(/^Omar Haddad\b/);
  });

  it('names no one for a day the rota does not hold', () => {
    const f = lead("who's on call on Wednesday?", byRow, 'Support rota — Wiki');
    expect(f.known).toBe(false);
    expect(f.text).not.toMatch(/Priya|Omar|Jonas/);
    const g = lead("who's on call on Friday?", across, 'Bereitschaft — Wiki');
    expect(g.known).toBe(false);
    expect(g.text).not.toMatch(/Priya|Omar|Jonas/);
  });
});

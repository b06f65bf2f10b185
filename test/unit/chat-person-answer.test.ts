import { describe, expect, it } from 'vitest';
import { screenMemory } from '../helpers/screen-memory.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { namesIn, personLead } from '../../agents/chat/person-answer.js';
import { askedValue } from '../../agents/chat/asked-value.js';
import { askedRole } from '../../agents/chat/role-cues.js';

// Screens made up for this test, apart from the benchmark days: task boards, wiki pages, a commit,
// letters in English, German, French and Dutch, a chat, a contact card. The questions name the asked
// thing in their own words; the person stands in its row, after a role's cue, or under a letter.
const fmt = new TimeFormatter('UTC');
const AT = '2026-11-20T08:15:00.000Z';
const lead = (q: string, lines: string[], title: string) => factSentence(q, screenMemory('lines', lines.join('\n'), title, AT, { fullSnippet: true }), fmt)!;
const first = (q: string, lines: string[], title: string) => lead(q, lines, title).text.split('\n')[0]!;

const board = ['Sprint 14 board', 'In review · BX-88 Landing page copy · Priya · due 3 Mar', 'To do · BX-91 Pricing table · Marek Novak · due 5 Mar', 'Done · BX-90 Footer links · due 1 Mar'];
const ops = ['OPS board', 'To do  OPS-12 Renew TLS certificate  Mateo Silva  due 9 Jan', 'In progress  OPS-14 Migrate backups to cold storage  Ines Carvalho  due 12 Jan'];

describe('the person in the row that holds the asked thing', () => {
  it('names who is doing a task on a board, asked in other words', () => {
    const f = lead('Who is doing the landing page copy?', board, 'Sprint 14 — Boardly');
    expect(f.known).toBe(true);
    expect(f.text).toMatch(/^Priya\b/);
    expect(first("Who's taking care of the pricing table?", board, 'Sprint 14 — Boardly')).toMatch(/^Marek Novak\b/);
    expect(first("Who's handling the backup migration?", ops, 'OPS — Boardly')).toMatch(/^Ines Carvalho\b/);
    expect(first('Who is renewing the TLS certificate?', ops, 'OPS — Boardly')).toMatch(/^Mateo Silva\b/);
  });

  it('reads no board status as a name', () => {
    expect(namesIn('Done · BX-90 Footer links · due 1 Mar').map((n) => n.name)).toEqual([]);
    expect(namesIn('In review · BX-88 Landing page copy · Priya · due 3 Mar').map((n) => n.name)).toEqual(['Priya']);
    expect(namesIn('Rent: 40 EUR a year, ask Joost van Dam').map((n) => n.name)).toEqual(['Joost van Dam']);
  });
});

describe('the person after the asked role', () => {
  it('reads who wrote, owns, approved or created a page from its cue', () => {
    const wiki = ['Onboarding checklist', 'Last edited by Tomás Ruiz on 2 Dec 2026', '1. Get a laptop from IT', '2. Set up your e-mail'];
    expect(first('Who put together the onboarding checklist?', wiki, 'Onboarding checklist — Wiki')).toMatch(/^Tomás Ruiz/);
    const budget = ['Q3 budget v4', 'Status: approved', 'Approved by Dana Whitfield, 14 Oct 2026', 'Total: 48,000 EUR'];
    expect(first('Who signed off the Q3 budget?', budget, 'Q3 budget — Docs')).toMatch(/^Dana Whitfield/);
    const sheet = ['Holiday planner 2027', 'Created by Olu Adeyemi · shared with 6 people', 'Jan  Feb  Mar'];
    expect(first('Who made the holiday spreadsheet?', sheet, 'Holiday planner 2027 — Sheets')).toMatch(/^Olu Adeyemi/);
    const commit = ['commit 3f9a1c2', 'Author: Farid Nasser <farid@acme.dev>', 'Date: Tue Nov 3 10:12', '    Fix rounding in invoice totals'];
    expect(first('Who fixed the rounding of invoice totals?', commit, 'git log — Terminal')).toMatch(/^Farid Nasser/);
  });

  it('reads the name under a role label, as forms lay them out', () => {
    const form = ['Your warranty case W-5120', 'Product', 'Espresso machine Brava 2', 'Handled by', 'Ilse Martens', 'Opened', '2 Nov 2026'];
    expect(first('Who is looking after my espresso machine case?', form, 'Warranty W-5120 — Brava')).toMatch(/^Ilse Martens/);
  });

  it('reads a role said in another language', () => {
    const rota = ['Cuadrante de limpieza', 'Responsable: Lucía Fernández', 'Lunes: Pablo', 'Martes: Irene'];
    expect(first('Who is responsible for the cleaning rota?', rota, 'Cleaning rota — Docs')).toMatch(/^Lucía Fernández/);
    const ticket = ['Reklamation R-2231: Heizung fällt nachts aus', 'Bearbeitet von: Jana Köhler', 'Status: in Arbeit'];
    expect(first('Who edited the ticket about my heating?', ticket, 'R-2231 — Kundenportal')).toMatch(/^Jana Köhler/);
  });

  it('names the user only when the screen puts them in the role', () => {
    const mine = ['ENG-3317 Export to CSV drops accented names', 'Assignee Jonas Weber', 'Reporter Mia Brandt', 'Signed in as Jonas Weber'];
    expect(first('Who is working on the CSV export bug?', mine, 'ENG-3317 — Tracker')).toMatch(/^Jonas Weber/);
  });
});

describe('the signer of a letter', () => {
  it('is the contact for what the letter is about (English)', () => {
    const letter = ['Dear Mr Brandt,', 'your pallets will be collected on Thursday between 8 and 12.', 'Please have the delivery note ready.', 'Best regards', 'Anke Vogel', 'Dispatch', 'Nordfracht GmbH'];
    const f = lead('Who is my contact about the pallet collection?', letter, 'Collection of your pallets — Mail');
    expect(f.known).toBe(true);
    expect(f.text).toMatch(/^Anke Vogel \(Dispatch, Nordfracht GmbH\)/);
  });

  it('is read under a German, a French and a Dutch closing', () => {
    const de = ['Sehr geehrte Frau Lenz,', 'Ihr Antrag auf Ratenzahlung wurde genehmigt.', 'Mit freundlichen Grüßen', 'Jürgen Haas', 'Sachbearbeiter Kundenservice', 'Stadtwerke Kiel'];
    expect(first('Who is handling my instalment application?', de, 'Ihr Antrag — Mail')).toMatch(/^Jürgen Haas \(Sachbearbeiter Kundenservice, Stadtwerke Kiel\)/);
    const fr = ['Bonjour Madame,', 'votre remboursement de 84 euros a été validé.', 'Cordialement,', 'Claire Martin', 'Service client', 'Optique Lumière'];
    expect(first('Who wrote to me about my refund?', fr, 'Votre remboursement — Mail')).toMatch(/^Claire Martin/);
    const nl = ['Beste meneer Bakker,', 'de reparatie van uw cv-ketel is ingepland op 4 december.', 'Met vriendelijke groet,', 'Sanne de Wit', 'Klantenservice', 'Woonstad Rotterdam'];
    expect(first('Who is my contact for the repair?', nl, 'Reparatie cv-ketel — Mail')).toMatch(/^Sanne de Wit/);
  });
});

describe('what I said to someone', () => {
  it('states my own turn in the conversation with them', () => {
    const chat = ['Ana Lima', 'Ana Lima 10:02', 'are you coming to the rehearsal tonight?', 'You 10:05', 'yes, but I will be twenty minutes late', 'Ana Lima 10:06', 'no problem'];
    expect(first('What did I tell Ana?', chat, 'Ana Lima — Messages')).toMatch(/^You \(10:05\) to Ana Lima: yes, but I will be twenty minutes late/);
  });
});

describe('asks for a role in other words', () => {
  it('reads the role from the question', () => {
    expect(askedRole('Who signed off the budget?')).toBe('approver');
    expect(askedRole('Who is my contact at the freight company?')).toBe('contact');
    expect(askedRole("Who's looking after the migration?")).toBe('assignee');
    expect(askedRole('Who drafted the lease?')).toBe('author');
    expect(askedRole('Who is Ana Lima?')).toBeNull();
  });
});

describe('negatives: no one is stated who is not there', () => {
  it('says the row names no one when the asked task has nobody on it', () => {
    const f = lead('Who did the footer links?', board, 'Sprint 14 — Boardly');
    expect(f.known).toBe(false);
    expect(f.text).toMatch(/^I don't know/);
    expect(f.text).not.toMatch(/Priya|Marek/);
  });

  it('names no one in another row for a task the board does not hold', () => {
    const f = lead('Who is doing the checkout page?', board, 'Sprint 14 — Boardly');
    expect(f.known).toBe(false);
    expect(f.text).not.toMatch(/Priya|Marek/);
  });

  it('does not take a person under another role for the asked one', () => {
    const pr = ['Release 4.2 notes', 'Author: Ana Lima', 'Reviewer: Ben Ott', 'Status: waiting'];
    const f = lead('Who approved the release notes?', pr, 'Release 4.2 — Forgehub');
    expect(f.known).toBe(false);
    const t = ['AUTH-88 Login times out after 30 seconds', 'Reporter Tom Hale', 'Status Open'];
    expect(lead('Who is fixing the login timeout?', t, 'AUTH-88 — Tracker').text).not.toMatch(/^Tom Hale/);
  });

  it('never states the signed-in user as the owner of something', () => {
    const f = lead('Who owns the office printer?', ['Signed in as Jonas Weber', 'Printers', 'HP LaserJet 4th floor · online', 'Toner 20%'], 'Printers — Admin');
    expect(f.known).toBe(false);
    expect(f.text).not.toMatch(/^(?:Not sure[^:]*: )?Jonas Weber/);
    const queue = ['Signed in as Jonas Weber', 'Print queue', 'Office printer 4th floor · Jonas Weber · 3 jobs waiting'];
    expect(lead('Who owns the office printer?', queue, 'Print queue — Admin').text).not.toMatch(/^(?:Not sure[^:]*: )?Jonas Weber/);
  });

  it('states no signer when the letter is signed by a team, and no department for a name', () => {
    const team = ['Dear customer,', 'your policy renews on 1 January.', 'Kind regards,', 'The Team', 'Havenrock Insurance'];
    expect(lead('Who is my contact for the policy renewal?', team, 'Your policy — Mail').known).toBe(false);
    const dept = ['Ihr Antrag auf Ratenzahlung wurde genehmigt.', 'Sachbearbeiter Kundenservice'];
    expect(first('Who is handling my instalment application?', dept, 'Ihr Antrag — Mail')).not.toMatch(/Kundenservice \(|^Kundenservice/);
  });

  it('does not name a person the question names itself', () => {
    const f = lead("Who fixed Ana's laptop?", ['Repair log', "Ana's laptop · keyboard replaced · Ana Lima"], 'Repairs — Sheets');
    expect(f.text).not.toMatch(/^Ana Lima/);
    const draft = ["Marco's travel policy (draft)", 'Last edited by Marco Ferri', 'Trains under 4 hours, no flights'];
    expect(lead("Who edited Marco's travel policy draft?", draft, 'Travel policy — Docs').text).not.toMatch(/^Marco Ferri/);
  });

  it('says nothing of mine when I wrote nothing to them', () => {
    const chat = ['Marco Ferri', 'Marco Ferri 09:10', 'the van is booked for Saturday', 'Marco Ferri 09:11', 'pick-up at 8'];
    expect(first('What did I tell Marco?', chat, 'Marco Ferri — Messages')).not.toMatch(/^You/);
  });
});

// Issue 30, this stop: a card's assignee on the line under its title, a firm asked for ("which
// customer", "which firm"), a firm told by its country and trade ("the Danish shipping company"),
// and one-word names that are also words ("Mark", "Will"). Made-up screens, with their negatives.
describe('a card, its assignee on the line under it', () => {
  const cards = ['Website relaunch', 'To do', 'WEB-90 Contact form', 'due 12 Mar', 'In progress', 'WEB-88 Pricing page', 'Dana - due 9 Mar', 'In review', 'WEB-85 Blog layout', 'Oskar Lind · due 4 Mar'];
  it('names who has the card, not its column', () => {
    const f = lead('Who is working on the pricing page?', cards, 'Website relaunch — Trello');
    expect(f.known).toBe(true);
    expect(f.text).toMatch(/^Dana\b/);
    expect(first("Who's doing the blog layout?", cards, 'Website relaunch — Trello')).toMatch(/^Oskar Lind\b/);
  });
  it('names no one for a card nobody has', () => {
    const f = lead('Who is working on the contact form?', cards, 'Website relaunch — Trello');
    expect(f.known).toBe(false);
    expect(f.text).not.toMatch(/Dana|Oskar/);
  });
  it('reads a contact form as a thing on a row, not a contact', () => {
    expect(askedRole('Who is working on the contact form?')).toBe('assignee');
    expect(askedRole('Who is the contact for the venue?')).toBe('contact');
    const row = ['Website relaunch', 'To do · WEB-90 Contact form · due 12 Mar', 'In progress · WEB-88 Pricing page · Dana - due 9 Mar'];
    expect(first('Who is working on the contact form?', row, 'Website relaunch — Trello')).toMatch(/^I don't know: "To do · WEB-90 Contact form · due 12 Mar" names no one/);
  });
});

describe('a firm asked for: which customer, which firm, which supplier', () => {
  const chat = ['Dispatch team', 'Ruth Meyer 08:12', 'Koster Foods again: they only take deliveries before 09:00', 'Tom Baker 08:14', 'ok, and Linde Bakery wants theirs after lunch'];
  it('names the firm in the message that says the asked thing', () => {
    const f = lead('Which customer wants their deliveries before nine?', chat, 'Dispatch team — Slack');
    expect(f.known).toBe(true);
    expect(f.text).toMatch(/^Koster Foods\b/);
    expect(first('Which client needs deliveries before 9am?', chat, 'Dispatch team — Slack')).toMatch(/^Koster Foods\b/);
  });
  it('reads a firm with its legal form in a sentence', () => {
    const report = ['Annual report 2026', 'The audit is being done by Brightwater & Co. Ltd this year.', 'Fieldwork starts 3 Feb.'];
    const f = lead('Which firm is doing the audit?', report, 'Annual report — Docs');
    expect(f.known).toBe(true);
    expect(f.text).toMatch(/^Brightwater & Co\. Ltd\b/);
    const quotes = ['Packaging quotes', 'Kartonwerk Hessel GmbH · 0.42 EUR per box · 10 days', 'BoxCo Ltd · 0.39 EUR per box · 21 days'];
    expect(first('Which supplier delivers boxes in 10 days?', quotes, 'Packaging quotes — Sheets')).toMatch(/^Kartonwerk Hessel GmbH\b/);
  });
  it('is sure of it by itself: a want said in other words, an hour spelt out', () => {
    const screen = [{ lines: chat, title: 'Dispatch team — Slack', n: 1, passage: null }];
    for (const q of ['Which customer wants their deliveries before nine?', 'Which customer prefers deliveries before 9am?']) {
      const p = personLead(q, askedValue(q), screen);
      expect(p && 'sure' in p && p.sure).toBe(true);
      expect(p && 'text' in p ? p.text : '').toMatch(/^Koster Foods\b/);
    }
  });
  it('states no firm the screens do not tie to the asked thing', () => {
    const f = lead('Which customer wants deliveries on Sundays?', chat, 'Dispatch team — Slack');
    expect(f.known).toBe(false);
    expect(f.text).not.toMatch(/^(?:Koster Foods|Linde Bakery)\b/);
  });
});

describe('a firm told by its country and trade', () => {
  const dk = ['Kære Hr. Jensen,', 'vi bekræfter booking af 2 containere til Gdansk den 14. marts.', 'Med venlig hilsen', 'Mads Holm - Booking', 'Nordsø Shipping ApS - Esbjerg'];
  const de = ['Sehr geehrter Herr Jensen,', 'die Abholung Ihrer Paletten ist für Dienstag geplant.', 'Mit freundlichen Grüßen', 'Petra Lange', 'Disposition', 'Lange Spedition GmbH'];
  it('names the signer of the letter from that firm, with the role on the name line', () => {
    const f = lead("Who's my contact at the Danish shipping company?", dk, 'Booking 4471 — Mail');
    expect(f.known).toBe(true);
    expect(f.text).toMatch(/^Mads Holm \(Booking, Nordsø Shipping ApS/);
    expect(first('Who is my contact at the German haulage firm?', de, 'Abholung Paletten — Mail')).toMatch(/^Petra Lange \(Disposition, Lange Spedition GmbH\)/);
  });
  it('names no one from a firm of another country or trade', () => {
    const other = lead("Who's my contact at the German haulage firm?", dk, 'Booking 4471 — Mail');
    expect(other.known).toBe(false);
    expect(other.text).not.toMatch(/^(?:Not sure[^:]*: )?Mads Holm/);
    const trade = lead('Who is my contact at the Danish insurance company?', dk, 'Booking 4471 — Mail');
    expect(trade.known).toBe(false);
    expect(trade.text).not.toMatch(/^(?:Not sure[^:]*: )?Mads Holm/);
  });
});

describe('one-word names that are also words', () => {
  const board = ['Sprint 9', 'In progress · APP-12 Dark mode · Mark · due 2 Apr', 'To do · APP-14 Push alerts · Rose · due 6 Apr', 'To do · APP-15 Mark as read · due 8 Apr'];
  it('reads a name standing in its own cell', () => {
    expect(first('Who is doing dark mode?', board, 'Sprint 9 — Jira')).toMatch(/^Mark\b/);
    expect(first('Who is working on the push alerts?', board, 'Sprint 9 — Jira')).toMatch(/^Rose\b/);
    expect(namesIn('To do · APP-15 Mark as read · due 8 Apr').map((n) => n.name)).toEqual([]);
  });
  it('reads such a name over a chat message by its time', () => {
    const chat = ['Team chat', 'Will 09:12', 'I can take the printer order today', 'Rose 09:15', 'great, I will do the flyers'];
    expect(first('Who offered to take the printer order?', chat, 'Team chat — Slack')).toMatch(/^Will\b/);
    expect(first('Who offered to do the flyers?', chat, 'Team chat — Slack')).toMatch(/^Rose\b/);
  });
});

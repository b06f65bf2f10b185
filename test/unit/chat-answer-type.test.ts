import { describe, expect, it } from 'vitest';
import type { FrameWords } from '../../agents/store/index.js';
import { cell, screenOf } from '../helpers/screen-words.js';
import { screenMemory } from '../helpers/screen-memory.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { labelledValues } from '../../agents/chat/screen-layout.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { askedValue } from '../../agents/chat/asked-value.js';

// Screens made up for this test, apart from the benchmark days and written before the rules were
// run on them: word boxes as a browser draws them (see screen-words). The questions say in their
// own words what the screens label. Each block is one mechanism: the value's type the question asks
// for, and captions paired with the figures under (or over) them.
const fmt = new TimeFormatter('UTC');
const AT = '2026-11-20T08:15:00.000Z';
const pairs = (fw: FrameWords) => labelledValues(fw).map((v) => `${v.label} = ${v.value}`);
const lead = (q: string, text: string, title: string, fw?: FrameWords) => {
  const numbered = screenMemory('lines', text, title, AT, { frameId: 'frm_t', fullSnippet: true });
  return factSentence(q, numbered, fmt, fw ? (id) => (id === 'frm_t' ? fw : null) : undefined);
};

describe('tiles: captions with figures in their own row', () => {
  // A dark-themed monitoring board: four tiles, a caption over each figure; two captions hold figures of their own.
  const board = screenOf(
    cell('Checkout service / prod', 30, 30),
    cell('Orders per minute', 40, 90, 14), cell('p95 response time', 360, 90, 14), cell('4xx share', 680, 90, 14), cell('Open incidents', 1000, 90, 14),
    cell('312', 40, 124, 28), cell('1.8 s', 360, 124, 28), cell('0.4 %', 680, 124, 28), cell('2', 1000, 124, 28),
  );
  const boardText = 'Checkout service / prod\nOrders per minute p95 response time 4xx share Open incidents\n312 1.8 s 0.4 % 2';

  it('pairs each caption with the figure under it, captions with figures in them too', () => {
    const p = pairs(board);
    expect(p).toEqual(expect.arrayContaining(['Orders per minute = 312', 'p95 response time = 1.8 s', '4xx share = 0.4 %', 'Open incidents = 2']));
    // Never one caption with the caption beside it.
    expect(p.some((x) => /^Orders per minute = p95|^p95 response time = 4xx/.test(x))).toBe(false);
  });

  it('states the tile asked about in other words', () => {
    const f = lead('How many incidents are still open on checkout right now?', boardText, 'Checkout service — Monitor', board)!;
    expect(f.known).toBe(true);
    expect(f.text).toMatch(/^Open incidents: 2\b/);
  });

  // A fitness app's day summary: the figures on top, their captions under them.
  const summary = screenOf(
    cell('Today', 40, 40),
    cell('8,412', 40, 100, 30), cell('6.1 km', 420, 100, 30), cell('342', 800, 100, 30),
    cell('Steps', 40, 140, 14), cell('Distance', 420, 140, 14), cell('Active kcal', 800, 140, 14),
  );
  it('pairs figures with the captions under them', () => {
    expect(pairs(summary)).toEqual(expect.arrayContaining(['Steps = 8,412', 'Distance = 6.1 km', 'Active kcal = 342']));
  });

  it('states the figure whose caption is under it', () => {
    const f = lead('How many steps did I walk today?', 'Today\n8,412 6.1 km 342\nSteps Distance Active kcal', 'Activity — Stride', summary)!;
    expect(f.text.split('\n')[0]).toContain('8,412');
    expect(f.text.split('\n')[0]).not.toMatch(/\b342\b/);
  });

  it('leaves a caption with no figure under it unpaired', () => {
    // A row of captions over a row of words: no tile pairs.
    const fw = screenOf(
      cell('Plan name', 40, 100, 14), cell('Billing cycle', 420, 100, 14),
      cell('Family', 40, 124, 24), cell('Yearly', 420, 124, 24),
      cell('Next charge', 40, 200), cell('on request', 420, 200),
    );
    expect(pairs(fw).some((x) => x.includes(' = Family') && x.startsWith('Plan name') === false)).toBe(false);
    expect(pairs(fw).filter((x) => /\d/.test(x))).toEqual([]);
  });
});

describe('the value of the asked type leads', () => {
  it('reads the type from the noun asked about: "what is the monthly rent" asks for money', () => {
    expect(askedValue("What's the monthly rent on the flat in Lindenstraat?").kind).toBe('money');
    expect(askedValue('What was the departure time of the night train?').kind).toBe('clock');
    expect(askedValue("What's the due date for the library books?").kind).toBe('date');
    // A noun that is not the head of what is asked does not set the type.
    expect(askedValue("What's the payment method on the gym account?").kind).not.toBe('money');
  });

  it('states the line with an amount, not a line that only names the asked thing', () => {
    // A car insurance renewal: the label "premium" is said in a line with no amount; the amount is in another.
    const text = ['Renewal for policy MT-88213', 'Your premium is collected monthly by direct debit', '€ 48.90 per month from 1 January', 'No-claims years: 6'].join('\n');
    const f = lead("What's the monthly premium on my car insurance?", text, 'Car insurance renewal — Vela Verzekeringen')!;
    expect(f.text.split('\n')[0]).toContain('48.90');
    expect(f.text.split('\n')[0]).not.toContain('direct debit');
  });

  it('does not state a line without an amount as the amount asked for', () => {
    const text = ['Studio flat, Rua das Flores', 'Rent: to be agreed with the owner', 'Viewings on Saturdays'].join('\n');
    const f = lead("What's the monthly rent for the studio flat?", text, 'Studio flat — Casa Aberta')!;
    expect(f.known).toBe(false);
    expect(f.text).not.toMatch(/^Rent: to be agreed/);
  });

  it('does not take a day for the time asked for', () => {
    const text = ['Lido opening hours', 'Opening day: Mondays', 'Lanes: 8'].join('\n');
    const f = lead('What is the opening time of the lido?', text, 'Lido — City pools')!;
    expect(f.known).toBe(false);
  });

  it('answers a question that names nothing but a verb from the best screen, by the amount after tax', () => {
    // A German payslip: labels at the left, amounts at the right, as a row each.
    const slip = screenOf(
      cell('Entgeltabrechnung', 40, 40),
      cell('Bruttolohn', 40, 100), cell('4.200,00', 700, 100),
      cell('Lohnsteuer', 40, 130), cell('612,40', 700, 130),
      cell('Sozialversicherung', 40, 160), cell('833,10', 700, 160),
      cell('Netto', 40, 190), cell('2.754,50', 700, 190),
    );
    const text = 'Entgeltabrechnung\nBruttolohn 4.200,00\nLohnsteuer 612,40\nSozialversicherung 833,10\nNetto 2.754,50';
    const f = lead('How much did I actually get paid after tax?', text, 'Entgeltabrechnung — Lohnportal', slip)!;
    expect(f.known).toBe(true);
    expect(f.text).toMatch(/^Netto: 2\.754,50/);
  });

  it('answers "how much extra" from the line that pays it, in its own words', () => {
    const text = ['Pay statement March', 'Basic pay 3,100.00', 'Weekend shift allowance 260.00', 'Income tax 512.30'].join('\n');
    const f = lead('How much extra did I earn for the weekend shifts?', text, 'Pay statement March — Payroll')!;
    expect(f.known).toBe(true);
    expect(f.text.split('\n')[0]).toContain('260.00');
  });

  it('offers, not states, an amount for a question that names nothing when no label says which it is', () => {
    const text = ['Pay statement March', 'Basic pay 3,100.00', 'Bonus 400.00'].join('\n');
    const f = lead('How much did I actually get?', text, 'Pay statement March — Payroll')!;
    expect(f.known).toBe(false);
    expect(f.hedged).toBe(true);
  });

  it('reads "how slow" as asking for a time taken, not the words "slow" or "slowest"', () => {
    const a = askedValue('How slow are the slowest checkout requests right now?');
    expect(a.kind).toBe('rate');
    expect(a.terms).not.toContain('slowest');
    expect(a.loose).toContain('right');
    const text = ['Checkout latency', 'p50 120 ms', 'p99 840 ms'].join('\n');
    const f = lead('How slow are the slowest checkout requests right now?', text, 'Checkout requests — Monitor')!;
    expect(f.known).toBe(true);
    expect(f.text.split('\n')[0]).toMatch(/\d+ ms/);
  });
});

describe('a place, a time and a date of the asked kind', () => {
  it('reads "where am I sitting" as asking for a seat, and states it from the ticket table', () => {
    const ticket = screenOf(
      cell('Nordbahn - Your tickets', 40, 30),
      cell('Train 6613 Paris Gare de Lyon - Lyon Part-Dieu', 40, 70),
      cell('Traveller', 40, 120, 14), cell('Coach', 360, 120, 14), cell('Seat', 560, 120, 14), cell('Fare', 760, 120, 14),
      cell('Maya Lind', 40, 150), cell('7', 360, 150), cell('42D', 560, 150), cell('Saver', 760, 150),
      cell('Tomas Lind', 40, 180), cell('7', 360, 180), cell('42C', 560, 180), cell('Saver', 760, 180),
    );
    const text = 'Nordbahn - Your tickets\nTrain 6613 Paris Gare de Lyon - Lyon Part-Dieu\nTraveller Coach Seat Fare\nMaya Lind 7 42D Saver\nTomas Lind 7 42C Saver';
    const f = lead('Where am I sitting on the train to Lyon?', text, 'Your tickets — Nordbahn', ticket)!;
    expect(f.text.split('\n')[0]).toMatch(/\b42[CD]\b/);
  });

  it('meets a verb with its particle said in other words ("shut itself down": "disable")', () => {
    expect(askedValue('When does the guest wifi shut itself down?').loose).toContain(stemOf('shut'));
    const text = ['Guest network', 'Disable guest network daily at 22:30', 'Connected devices: 3'].join('\n');
    const f = lead('When does the guest wifi shut itself down?', text, 'Wireless settings — Homebox')!;
    expect(f.known).toBe(true);
    expect(f.text).toContain('22:30');
  });

  it('does not answer "when will" with the time a screen was seen', () => {
    const at = '2026-12-06T01:53:00.000Z';
    const visit = screenMemory('lines', 'x', 'Water bill — Aquanet', at, { memory: { title: 'Browsed "Water bill — Aquanet" in Chromium', text: 'Browsed "Water bill — Aquanet" in Chromium, Sun 6 Dec 2026 01:53' } })[0]!;
    const numbered = [{ ...visit, passages: [] }];
    const f = factSentence('When will the water company take the money?', numbered, fmt)!;
    expect(f.text).not.toContain('6 Dec 2026');
    expect(f.known).toBe(false);
  });
});

const stemOf = (w: string) => askedValue(`what ${w} zzz`).terms[0];

describe('cards under a page title that runs across them', () => {
  // A library's loans, three cards side by side; the page title over them and a footer under them each run across the gutters.
  const loans = screenOf(
    cell('City Library - Loans for Ana Souza - three items on your card', 30, 30),
    cell('Birds of Europe field guide', 40, 100), cell('The Silk Roads', 460, 100), cell('Cooking with Fire', 880, 100),
    cell('Due back', 40, 150), cell('14 Mar 2027', 300, 150), cell('Due back', 460, 150), cell('2 Apr 2027', 720, 150), cell('Due back', 880, 150), cell('21 Mar 2027', 1140, 150),
    cell('Renewals', 40, 180), cell('1', 330, 180), cell('Renewals', 460, 180), cell('0', 750, 180), cell('Renewals', 880, 180), cell('2', 1170, 180),
    cell('Items can be renewed twice online unless another reader has reserved them.', 30, 240),
  );
  it('pairs each card’s labels inside that card', () => {
    expect(pairs(loans)).toEqual(expect.arrayContaining(['Due back = 14 Mar 2027', 'Due back = 2 Apr 2027', 'Due back = 21 Mar 2027']));
    expect(pairs(loans).some((x) => x.startsWith('Birds of Europe field guide = The Silk Roads'))).toBe(false);
  });

  it('states the date of the card the question names', () => {
    const text = 'City Library - Loans for Ana Souza - three items on your card\nBirds of Europe field guide The Silk Roads Cooking with Fire\nDue back 14 Mar 2027 Due back 2 Apr 2027 Due back 21 Mar 2027';
    const f = lead('When do I have to take the bird guide back?', text, 'My loans — City Library', loans)!;
    expect(f.text.split('\n')[0]).toContain('14 Mar 2027');
  });
});

describe('a timetable and a loans table', () => {
  it('reads an activity asked about with "is …ing" as the row to read, not as a verb', () => {
    expect(askedValue('What time is rowing on Wednesdays?').loose).not.toContain(askedValue('What time is rowing on Wednesdays?').terms[0]);
    const grid = screenOf(
      cell('Riverside Leisure Centre - Classes', 30, 30),
      cell('Class', 40, 100, 14), cell('Monday', 300, 100, 14), cell('Tuesday', 480, 100, 14), cell('Wednesday', 660, 100, 14), cell('Thursday', 860, 100, 14),
      cell('Yoga flow', 40, 136), cell('—', 300, 136), cell('20:00', 480, 136), cell('08:30', 660, 136), cell('—', 860, 136),
      cell('Rowing', 40, 170), cell('07:15', 300, 170), cell('—', 480, 170), cell('18:30', 660, 170), cell('—', 860, 170),
      cell('Pilates', 40, 204), cell('12:15', 300, 204), cell('12:15', 480, 204), cell('—', 660, 204), cell('19:00', 860, 204),
    );
    const text = 'Riverside Leisure Centre - Classes\nClass Monday Tuesday Wednesday Thursday\nYoga flow — 20:00 08:30 —\nRowing 07:15 — 18:30 —\nPilates 12:15 12:15 — 19:00';
    const f = lead('What time is rowing on Wednesdays?', text, 'Timetable — Riverside Leisure Centre', grid)!;
    expect(f.text.split('\n')[0]).toContain('18:30');
  });

  it('takes the return date, not the borrowed one, for "when do I have to bring it back" (OCR joined "Return by")', () => {
    const table = screenOf(
      cell('Title', 40, 100, 14), cell('Author', 420, 100, 14), cell('Borrowed', 700, 100, 14), cell('Returnby', 860, 100, 14),
      cell('Blindness', 40, 136), cell('José Saramago', 420, 136), cell('3 Feb', 700, 136), cell('3 Mar', 860, 136),
      cell('The Leopard', 40, 170), cell('Giuseppe Tomasi', 420, 170), cell('9 Feb', 700, 170), cell('9 Mar', 860, 170),
    );
    const text = 'Title Author Borrowed Returnby\nBlindness José Saramago 3 Feb 3 Mar\nThe Leopard Giuseppe Tomasi 9 Feb 9 Mar';
    const f = lead('When do I have to bring back the Saramago?', text, 'My loans — Public Library', table)!;
    expect(f.text.split('\n')[0]).toContain('3 Mar');
  });
});

describe('a side panel beside a page of text', () => {
  it('pairs a panel label with the value under it, although the main column’s lines interleave with them', () => {
    // An issue tracker: the description's lines at the left, the panel's labels and values at the right, at other heights.
    const issue = screenOf(
      cell('Login times out after 30 seconds on slow networks', 30, 260),
      cell('Status', 960, 290, 9), cell('Steps: open the app on a throttled connection and sign in.', 30, 300),
      cell('Open', 960, 306, 14),
      cell('Fix', 30, 330),
      cell('Due date', 960, 350, 9),
      cell('Acceptance', 30, 367, 12), cell('Mar 3, 2027', 960, 369, 14),
      cell('A sign-in on a throttled connection succeeds within a minute.', 30, 392), cell('Labels', 960, 401, 9),
    );
    expect(pairs(issue)).toContain('Due date = Mar 3, 2027');
    // The tracker's word for the matter ("bug", as "issue" or "problem") is said by the page in its own words.
    expect(askedValue('By when does the login timeout bug have to be fixed?').loose).toContain('bug');
    const text = 'Login times out after 30 seconds on slow networks\nStatus Open\nDue date\nRaise the proxy timeout and retry once. Mar 3, 2027';
    const f = lead('By when does the login timeout bug have to be fixed?', text, 'AUTH-88 Login times out after 30 seconds — Tracker', issue)!;
    expect(f.text.split('\n')[0]).toContain('Mar 3, 2027');
  });
});

describe('who: a person the question does not name', () => {
  it('takes no name that shares a word with the question for the person asked for', () => {
    // A repair page: the device's model reads like a name ("Larkbook Pro"), and the question names it.
    const claim = screenOf(
      cell('Fixit Repairs - Your repair R-5521', 30, 30),
      cell('Device', 50, 100), cell('Larkbook Pro 14, bought 12 Mar 2025', 260, 100),
      cell('Fault', 50, 136), cell('Screen flickers after ten minutes', 260, 136),
      cell('Handled by', 50, 172), cell('Derya Kaplan', 260, 172),
    );
    const text = 'Fixit Repairs - Your repair R-5521\nDevice\nFault\nHandled by\nLarkbook Pro 14, bought 12 Mar 2025\nScreen flickers after ten minutes\nDerya Kaplan';
    const f = lead("Who's dealing with my Larkbook repair?", text, 'Repair R-5521 — Fixit Repairs', claim)!;
    expect(f.text.split('\n')[0]).toContain('Derya Kaplan');
    expect(f.text.split('\n')[0]).not.toContain('Larkbook');
  });
});

it('lets "the insurer" go unmet as "the company" may: the claim page names the insurer, not the word', () => {
  const text = ['Your claim CLM-3310', 'Claim status: Waiting for repair quote', 'Send the repair quote by: 4 February 2027'].join('\n');
  const f = lead('By when does the insurer want the repair quote?', text, 'Claim CLM-3310 — Tidewater Assurance')!;
  expect(f.known).toBe(true);
  expect(f.text).toContain('4 February 2027');
});

describe('rows of a list under its heading', () => {
  // A dark status board: tiles on top, then a heading and rows of four cells each, no header row.
  const board = screenOf(
    cell('Orders per minute', 40, 60, 14), cell('Open incidents', 400, 60, 14),
    cell('312', 40, 84, 28), cell('2', 400, 84, 28),
    cell('Warnings', 40, 180),
    cell('ACTIVE', 50, 210), cell('DiskNearlyFull', 200, 210), cell('volume /data above 92%', 520, 210), cell('since 06:10', 900, 210),
    cell('CLEARED', 50, 238), cell('CertExpiring', 200, 238), cell('renewed for 90 days', 520, 238), cell('at 04:55', 900, 238),
  );
  it('labels each row by the heading over the list', () => {
    expect(pairs(board)).toEqual(expect.arrayContaining(['Warnings = ACTIVE · DiskNearlyFull · volume /data above 92% · since 06:10']));
  });

  it('states the row for a question that names the heading', () => {
    const text = 'Orders per minute Open incidents\n312 2\nWarnings\nACTIVE DiskNearlyFull volume /data above 92% since 06:10\nCLEARED CertExpiring renewed for 90 days at 04:55';
    const f = lead('Which warning is active on the storage board?', text, 'Storage board — Monitor', board)!;
    expect(f.text.split('\n')[0]).toContain('DiskNearlyFull');
  });
});

describe('a timetable whose column lines OCR read as "|"', () => {
  // A ferry timetable drawn with column rules: OCR gives them as "|" words and glued to the words beside them.
  const ferry = screenOf(
    cell('Island Ferries - Winter timetable', 30, 30),
    cell('| Departs from |', 30, 90), cell('| Weekdays |', 300, 90), cell('Saturday |', 460, 90), cell('Sunday |', 620, 90),
    cell('Harbour Quay |', 40, 126), cell('06:40', 300, 126), cell('08:15', 460, 126), cell('09:30', 620, 126),
    cell('North Pier |', 40, 160), cell('07:25', 300, 160), cell('09:05', 460, 160), cell('10:20', 620, 160),
  );
  it('cuts cells at the rules and reads the table under its header', () => {
    expect(pairs(ferry)).toEqual(expect.arrayContaining(['Saturday = 08:15', 'Sunday = 10:20', 'Weekdays = 07:25']));
    expect(pairs(ferry).some((x) => x.includes('|'))).toBe(false);
  });

  it('states the cell of the asked row and day', () => {
    const text = 'Island Ferries - Winter timetable\n| Departs from | | Weekdays | Saturday | Sunday |\nHarbour Quay | 06:40 08:15 09:30\nNorth Pier | 07:25 09:05 10:20';
    const f = lead('What time does the ferry leave North Pier on Saturday?', text, 'Winter timetable — Island Ferries', ferry)!;
    expect(f.text.split('\n')[0]).toContain('09:05');
  });
});

describe('amounts and numbers of the asked type', () => {
  it('takes no meter reading with a decimal comma ("1,09 kWh") for money', () => {
    const text = ['Electricity used: 1,09 kWh per day', 'Amount due: 86.40 EUR'].join('\n');
    const f = lead('How much is the electricity bill this month?', text, 'Your bill — Sunvolt Energy')!;
    expect(f.text.split('\n')[0]).toContain('86.40');
    expect(f.text.split('\n')[0]).not.toContain('1,09');
  });
});

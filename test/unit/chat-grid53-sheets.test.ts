import { describe, expect, it } from 'vitest';
import type { FrameWord, FrameWords } from '../../agents/store/index.js';
import { cell, screenOf } from '../helpers/screen-words.js';
import { screenMemory } from '../helpers/screen-memory.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { tablesOf } from '../../agents/chat/screen-layout.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { askedNumbers, headNumber } from '../../agents/chat/numbered-column.js';

// Sheets and tables made up for this test, apart from the benchmark days: a marks sheet in a browser
// spreadsheet (column letters, row numbers, a formula bar, sheet tabs), a quiz league by rounds, a
// timesheet by weeks, a household budget by months. Their words are laid out as a browser draws them;
// the OCR text given with them reads the grid column by column, as Tesseract does with wide tables.
const fmt = new TimeFormatter('UTC');
const AT = '2026-11-20T08:15:00.000Z';

function grid(xs: number[], y: number, rows: string[][]): FrameWord[] {
  return rows.flatMap((r, k) => r.flatMap((text, c) => (text ? cell(text, xs[c]!, y + k * 24) : [])));
}
const byColumn = (rows: string[][]) => rows[0]!.map((_, c) => rows.map((r) => r[c]).filter(Boolean).join('\n')).join('\n');
const first = (q: string, text: string, title: string, fw: FrameWords) => {
  const numbered = screenMemory('lines', text, title, AT, { frameId: 'frm_g', fullSnippet: true });
  // No sentence at all (nothing to say) is no statement either.
  return factSentence(q, numbered, fmt, (id) => (id === 'frm_g' ? fw : null))?.text.split('\n')[0] ?? '';
};

// A marks sheet as a browser spreadsheet draws it: letters across, row numbers down, formula bar, tabs.
const marks = [
  ['', 'A', 'B', 'C', 'D'],
  ['1', 'Student', 'Paper 1 (/80)', 'Paper 2 (/80)', 'Total'],
  ['2', 'Begum, Salma', '61', '58', '119'],
  ['3', 'Costa, Ana', '47', '66', '113'],
  ['4', 'Diallo, Moussa', '72', '49', '121'],
  ['5', 'Evans, Tom', '39', '52', '91'],
  ['6', 'Group mean', '54.8', '56.3', '111'],
];
const sheetOf = (rows: string[][]) =>
  screenOf(cell('Y10 mocks - Sheets', 10, 4), cell('File Edit View Insert Format Data Tools Help', 10, 30), cell('B7', 10, 58), cell('fx =ROUND(AVERAGE(B3:B6),1)', 60, 58), grid([10, 60, 260, 400, 540], 100, rows), cell('Marks', 10, 292), cell('Summary', 90, 292));
const sheetText = (rows: string[][]) => ['Y10 mocks', 'File Edit View Insert Format Data Tools Help', 'B7 fx =ROUND(AVERAGE(B3:B6),1)', byColumn(rows), 'Marks Summary'].join('\n');
const onSheet = (q: string, rows = marks) => first(q, sheetText(rows), 'Y10 mocks - Sheets', sheetOf(rows));

describe('a spreadsheet\'s frame is no data', () => {
  it('reads the header row past the column letters, and no row number, tab or letter as a cell', () => {
    const [t] = tablesOf(sheetOf(marks));
    expect(t!.columns.slice(1)).toEqual(['Student', 'Paper 1 (/80)', 'Paper 2 (/80)', 'Total']);
    expect(t!.rows.map((r) => r.cells[1])).toEqual(['Begum, Salma', 'Costa, Ana', 'Diallo, Moussa', 'Evans, Tom', 'Group mean']);
    expect(t!.rows.every((r) => r.cells[0] === null)).toBe(true);
  });
});

describe('a cell by its row and a numbered column', () => {
  it('reads the number or the ordinal of a head and of a question', () => {
    expect(headNumber('Paper 2 (/80)')).toMatchObject({ noun: 'paper', n: 2 });
    expect(headNumber('Wk 4')).toMatchObject({ noun: 'wk', n: 4 });
    expect(headNumber('2nd leg')).toMatchObject({ noun: 'leg', n: 2 });
    expect(headNumber('Student')).toBeNull();
    // A day and its date is no numbered column.
    expect(headNumber('Thu 17/12')).toBeNull();
    expect(askedNumbers('what did she get in the third test')).toEqual([expect.objectContaining({ noun: 'test', n: 3 })]);
    expect(askedNumbers('hours in week four')).toEqual([expect.objectContaining({ noun: 'week', n: 4 })]);
  });

  it('states the cell of the asked number, not its sibling column', () => {
    expect(onSheet('What did Salma get on paper 2?')).toMatch(/^Paper 2 \(\/80\): 58 \(Begum, Salma\)/);
    expect(onSheet('What did Ana score on the second paper?')).toMatch(/^Paper 2 \(\/80\): 66 \(Costa, Ana\)/);
  });

  it('reads rounds and weeks by their shortened heads ("R3", "Wk 4")', () => {
    expect(first('Round 3 points for the Hawks?', leagueText, 'Quiz league', leagueFw)).toMatch(/^R3: 15 \(Hawks\)/);
    expect(first('How many points did the Otters get in the second round?', leagueText, 'Quiz league', leagueFw)).toMatch(/^R2: 14 \(Otters\)/);
    expect(first('How many hours did Sam do in week 4?', hoursText, 'Timesheets', hoursFw)).toMatch(/^Wk 4: 31 \(Sam Ortiz\)/);
    expect(first('How many hours did Lena put in the third week?', hoursText, 'Timesheets', hoursFw)).toMatch(/^Wk 3: 18 \(Lena Voss\)/);
  });

  it('negatives: a number the sheet has no column of, a sheet without the asked paper', () => {
    const p3 = onSheet('What did Tom get in paper 3?');
    expect(p3).toMatch(/^I don't know/);
    expect(p3.split(' — seen')[0]).not.toMatch(/\b(?:39|52|91)\b(?! for)/);
    expect(first('How many points did the Wolves get in round 4?', leagueText, 'Quiz league', leagueFw)).toMatch(/^I don't know/);
    const onePaper = marks.map((r) => [r[0]!, r[1]!, r[2]!, '', r[4]!]);
    expect(onSheet('What did Salma get on paper 2?', onePaper).split(' — seen')[0]).not.toMatch(/\b61\b|\b119\b/);
  });
});

describe('a summary row answers for the whole group', () => {
  it('states the column\'s mean row for "the class average", in the asked paper', () => {
    expect(onSheet('What was the class average on paper 1?')).toMatch(/^Paper 1 \(\/80\): 54\.8 \(Group mean\)/);
    expect(onSheet('What was the average for the second paper?')).toMatch(/^Paper 2 \(\/80\): 56\.3 \(Group mean\)/);
    expect(first('What was the total for March?', budgetText, 'Household budget', budgetFw)).toMatch(/^March: 1548 \(Total\)/);
  });

  it('negative: a sheet with no mean row states no one student\'s mark as the average', () => {
    const noMean = marks.slice(0, 6);
    expect(onSheet('What was the class average on paper 1?', noMean).split(' — seen')[0]).not.toMatch(/\b(?:61|47|72|39)\b/);
  });
});

describe('the best or worst of a column, and the head at a row\'s end', () => {
  it('states who did best or lowest in the asked paper or round, past the mean row', () => {
    expect(onSheet('Who did best on paper 2?')).toMatch(/^Costa, Ana — Paper 2 \(\/80\): 66/);
    expect(onSheet('Who scored lowest on paper 1?')).toMatch(/^Evans, Tom — Paper 1 \(\/80\): 39/);
    expect(first('Who scored most in round 2?', leagueText, 'Quiz league', leagueFw)).toMatch(/^Otters — R2: 14/);
  });

  it('states the month at the end of the total row, or of the row the question names', () => {
    expect(first('Which month did we spend the most?', budgetText, 'Household budget', budgetFw)).toMatch(/^March — Total: 1548/);
    expect(first('Which month did we spend least on groceries?', budgetText, 'Household budget', budgetFw)).toMatch(/^February — Groceries: 388/);
  });

  it('negatives: a paper the sheet lacks, a tie', () => {
    expect(onSheet('Who did best on paper 3?')).not.toMatch(/^(?:Costa|Diallo|Begum|Evans)/);
    expect(first('Which month did we spend the most on rent?', budgetText, 'Household budget', budgetFw)).not.toMatch(/^(?:January|February|March) —/);
  });
});

const league = [
  ['Team', 'R1', 'R2', 'R3', 'Total'],
  ['Hawks', '12', '9', '15', '36'],
  ['Otters', '8', '14', '11', '33'],
  ['Wolves', '10', '10', '7', '27'],
];
const leagueFw = screenOf(cell('Quiz league — points per round', 40, 20, 22), grid([40, 250, 320, 390, 460], 70, league));
const leagueText = `Quiz league — points per round\n${byColumn(league)}`;
const hours = [
  ['Name', 'Wk 1', 'Wk 2', 'Wk 3', 'Wk 4', 'Total'],
  ['Sam Ortiz', '38', '40', '36', '31', '145'],
  ['Lena Voss', '20', '22', '18', '25', '85'],
];
const hoursFw = screenOf(cell('Timesheets — hours, November', 40, 20, 22), grid([40, 250, 330, 410, 490, 570], 70, hours));
const hoursText = `Timesheets — hours, November\n${byColumn(hours)}`;
const budget = [
  ['Category', 'January', 'February', 'March'],
  ['Rent', '950', '950', '950'],
  ['Groceries', '412', '388', '455'],
  ['Transport', '120', '96', '143'],
  ['Total', '1482', '1434', '1548'],
];
const budgetFw = screenOf(cell('Household budget 2026 — spending by month', 40, 20, 22), grid([40, 250, 350, 450], 70, budget));
const budgetText = `Household budget 2026 — spending by month\n${byColumn(budget)}`;

describe('the top or bottom of a ranked table', () => {
  const standings = [
    ['Pos', 'Club', 'P', 'W', 'D', 'L', 'Pts'],
    ['1', 'Harbour Rovers', '12', '9', '2', '1', '29'],
    ['2', 'Millbrook FC', '12', '8', '3', '1', '27'],
    ['3', 'St Aldo United', '12', '6', '2', '4', '20'],
    ['4', 'Kettle Town', '12', '2', '1', '9', '7'],
  ];
  const fw = screenOf(cell('Sunday league — Division 2', 40, 20, 22), grid([40, 100, 320, 370, 420, 470, 520], 70, standings));
  const text = `Sunday league — Division 2\n${byColumn(standings)}`;
  // Orders numbered down the page, newest first: no ranking, though it has a "#" and figures.
  const orders = [
    ['#', 'Customer', 'Placed', 'Amount'],
    ['1', 'Lena Voss', '3 Dec 2026', '€ 42.00'],
    ['2', 'Omar Haddad', '2 Dec 2026', '€ 118.50'],
    ['3', 'Ines Duarte', '1 Dec 2026', '€ 7.90'],
  ];
  const ofw = screenOf(cell('Orders — league shop', 40, 20, 22), grid([40, 100, 320, 470], 70, orders));

  it('states the first and the last place, in other words than the page\'s', () => {
    expect(first('Which team is top of the league?', text, 'Sunday league', fw)).toMatch(/^Harbour Rovers — top, place 1 of 4/);
    expect(first("Who's bottom of the table?", text, 'Sunday league', fw)).toMatch(/^Kettle Town — bottom, place 4 of 4/);
  });

  it('negatives: a list that only numbers its lines, a question of another top', () => {
    expect(first('Which customer is top of the league?', `Orders — league shop\n${byColumn(orders)}`, 'Orders', ofw)).not.toMatch(/^Lena Voss/);
    expect(first('What is at the top of my to-do list?', text, 'Sunday league', fw)).not.toMatch(/^Harbour Rovers/);
  });
});

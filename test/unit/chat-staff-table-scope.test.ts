import { describe, expect, it } from 'vitest';
import { askedValue } from '../../agents/chat/asked-value.js';
import { roleDetail, roleDetailLead } from '../../agents/chat/people-table.js';

// Made up for this test: a library's loans list (a "Title" column that names books, not jobs), an HR
// page, and two teams' staff lists where only the second holds the role asked. A role's detail is
// read from a staff table (who and what they do), never from a table that only shares a header word.
const loans = ['My loans — City Library', 'Title  Author  Due back  Renewals left', 'The Salt Road  Ines Kaur  14 Dec  2', 'Night Ferry  Tom Albers  19 Dec  0'];
const teamA = ['Platform team', 'Name  Role  Ext.', 'Rhea Moss  Backend engineer  2210', 'Jonas Pahl  Product owner  2214'];
const teamB = ['Quality team', 'Name  Role  Ext.', 'Asha Verma  QA lead  3318', 'Piet Kuyt  Test engineer  3321'];

describe('a staff table is one that says who does what', () => {
  it('reads no role from a list whose Title column names books', () => {
    const q = 'how many vacation days do I have left?';
    expect(roleDetail(q, loans, askedValue(q))).toBeNull();
    const screens = [{ lines: loans, n: 1, passage: 'loans' }];
    expect(roleDetailLead(q, askedValue(q), screens)).toBeNull();
  });

  it("finds the role on the screen whose list holds it, past a team's list that does not", () => {
    const q = "what's the QA lead's extension?";
    const screens = [
      { lines: teamA, n: 1, passage: 'a' },
      { lines: teamB, n: 2, passage: 'b' },
    ];
    const lead = roleDetailLead(q, askedValue(q), screens);
    expect(lead && 'text' in lead ? lead.text : null).toMatch(/^3318\b/);
    expect(lead?.n).toBe(2);
    // Only the list without the role: no one, not its first row's extension.
    const only = roleDetailLead(q, askedValue(q), screens.slice(0, 1));
    expect(only && 'none' in only).toBe(true);
    expect(JSON.stringify(only)).not.toMatch(/2210|2214/);
  });
});

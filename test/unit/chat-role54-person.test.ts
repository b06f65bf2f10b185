import { describe, expect, it } from 'vitest';
import { askPage, statedLead } from '../helpers/page-ask.js';
import { otherNumbered } from '../../agents/chat/person-answer.js';

// Pages made up for this test, apart from the benchmark days: a school's staff list, a German and a
// Spanish bank's portal, an estate agent's seller page. A person is asked by what they do for the
// user, in other words than the page's label; negatives: the same question over the page without
// that person, and a sibling of another number ("Year 7" for year 9).
const AT = '2026-11-20T10:00:00.000Z';
const ask = (q: string, title: string, text: string) => statedLead(askPage(q, title, text, AT));

const school = `Hillcrest Academy · Parents
Staff contacts
Head of Year 7 – Ms Adeyemi
Head of Year 8 – Mr Lindqvist
Head of Year 9 – Mr Owusu
SENCo – Mrs Patel
Reception: 01632 960 400`;

const sparkasse = `Sparkasse Nord · Online-Banking
Übersicht Konten Postfach
Girokonto DE12 2105 0170 0012 3456 78
Kontostand 1.204,50 EUR`;

const agent = `Harbour Homes · Estate agents · My sale
14 Quay Road, Falmouth
Status: Under offer
Viewings this week: 3
Office: 01326 555 210`;

describe('a person asked by the role they hold for the user', () => {
  it('names the head of the asked year, not of the year above the list', () => {
    expect(ask('Who is the head of year 9 at school?', 'Staff contacts — Hillcrest Academy', school)).toMatch(/^Mr Owusu|Owusu/);
    const none = ask('Who is in charge of year 10?', 'Staff contacts — Hillcrest Academy', school);
    expect(none).toMatch(/^\(not stated\)/);
    expect(none).not.toMatch(/^\(not stated\) (?:Not sure[^:]*: )?(?:Adeyemi|Head of Year 7)/);
    expect(otherNumbered('who is the head of year 9', 'Head of Year 7 – Ms Adeyemi')).toBe(true);
    expect(otherNumbered('who is the head of year 9', 'Head of Year 9 – Mr Owusu')).toBe(false);
  });

  it('names the contact a bank gives, asked as who the user deals with, in German and Spanish', () => {
    const withContact = sparkasse.replace('Girokonto', 'Ihr Ansprechpartner: Herr Jens Möller\nGirokonto');
    expect(ask('Who do I deal with at the bank?', 'Mein Konto — Sparkasse Nord', withContact)).toMatch(/^Jens Möller/);
    expect(ask('Who is handling my case at the bank?', 'Mi banco — Banco Sol', 'Banco Sol · Banca online\nCuentas Tarjetas Mensajes\nSu gestor: Álvaro Ruiz Medina\nOficina 0421 Sevilla Centro')).toMatch(/^Álvaro Ruiz Medina/);
  });

  it('names no one, nor the bank itself, when the page gives no contact', () => {
    const f = ask('Who do I deal with at the bank?', 'Mein Konto — Sparkasse Nord', sparkasse);
    expect(f).toMatch(/^\(not stated\)/);
    expect(f).not.toMatch(/^\(not stated\) (?:Not sure[^:]*: )?Sparkasse/);
  });

  it("names the estate agent's negotiator, and no one on the page without one", () => {
    const withNegotiator = agent.replace('Viewings this week: 3', 'Your negotiator: Callum Reid');
    expect(ask('Who is my contact at the estate agent?', 'Your sale — Harbour Homes', withNegotiator)).toMatch(/^Callum Reid/);
    expect(ask('Who is my contact at the estate agent?', 'Your sale — Harbour Homes', agent)).toMatch(/^\(not stated\)/);
  });
});

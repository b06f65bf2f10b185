import { describe, expect, it } from 'vitest';
import type { FrameWords } from '../../agents/store/index.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence, type FactSentence } from '../../agents/chat/fact-sentence.js';
import { askedRole } from '../../agents/chat/role-cues.js';
import { screenMemory } from '../helpers/screen-memory.js';
import { cell } from '../helpers/screen-words.js';

// Screens made up for this test, apart from the benchmark days: a travel insurer's claim form, a
// French home insurer's file, a German benefits office, a team's goal table. OCR reads such pages a
// column at a time (every label, then every value), so the role's label and the person's name are far
// apart in the text; their word boxes pair them. The questions name the role in other words.
const fmt = new TimeFormatter('UTC');
const AT = '2026-11-20T08:15:00.000Z';

/** A sure lead's sentence without where it was seen; "(not stated) …" otherwise. */
const said = (f: FactSentence | null) => (!f ? '(nothing)' : f.known ? f.text.split(' — seen')[0]! : `(not stated) ${f.text}`);

/** A two-column form: its heading, then label and value side by side; OCR's text reads the labels' column, then the values'. */
function askForm(q: string, heading: string, rows: [string, string][], title: string): FactSentence | null {
  const fw: FrameWords = { width: 1280, height: 800, words: [...cell(heading, 40, 40), ...rows.flatMap(([l, v], i) => [...cell(l, 40, 100 + 56 * i), ...cell(v, 600, 100 + 56 * i)])] };
  const text = [heading, ...rows.map((r) => r[0]), ...rows.map((r) => r[1])].join('\n');
  const numbered = screenMemory('lines', text, title, AT, { frameId: 'frm_form', fullSnippet: true });
  return factSentence(q, numbered, fmt, (id) => (id === 'frm_form' ? fw : null), { screens: () => numbered[0]!.passages! });
}

const CLAIM = 'Claim TRV-5521 — Lumen Assurance';
const claimHead = 'Lumen Assurance · Your travel claim TRV-5521';
const claim: [string, string][] = [
  ['What happened', 'Suitcase lost on flight LX 318'],
  ['Status', 'Being assessed'],
  ['Loss adjuster', 'Pieter de Boer'],
  ['Case handler', 'Ngozi Obi'],
  ['Helpline', '0800 440 221'],
];
const without = (rows: [string, string][], ...labels: string[]) => rows.filter(([l]) => !labels.includes(l));

describe("a case's handler, from a form read a column at a time", () => {
  it('names the handler of a claim, asked in other words', () => {
    expect(said(askForm("Who's dealing with my travel insurance claim?", claimHead, claim, CLAIM))).toMatch(/^Ngozi Obi \(Case handler\)/);
    expect(said(askForm('Who is handling my claim?', claimHead, claim, CLAIM))).toMatch(/^Ngozi Obi\b/);
  });

  it('states no one when the page names no handler: not a label, the insurer, nor the adjuster', () => {
    for (const rows of [without(claim, 'Case handler', 'Loss adjuster'), without(claim, 'Case handler')]) {
      const f = said(askForm("Who's dealing with my travel insurance claim?", claimHead, rows, CLAIM));
      expect(f).toMatch(/^\(not stated\)/);
      expect(f).not.toMatch(/^\(not stated\) (?:Not sure[^:]*: )?(?:Pieter|Helpline|Lumen)/);
    }
  });

  it('reads the role in French and German', () => {
    const fr: [string, string][] = [['Objet', 'Dégât des eaux, cuisine'], ['Gestionnaire', 'Hélène Marchand'], ['Téléphone', '01 44 20 18 90']];
    expect(said(askForm("Who's handling my claim?", 'Votre dossier sinistre n° 44812', fr, 'Dossier 44812 — Espace assuré'))).toMatch(/^Hélène Marchand \(Gestionnaire\)/);
    const de: [string, string][] = [['Antrag', 'Wohngeld'], ['Eingang', '12.11.2026'], ['Sachbearbeiterin', 'Petra Ulrich'], ['Zimmer', '3.14']];
    expect(said(askForm('Who is looking after my application?', 'Ihr Antrag WG-2026-0917', de, 'Antrag WG-2026-0917 — Bürgerportal'))).toMatch(/^Petra Ulrich\b/);
    // Without the handler's row: no field of the form is a person ("Antrag: Wohngeld", "Eingang").
    expect(said(askForm('Who is looking after my application?', 'Ihr Antrag WG-2026-0917', without(de, 'Sachbearbeiterin'), 'Antrag WG-2026-0917 — Bürgerportal'))).toMatch(/^\(not stated\)/);
  });
});

describe('the owner of a task in a table read a column at a time', () => {
  // A goals table: the goals' column read first, then the figures' and owners' columns.
  const head = ['Goal', 'Now', 'Target', 'Owner'];
  const xs = [40, 540, 640, 760];
  const rows = [
    ['Translate onboarding emails into German', '0', '12', 'Kwame'],
    ['Cut support backlog under 50 tickets', '180', '50', 'Aiko'],
  ];
  const fw: FrameWords = { width: 1280, height: 800, words: [...head.flatMap((h, k) => cell(h, xs[k]!, 80)), ...rows.flatMap((r, i) => r.flatMap((c, k) => cell(c, xs[k]!, 120 + 40 * i)))] };
  const text = ['Goal', ...rows.map((r) => r[0]), 'Now  Target  Owner', ...rows.map((r) => r.slice(1).join('  '))].join('\n');
  const ask = (q: string) => {
    const numbered = screenMemory('lines', text, 'Q1 goals — Team docs', AT, { frameId: 'frm_goals', fullSnippet: true });
    return said(factSentence(q, numbered, fmt, (id) => (id === 'frm_goals' ? fw : null), { screens: () => numbered[0]!.passages! }));
  };

  it("names the owner in the asked goal's row, not another row's", () => {
    expect(ask('Who is responsible for getting the onboarding emails translated?')).toMatch(/^Kwame\b/);
    expect(ask('Who owns cutting the support backlog?')).toMatch(/^Aiko\b/);
  });

  it('names no one for a goal the table does not hold', () => {
    expect(ask('Who is responsible for the holiday rota?')).toMatch(/^\(not stated\)/);
  });

  it('asks the role its verb names, not a noun further on ("the reconciliation report")', () => {
    expect(askedRole('Who is responsible for the quarterly report?')).toBe('assignee');
    expect(askedRole('Who reported the login bug?')).toBe('reporter');
    expect(askedRole('Who reviewed the report?')).toBe('reviewer');
  });
});

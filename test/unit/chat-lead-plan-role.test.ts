import { describe, expect, it } from 'vitest';
import type { FrameWords } from '../../agents/store/index.js';
import { cell, screenOf } from '../helpers/screen-words.js';
import { screenMemory } from '../helpers/screen-memory.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';

// Screens made up for this test, apart from the benchmark days: which of several labelled values on
// one screen the lead sentence states, when each pairs well and the question says which in its words.
describe('which labelled value leads', () => {
  const fmt = new TimeFormatter('UTC');
  const at = '2026-11-03T09:20:00.000Z';
  const lead = (q: string, fw: FrameWords, text: string, title: string) =>
    factSentence(q, screenMemory('lines', text, title, at, { frameId: 'frm_1', fullSnippet: true }), fmt, (id) => (id === 'frm_1' ? fw : null))!.text.split('\n')[0]!;

  // A renovation sheet: what was estimated beside what it came to, per job.
  const sheet = screenOf(
    cell('Job', 40, 100), cell('Estimate', 400, 100), cell('Final', 600, 100), cell('Builder', 800, 100),
    cell('Roof repair', 40, 136), cell('3,900', 400, 136), cell('4,475', 600, 136), cell('Duarte & Filhos', 800, 136),
    cell('New boiler', 40, 172), cell('2,300', 400, 172), cell('2,180', 600, 172), cell('Aquece Lda', 800, 172),
  );
  const text = 'Job Estimate Final Builder Roof repair 3,900 4,475 Duarte & Filhos New boiler 2,300 2,180 Aquece Lda';

  it('states what it came to for a question about the outcome, and the plan for a question about the plan', () => {
    expect(lead('How much did the roof repair cost us in the end?', sheet, text, 'House works — Sheets')).toContain('4,475');
    expect(lead('What had we set aside for the new boiler?', sheet, text, 'House works — Sheets')).toContain('2,300');
  });

  it('names the handler for a question about who deals with a case', () => {
    const fw = screenOf(
      cell('Refund status', 40, 100), cell('Approved', 300, 100),
      cell('Opened by', 40, 136), cell('Marco Diaz', 300, 136),
      cell('Case handler', 40, 172), cell('Lina Park', 300, 172),
    );
    const t = 'Refund status\nOpened by\nCase handler\nApproved\nMarco Diaz\nLina Park';
    // ("Your" opening the page's title is no one's name.)
    expect(lead('Who is looking after my refund?', fw, t, 'Your refund — shop account')).toContain('Lina Park');
  });
});

describe('who is named', () => {
  it('takes no word of a label, a question word or a month for a name', () => {
    // A claim's details as label and value rows: the first value opens with a capitalised word.
    const fw = screenOf(
      cell('What happened', 40, 100), cell('Water leak from the flat above, 2 Oct', 300, 100),
      cell('Policy', 40, 136), cell('Home contents plus', 300, 136),
      cell('Loss adjuster', 40, 172), cell('Tomasz Wojcik', 300, 172),
    );
    const t = 'What happened\nPolicy\nLoss adjuster\nWater leak from the flat above, 2 Oct\nHome contents plus\nTomasz Wojcik';
    const f = factSentence('Who is assessing the leak damage?', screenMemory('lines', t, 'Claim 5512 — insurer', '2026-11-03T09:20:00.000Z', { frameId: 'frm_1', fullSnippet: true }), new TimeFormatter('UTC'), (id) => (id === 'frm_1' ? fw : null))!;
    expect(f.text.split('\n')[0]).toContain('Tomasz Wojcik');
  });
});

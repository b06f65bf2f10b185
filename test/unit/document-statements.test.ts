/**
 * Decisions under their heading and a policy document's rules are facts of the page (issue 35's
 * missed semantic facts); the rest of a page's prose is not. Written apart from the precision
 * bench's day: other notes, other handbooks, other languages, and prose that must stay out.
 */
import { describe, expect, it } from 'vitest';
import { screenBatch } from '../helpers/screen-batch.js';
import { screenFacts } from '../../agents/semantic/index.js';

const facts = (title: string, text: string) => screenFacts(screenBatch([{ app: 'Firefox', title, text }])).map((f) => f.text);

describe('a notes page’s decisions', () => {
  it('keeps each item under a Decisions heading, bullets as OCR reads them included, up to the next section', () => {
    const got = facts('Q2 retro — Notes', 'Q2 retro\nAttendees: Hannah Cole, Ravi Patel\nDecisions\n\n• The release train moves to Tuesdays from 6 May.\n+ Ravi Patel owns the on-call rota.\n\nAction items\n\n• Hannah: draft the survey by Friday.');
    expect(got).toContain('Decided: The release train moves to Tuesdays from 6 May.');
    expect(got).toContain('Decided: Ravi Patel owns the on-call rota.');
    expect(got.some((t) => t.includes('survey'))).toBe(false);
  });

  it('stops at the next section when OCR read no blank line before it', () => {
    const got = facts('Sprint review — Notes', 'Decisions\n• Demo day moves to the first Friday of the month.\n• Ravi Patel runs the next review.\nNext steps\n• Hannah: book the big room by Monday.');
    expect(got).toEqual(['Decided: Demo day moves to the first Friday of the month.', 'Decided: Ravi Patel runs the next review.']);
  });

  it('reads a German heading, and nothing from a page without one', () => {
    expect(facts('Teamtreffen — Docs', 'Beschlüsse:\n- Das Sommerfest findet am 12. Juli in Leipzig statt.')).toContain('Decided: Das Sommerfest findet am 12. Juli in Leipzig statt.');
    expect(facts('Q2 retro — Notes', 'Notes\n\n• The release train might move to Tuesdays.\n• We talked about the rota.').some((t) => t.startsWith('Decided'))).toBe(false);
  });
});

describe('a policy document’s rules', () => {
  it('keeps the sentences of a handbook that set a limit, an obligation or an allowance', () => {
    const got = facts('staff-handbook.pdf — Document Viewer', 'Page 3 of 20\n\n2. Leave and remote work\n\nRequest leave at least 10 days before it starts. Remote work from abroad is limited to\n20 days a year. Our offices are in Porto and Lyon.\n\nThe home office allowance is 300 EUR a year.');
    expect(got).toContain('Rule: Request leave at least 10 days before it starts.');
    expect(got).toContain('Rule: Remote work from abroad is limited to 20 days a year.');
    expect(got).toContain('Rule: The home office allowance is 300 EUR a year.');
    expect(got.some((t) => t.includes('Porto'))).toBe(false);
  });

  it('reads no rule from prose that is not a policy, however it is worded', () => {
    const got = facts('Why we moved to Postgres — Tech Blog', 'We must admit the migration took longer than planned. Queries now return within 30 milliseconds, and the cache is limited to 2 GB.\n\nThe team grew to twelve people.');
    expect(got).toEqual([]);
  });
});

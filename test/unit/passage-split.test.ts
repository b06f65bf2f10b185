import { describe, expect, it } from 'vitest';
import { passageHash, sentencesOf, splitPassages } from '../../agents/store/passage-split.js';

// OCR text as the perception room writes it: blank lines between blocks, runs of spaces between columns.
const CHECKIN = [
  'Northwind Air — Online check-in',
  'Booking reference: QX7P2M',
  '',
  'Flight     From                To                   Departs             Gate    Seat',
  '',
  'NW 482    Lisbon (LIS)          Amsterdam (AMS) ~~ Thu 14 Jan, 07:35    B14     23C',
  '',
  'NW 519    Amsterdam (AMS)    Lisbon (LIS)          Sun 17 Jan, 18:10    D3      11A',
  'Boarding closes 25 minutes before departure. Bring a valid passport or ID card. Cabin bag allowance: one bag up to 10 kg.',
  'Passenger',
  'Name: Maria Santos',
  'Email: maria.santos@example.org',
].join('\n');

describe('splitPassages', () => {
  it('labels each table row with its header and keeps prose and short-line groups apart', () => {
    const p = splitPassages(CHECKIN);
    const rows = p.filter((x) => x.kind === 'row').map((x) => x.text);
    expect(rows).toEqual([
      'Flight: NW 482 · From: Lisbon (LIS) · To: Amsterdam (AMS) · Departs: Thu 14 Jan, 07:35 · Gate: B14 · Seat: 23C',
      'Flight: NW 519 · From: Amsterdam (AMS) · To: Lisbon (LIS) · Departs: Sun 17 Jan, 18:10 · Gate: D3 · Seat: 11A',
    ]);
    expect(p.find((x) => x.text.startsWith('Boarding closes'))?.kind).toBe('paragraph');
    // The heading "Passenger" leads its form, which keeps its line breaks.
    expect(p.find((x) => x.text.startsWith('Passenger'))?.text).toBe('Passenger\nName: Maria Santos\nEmail: maria.santos@example.org');
    expect(p.map((x) => x.position)).toEqual(p.map((_, i) => i));
  });

  it('keeps a short line that stands alone above a table as a passage of its own', () => {
    // OCR read blank lines around the line and the table's header under it: the line was held as a
    // heading for the next block, and the header row dropped it, so its words were never searchable.
    const membership = ['Membership — Boulder Hall', 'Plan: Monthly unlimited', '', 'Member number: BH-20417', '', 'Visit      Date        Wall', 'Entry      2 Nov       North', '', 'Renew before 1 December.'].join('\n');
    const p = splitPassages(membership);
    expect(p.some((x) => x.text.includes('Member number: BH-20417'))).toBe(true);
    const ticket = ['Your ticket', 'Alfa Pendular 123', '', 'Seat reservation: 4C', '', 'Lisbon    Porto    08:09', 'Coach 4 is at the front.'].join('\n');
    expect(splitPassages(ticket).some((x) => x.text.includes('Seat reservation: 4C'))).toBe(true);
  });

  it('keeps a command with its output and its heading as one code passage', () => {
    const p = splitPassages('Restart the dev server\n\n$ npm run dev\nError: listen EADDRINUSE: address already in use :::5173\n$ kill 4242\n\nThe next start worked and the page loaded again without any errors at all.');
    expect(p[0]).toMatchObject({ kind: 'code' });
    expect(p[0]!.text).toContain('Restart the dev server\n$ npm run dev\nError: listen EADDRINUSE');
    expect(p[1]!.text).toMatch(/^The next start worked/);
  });

  it('an error and its stack frames read as a code passage after the status line that mentions them', () => {
    const p = splitPassages('integration tests failed     1m 05s\n\nError: connect ECONNREFUSED 127.0.0.1:5432\n\nat TCPConnectWrap.afterConnect (node:net:1555:16)\n\nLena commented: add the postgres service container to the workflow before merging.');
    const err = p.find((x) => x.text.includes('Error: connect ECONNREFUSED'));
    expect(err?.kind).toBe('code');
    expect(err?.text).toContain('at TCPConnectWrap.afterConnect');
  });

  it('cuts a long paragraph only at sentence ends', () => {
    const sentence = (i: number) => `Sentence number ${i} says something long enough to matter for this test of the cutter.`;
    const text = Array.from({ length: 20 }, (_, i) => sentence(i)).join(' ');
    const p = splitPassages(text);
    expect(p.length).toBeGreaterThan(1);
    for (const x of p) {
      expect(x.text.length).toBeLessThanOrEqual(700);
      expect(x.text).toMatch(/^Sentence number \d+ .*cutter\.$/);
    }
  });

  it('splits sentences without breaking abbreviations', () => {
    expect(sentencesOf('Meet Dr. Silva at 9. Bring the Q3 deck, e.g. the short one. Done!')).toEqual([
      'Meet Dr. Silva at 9.',
      'Bring the Q3 deck, e.g. the short one.',
      'Done!',
    ]);
  });

  it('hashes the words, not the OCR spacing or case', () => {
    expect(passageHash('Gate   B14\nSeat 23C')).toBe(passageHash('gate b14 seat 23c'));
    expect(passageHash('Gate B14')).not.toBe(passageHash('Gate B15'));
  });
});

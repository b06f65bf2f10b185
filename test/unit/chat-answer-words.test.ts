import { describe, expect, it } from 'vitest';
import type { PassageMatch } from '../../shared/index.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { askedKind, askedValue } from '../../agents/chat/asked-value.js';
import { screenMemory } from '../helpers/screen-memory.js';

// Screens and questions written for this test, apart from the benchmark days.
const fmt = new TimeFormatter('UTC');
const at = '2027-02-10T08:00:00.000Z';

const numbered = (kind: PassageMatch['kind'], text: string, title: string) => screenMemory(kind, text, title, at);

describe('the lead reads questions worded unlike the screen', () => {
  const ticket = numbered('row', 'Key: OPS-310 · Summary: Printer on floor 2 jams every morning · Reporter: Mo Chen · Assignee: Rafa Lind', 'OPS board — Tracker');

  it('takes "problem" or "issue" for the matter a screen names in its own words', () => {
    const f = factSentence('Who is fixing the printer issue on floor 2?', ticket, fmt)!;
    expect(f.known).toBe(true);
    expect(f.text).toContain('Rafa Lind');
  });

  it('names the one who handles it, or the one who raised it, as asked', () => {
    expect(factSentence('Who is looking after the printer problem?', ticket, fmt)!.text).toContain('Assignee: Rafa Lind');
    expect(factSentence('Who reported the printer problem?', ticket, fmt)!.text).toContain('Reporter: Mo Chen');
  });

  it('meets British and American spellings alike', () => {
    const play = numbered('lines', 'Tonight\nTheater: Lyric Hammersmith\nCurtain up: 19:30', 'Tickets — Stagedoor');
    expect(factSentence('Which theatre is the play on at tonight?', play, fmt)!.text).toContain('Lyric Hammersmith');
    expect(askedValue('the litre price').terms).toEqual(askedValue('the liter price').terms);
  });

  it('reads an ID question as asking for a code, with "ID" not a word to find', () => {
    expect(askedKind('What is my staff ID?')).toBe('code');
    expect(askedValue('What is my staff ID?').terms).toEqual(['staff']);
  });

  it('reads one step of a numbered list run into one paragraph, and a program given flags as a command', () => {
    const guide = numbered(
      'paragraph',
      'Shrinking a data volume 1. Unmount it first: umount /mnt/data 2. Check the filesystem: e2fsck -f /dev/sdb1 3. Shrink it to size: resize2fs /dev/sdb1 40G',
      'Storage handbook — Wiki',
    );
    const f = factSentence('How do I check the filesystem before I shrink the volume?', guide, fmt)!;
    expect(f.known).toBe(true);
    expect(f.text).toContain('Check the filesystem: e2fsck -f /dev/sdb1 —');
    expect(f.text).not.toContain('resize2fs');
    expect(f.text).not.toContain('umount');
  });

  it('takes any program given flags for a command, not only the tools it knows by name', () => {
    const notes = numbered('paragraph', 'Network checks for the lab box. To list listening ports use: ss -tlnp on the host. The firewall rules live in /etc/nftables.conf.', 'Lab notes — Docs');
    const f = factSentence('What command lists the listening ports?', notes, fmt)!;
    expect(f.known).toBe(true);
    expect(f.text).toContain('ss -tlnp');
  });

  it('answers "how much in total" with the line that sums the bill, not one item of it', () => {
    const bill = numbered('lines', 'Potting soil 40L  12.50\nTerracotta pots x3  18.00\nTotal  30.50\nPaid by card', 'Receipt — Garden Centre Lumiar');
    const f = factSentence('How much did I spend at the garden centre altogether?', bill, fmt)!;
    expect(f.text).toContain('30.50');
    expect(f.text).not.toContain('18.00');
  });

  it('takes "back" in "due back" for a particle, not a thing to find', () => {
    const loans = numbered('row', 'Item: Bosch cordless drill · Borrowed: 2 Mar · Return by: 14 Mar', 'My loans — Tool Library');
    const f = factSentence('When is the Bosch drill due back?', loans, fmt)!;
    expect(f.known).toBe(true);
    expect(f.text).toContain('14 Mar');
  });

  it('knows a value when every noun is met and only the verbs are said otherwise', () => {
    const plan = numbered('lines', 'Tariff: Green Flex 12\nStanding charge: 41p a day', 'My account — Octavia Energy');
    const f = factSentence('Which tariff am I signed up to?', plan, fmt)!;
    expect(f.known).toBe(true);
    expect(f.text).toContain('Green Flex 12');
  });

  it('takes no year of a date for a reference number', () => {
    const club = numbered('lines', 'Rowing club\nMember since: 12 June 2019\nLocker: upstairs', 'Membership — Riverside RC');
    const f = factSentence('What is my membership number at the rowing club?', club, fmt);
    expect(f?.known ?? false).toBe(false);
  });
});

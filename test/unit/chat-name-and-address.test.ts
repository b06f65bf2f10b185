import { describe, expect, it } from 'vitest';
import { screenMemory } from '../helpers/screen-memory.js';
import { TimeFormatter } from '../../shared/time/index.js';
import { factSentence } from '../../agents/chat/fact-sentence.js';
import { askedKind } from '../../agents/chat/asked-value.js';

// Settings pages, cards and terminals made up for this test, apart from the benchmark days: a thing's
// name asked as "what is X called" where the label says SSID or Name, never the question's word; a
// thing on the web whose address is a link, not its folder; a phone that is only a modifier of the
// thing asked. Each with a negative: the question's own words restated, a street address asked.
const fmt = new TimeFormatter('UTC');
const AT = '2026-11-20T10:00:00.000Z';
const lead = (q: string, lines: string[], title: string) => factSentence(q, screenMemory('lines', lines.join('\n'), title, AT, { fullSnippet: true }), fmt)!;
const first = (q: string, lines: string[], title: string) => lead(q, lines, title).text.split('\n')[0]!;

describe('what a thing is called: the value under a label that says it is a name', () => {
  const router = ['Wireless', 'Guest Wi-Fi', 'Enabled · Yes', 'SSID · Casa-Visitas', 'Password · ********'];
  it('states the SSID for "what is the guest wifi called", in other words too', () => {
    expect(first('What is the guest wifi called?', router, 'Router settings')).toMatch(/^SSID · Casa-Visitas/);
    expect(first("What's the name of the guest wifi?", router, 'Router settings')).toMatch(/^SSID · Casa-Visitas/);
    const printer = ['Printers & scanners', 'Office printer', 'Display name: Floor2-Laser', 'Status: Ready', 'Toner: 64%'];
    expect(first("What's the office printer called?", printer, 'Settings — Printers')).toMatch(/^(?:Office printer: )?Display name: Floor2-Laser/);
  });

  it('the question\'s own words restated are no name: the page without one says it found none', () => {
    const bare = lead('What is the guest wifi called?', ['Wireless', 'Guest Wi-Fi', 'Enabled · Yes', 'Password · ********'], 'Router settings');
    expect(bare.known).toBe(false);
    expect(bare.text.split('\n')[0]).not.toMatch(/^Guest Wi-Fi/);
  });

  it('a name label on a page that says nothing of the thing asked is not its name', () => {
    const profile = lead("What's the office printer called?", ['Account', 'Display name: Ana Ruiz', 'Email: ana@example.org'], 'Profile — Settings');
    expect(profile.known).toBe(false);
    expect(profile.text.split('\n')[0]).not.toContain('Ana Ruiz');
  });
});

describe('the address of a thing on the web is a link', () => {
  const term = ['lena@mac ~/blog $ ./publish.sh', 'Building 88 pages...', 'Published to https://lena-writes.net in 21s', 'lena@mac ~/blog $'];
  it('states the published link, not the folder in the prompt', () => {
    expect(askedKind("What's the address of my blog?")).toBe('link');
    expect(first("What's the address of my blog?", term, 'lena@mac: ~/blog')).toMatch(/^Published to https:\/\/lena-writes\.net/);
    expect(first("What's my blog's address?", term, 'lena@mac: ~/blog')).toMatch(/^Published to https:\/\/lena-writes\.net/);
  });

  it('a shop or an office keeps its street address', () => {
    expect(askedKind("What's the address of the bike shop?")).toBe('place');
    const card = ['Velo Lisboa', 'Address: Rua da Prata 120, 1100-419 Lisboa', 'Web: velolisboa.pt', 'Open Mon-Sat 10:00-19:00'];
    expect(first("What's the address of the bike shop?", card, 'Velo Lisboa — Maps')).toMatch(/Rua da Prata 120/);
  });
});

describe('a phone that is only what the thing is of', () => {
  it('asks a length of time, an amount, a count; a number to ring stays one', () => {
    expect(askedKind('How long are my phone backups kept?')).toBe('duration');
    expect(askedKind('How many phone lines do we pay for?')).toBe('count');
    expect(askedKind("What's the clinic's phone number?")).toBe('phone');
    expect(askedKind("What's the safety officer's extension?")).toBe('phone');
    const backups = ['Backups', 'Back up to · CloudBox', 'Schedule · Every night at 02:00', 'Delete old copies after · 60 days', 'Skip folders · Downloads'];
    expect(first('How long are my phone backups kept?', backups, 'Backups — Settings')).toMatch(/60 days/);
  });
});

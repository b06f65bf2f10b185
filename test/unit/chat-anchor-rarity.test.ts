import { describe, expect, it } from 'vitest';
import { anchorScreen, dayWindows, specificity, type DayWindow } from '../../agents/chat/anchor-screen.js';
import { retrieveMemories, type MemorySource } from '../../agents/chat/question-context.js';
import type { ObservationRecord, PassageHit } from '../../agents/store/index.js';

// Days of windows written for this test, apart from the benchmark days: which window "right after
// the X" means. Each day has a window that shares only a common word with the anchor.

/**
 * The passages a plain word search finds for an anchor: every line holding one of its words, and
 * every line of a window whose title holds one, scored by how often the words occur (a window that
 * repeats a common word comes first, as it may in a real search).
 */
function searchDay(day: readonly DayWindow[], anchor: string) {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const words = fold(anchor).split(/\W+/).filter((w) => w.length > 2 && !['the', 'and', 'for'].includes(w));
  const count = (s: string) => words.reduce((n, w) => n + (fold(s).match(new RegExp(`\\b${w}`, 'g'))?.length ?? 0), 0);
  const hits = day.flatMap((w) =>
    w.text
      .split('\n')
      .map((line) => ({ text: line, window_title: w.title, score: count(line) + 0.4 * count(w.title) }))
      .filter((h) => h.score > 0),
  );
  return hits.sort((a, b) => b.score - a.score);
}

const win = (title: string, ...lines: string[]): DayWindow => ({ title, text: lines.join('\n') });
function pick(day: DayWindow[], anchor: string): string | null | undefined {
  const r = anchorScreen(searchDay(day, anchor), anchor, day);
  return r && ('window_title' in r ? r.window_title : r.title);
}

const everyday = [
  win('Inbox (12) — Mail', 'Weekly digest', 'Your parcel is on its way', 'Team lunch on Friday?'),
  win('Calendar — Week 49', 'Mon 09:00 Stand-up', 'Wed 14:00 Design review', 'Fri 12:30 Lunch'),
  win('Spotify', 'Discover Weekly', 'Liked songs', 'Podcasts'),
];

describe('an anchor word counts by how rare it is among the day’s windows', () => {
  it('a rarer word beats a common one the wrong windows share', () => {
    const day = [
      ...everyday,
      win('Backups — System Settings', 'Settings', 'Back up your settings to the cloud', 'Settings sync: on', 'Restore settings from a backup'),
      win('Display — System Settings', 'Settings', 'Brightness', 'Night light settings'),
      win('Sound — System Settings', 'Settings', 'Output device', 'Alert sounds'),
      win('Guest network — Router admin', 'Guest Wi-Fi: enabled', 'Network name: Harbour-Guest', 'Password rotated 2 days ago'),
    ];
    expect(pick(day, 'router settings')).toBe('Guest network — Router admin');
  });

  it('a customer’s rare name beats the invoice word every invoice shares', () => {
    const day = [
      ...everyday,
      win('Invoices — Ledgerly', 'Invoice INV-301 paid', 'Invoice INV-302 overdue', 'Invoice INV-303 draft', 'New invoice'),
      win('INV-302 — Ledgerly', 'Invoice INV-302', 'Customer: Brightwater Bakery', 'Amount due €410.00'),
      win('Invoice templates — Ledgerly', 'Invoice template: classic', 'Invoice template: modern'),
      win('Halden Plumbing — Ledgerly', 'Customer: Halden Plumbing', 'Open invoice INV-299 €1,200.00', 'Phone 040 221 19'),
    ];
    expect(pick(day, 'the Halden invoice')).toBe('Halden Plumbing — Ledgerly');
    // Negative: the other customer's word picks the other invoice, not the rare name's window.
    expect(pick(day, 'the Brightwater invoice')).toBe('INV-302 — Ledgerly');
  });

  it('a tax form beats a form builder that says "form" on every line', () => {
    const day = [
      ...everyday,
      win('Form builder — Typeform', 'New form', 'Form title', 'Form fields', 'Publish form', 'Form logic'),
      win('Contact form — Acme site', 'Contact form', 'Send'),
      win('Self assessment — Revenue portal', 'Tax return 2025', 'Income from employment', 'Submit your return by 31 January'),
    ];
    expect(pick(day, 'the tax return form')).toBe('Self assessment — Revenue portal');
  });
});

describe('a title’s run-together words are its words', () => {
  it('"RoutePlanner" holds "route" and "planner"', () => {
    const day = [
      ...everyday,
      win('Dispatch plan — Sheets', 'Driver  Route  Stops', 'Ana  North route  12', 'Luis  South route  9', 'Route changes by 10:00'),
      win('RoutePlanner — R12 Harbour loop', 'Stops: 14', 'Distance 38 km', 'Start 07:30 depot'),
    ];
    expect(pick(day, 'the route planner')).toBe('RoutePlanner — R12 Harbour loop');
    expect(pick(day, 'the planner')).toBe('RoutePlanner — R12 Harbour loop');
  });

  it('"OrderDesk" is met for "the desk"; "Desktop" stays one word', () => {
    const day = [
      ...everyday,
      win('Desktop — Files', 'Desktop', 'notes.txt', 'Screenshot 14:02'),
      win('OrderDesk — Open orders', 'Order 8812 packed', 'Order 8813 waiting'),
    ];
    expect(pick(day, 'the desk')).toBe('OrderDesk — Open orders');
  });
});

describe('a word met by its kin, with less weight than the word itself', () => {
  it('a holiday page for "vacation", over windows that share "booking"', () => {
    const day = [
      ...everyday,
      win('Booking confirmed — Gym', 'Booking: Spinning, Tue 18:00', 'Booking ref G-22', 'Cancel booking'),
      win('Booking #9 — Dentist', 'Booking for check-up', 'Booking time 08:40'),
      win('Your holiday — CasaStay', 'Booking ref CS-441', 'Check-in 14:00', '5 nights, 2 adults'),
    ];
    expect(pick(day, 'the vacation booking')).toBe('Your holiday — CasaStay');
  });

  it('an attorney for "the lawyer", but the word itself over its kin', () => {
    const day = [
      ...everyday,
      win('Email settings — Mail', 'Email signature', 'Email forwarding', 'Email filters'),
      win('Attorney Berg — Mail', 'Re: lease dispute', 'Please send the signed pages by Monday'),
    ];
    expect(pick(day, 'the lawyer email')).toBe('Attorney Berg — Mail');
    // Both the word and its kin on screen: the word wins.
    const both = [...day, win('Lawyer Okafor — Mail', 'Re: deposit', 'Call me after 3')];
    expect(pick(both, 'the lawyer email')).toBe('Lawyer Okafor — Mail');
  });
});

describe('accents do not part a word from itself', () => {
  it('"Düsseldorf" asked, "Dusseldorf" read', () => {
    const day = [
      ...everyday,
      win('Hotel offers — Newsletter', 'Hotel deals', 'Hotel breaks from €59', 'Hotel of the week'),
      win('Hotel Kranz Dusseldorf — Booking', 'Check-in Fri 15:00', '2 nights'),
    ];
    expect(pick(day, 'the Düsseldorf hotel')).toBe('Hotel Kranz Dusseldorf — Booking');
  });

  it('"Zurich" asked, "Zürich" read', () => {
    const day = [
      ...everyday,
      win('Trip ideas — Notes', 'Trip to the coast', 'Trip budget', 'Trip: ask Ana'),
      win('Your trips — Uber', 'Trip to Airport, 24 Nov', 'Trip to Office, 21 Nov'),
      win('Business trip expenses — Sheets', 'Trip  Date  Amount', 'Hamburg trip  12 Nov  €212.40'),
      win('Zürich HB → Lugano — SBB', 'IC 2 dep 10:09', 'Platform 14'),
    ];
    expect(pick(day, 'the Zurich trip')).toBe('Zürich HB → Lugano — SBB');
  });
});

describe('what a window showed counts, below its title', () => {
  it('two windows with the same rare word: the one whose page holds the rest', () => {
    const day = [
      ...everyday,
      win('Lisbon — Wikipedia', 'Lisbon is the capital of Portugal', 'Lisbon has a population of 545,000', 'Trams in Lisbon'),
      win('Lisbon — TAP Air Portugal', 'Flight TP 1353', 'Departs 07:05', 'Seat 14C'),
    ];
    expect(pick(day, 'the Lisbon flight')).toBe('Lisbon — TAP Air Portugal');
    // Negative: asked about the city's trams, the encyclopedia page.
    expect(pick(day, 'the Lisbon trams')).toBe('Lisbon — Wikipedia');
  });

  it('a page whose content names the anchor over a title with its commonest word', () => {
    const day = [
      ...everyday,
      win('Test run #42 — CI', 'Tests passed: 118', 'Tests failed: 2'),
      win('Unit test report — CI', 'Coverage 81%'),
      win('Patient portal — MyHealth', 'Blood test results', 'Cholesterol 5.1 mmol/L', 'Results released 3 Dec'),
    ];
    expect(pick(day, 'the blood test results')).toBe('Patient portal — MyHealth');
  });

  it('a file named after the anchor in a listing is not the screen about it', () => {
    const day = [
      ...everyday,
      win('Downloads — Files', 'archer-router-manual.pdf  2.1 MB', 'holiday.jpg', 'router-firmware-v2.bin'),
      win('Archer AX55 manual — PDF viewer', 'Router setup', 'Chapter 3: Guest network'),
    ];
    expect(pick(day, 'the router manual')).toBe('Archer AX55 manual — PDF viewer');
  });
});

describe('negatives: nothing rarer to go by', () => {
  it('no window names the anchor: the search’s order stands', () => {
    const day = [...everyday, win('Forms — City portal', 'Parking permit renewal form', 'Permit renewal fee €30')];
    const hits = searchDay(day, 'the permit renewal');
    expect(anchorScreen(hits, 'the permit renewal', day)).toBe(hits[0]);
  });

  it('windows that name the anchor alike: the search’s order stands', () => {
    const day = [...everyday, win('Settings — Chrome', 'Settings', 'Privacy'), win('Settings — VS Code', 'Settings', 'Settings sync', 'Font size')];
    const hits = searchDay(day, 'settings');
    expect(anchorScreen(hits, 'settings', day)).toBe(hits[0]);
  });
});

describe('the windows of a stretch of observations', () => {
  it('one per title, with its distinct texts and first sighting, screens only', () => {
    let t = 0;
    const o = (id: string, title: string | null, text: string, kind = 'screen') => ({ id, kind, observed_at: (t += 1000), title, text });
    const w = dayWindows([o('a', 'Inbox — Mail', 'a'), o('b', 'Inbox — Mail', 'a'), o('c', 'Inbox — Mail', 'b'), o('d', null, 'x'), o('e', 'Call', 'hello', 'audio'), o('f', 'Router admin', 'guest')]);
    expect(w).toEqual([
      { title: 'Inbox — Mail', text: 'a\nb', observation_id: 'a', seen_at: new Date(1000).toISOString() },
      { title: 'Router admin', text: 'guest', observation_id: 'f', seen_at: new Date(6000).toISOString() },
    ]);
  });
});

describe('a question about what came after an anchor, through retrieval', () => {
  const T0 = Date.parse('2026-12-03T09:00:00Z');
  const NOW = T0 + 8 * 3_600_000;
  const windows = [
    win('Backups — System Settings', 'Settings', 'Back up your settings to the cloud', 'Settings sync: on'),
    win('Guest network — Router admin', 'Guest Wi-Fi: enabled', 'Password rotated 2 days ago'),
    win('Display — System Settings', 'Settings', 'Night light settings'),
    win('Speedtest — Chromium', 'Download 412 Mbps', 'Upload 38 Mbps'),
    win('Sound — System Settings', 'Settings', 'Alert sounds'),
    win('Inbox (12) — Mail', 'Weekly digest'),
    win('RoutePlanner — R12 Harbour loop', 'Stops: 14', 'Distance 38 km'),
  ];
  const observations: ObservationRecord[] = windows.map((w, i) => ({
    id: `obs_${i}`, kind: 'screen', frame_id: null, audio_id: null, display: null, observed_at: T0 + i * 600_000, app: 'Chromium', title: w.title, url: null, text: w.text, caption: null, processed_at: null,
  }));
  const source: MemorySource = {
    search: () => Promise.resolve([]),
    memories: { list: () => [] },
    observations: { list: (o) => observations.filter((x) => x.observed_at >= (o?.since ?? 0) && x.observed_at <= (o?.until ?? Infinity)) },
    passages: {
      // The search finds the settings pages' lines first: they repeat a word of the anchor.
      search: (o) =>
        searchDay(windows, o.query).map((h, seq): PassageHit => {
          const at = observations.find((x) => x.title === h.window_title)!;
          return { ...h, seq, kind: 'lines', marked: h.text, snippet: h.text, observation_id: at.id, frame_id: null, seen_at: new Date(at.observed_at).toISOString(), last_seen_at: new Date(at.observed_at).toISOString(), sightings: 1, app: at.app, url: null, next: null };
        }).slice(0, o.limit ?? 20),
    },
  };

  it('anchors on the router page, not a settings page, and names what followed it', async () => {
    const rest = 'What did I open right after the router settings?';
    const r = await retrieveMemories(source, { rest, query: 'router settings', timeRange: null, now: NOW });
    const t = r.timeline!;
    expect(t.moments[t.anchors[0]!]!.title).toBe('Guest network — Router admin');
    expect(t.moments[t.anchors[0]! + 1]!.title).toBe('Display — System Settings');
  });

  it('anchors on a window the search does not find by that word: a part of its title', async () => {
    const rest = 'What was I looking at just before the planner?';
    const r = await retrieveMemories(source, { rest, query: 'planner', timeRange: null, now: NOW });
    const t = r.timeline!;
    expect(t.moments[t.anchors[0]!]!.title).toBe('RoutePlanner — R12 Harbour loop');
    expect(t.moments[t.anchors[0]! - 1]!.title).toBe('Inbox (12) — Mail');
  });
});

describe('a page that says the anchor on more lines is more about it', () => {
  it('the route with three lines about the bike, over a claim with one, whatever the search’s order', () => {
    const day = [
      ...everyday,
      win('Claim 4410 — Harbour Insurance', 'What happened: bicycle frame cracked', 'Insured item: gravel bike', 'Status: waiting for a quote'),
      win('Route to the climbing gym — Maps', 'By bike 23 min, 5.8 km', 'Push your bike over the footbridge', 'Bike racks at the entrance'),
    ];
    // A search that met "bicycle" too puts the claim first.
    const hits = [
      { text: 'Insured item: gravel bike', window_title: 'Claim 4410 — Harbour Insurance', score: 4.2 },
      { text: 'By bike 23 min, 5.8 km', window_title: 'Route to the climbing gym — Maps', score: 3.7 },
      { text: 'Push your bike over the footbridge', window_title: 'Route to the climbing gym — Maps', score: 3.5 },
    ];
    expect(anchorScreen(hits, 'the bike ride', day)).toBe(hits[1]);
    // The same line seen in two sightings of the claim is one line.
    const twice = day.map((w) => (w.title.startsWith('Claim') ? { ...w, text: `${w.text}\n${w.text}\n${w.text}` } : w));
    expect(anchorScreen(hits, 'the bike ride', twice)).toBe(hits[1]);
  });
});

describe('what the user did is no word of the screen', () => {
  it('"just before I planned the bike ride": the route, not a page that says "plan" beside a bike', () => {
    const day = [
      ...everyday,
      win('Route to the climbing gym — Maps', 'By bike 23 min, 5.8 km', 'Head north on Lindenallee'),
      win('Claim 4410 — Harbour Insurance', 'Your plan: Home & Contents', 'Insured item: gravel bike', 'Status: waiting for a quote'),
    ];
    const hits = searchDay(day, 'bike ride');
    // The search's order puts the route first; "planned" only says what the user did there.
    expect(hits[0]!.window_title).toBe('Route to the climbing gym — Maps');
    const r = anchorScreen(hits, 'I planned the bike ride', day);
    expect(r && 'window_title' in r ? r.window_title : null).toBe('Route to the climbing gym — Maps');
  });
});

describe('a word general in the language tells windows apart less than a specific one', () => {
  // Each anchor word names one window of the day: the day alone cannot weigh them, the language can.
  const day = [
    ...everyday,
    win('Queue — Printer admin', 'Job 114 Quarterly report.pdf printing', 'Job 115 waiting', 'Toner 12%'),
    win('Display — System Settings', 'Brightness 80%', 'Night light: off', 'Scale 125%'),
    win('Dr. Vale Dental — Booking', 'Your visit Thursday 10 Dec 09:30', 'Hygienist: M. Rossi'),
    win('Order form — Ferrylink', 'Passengers 2', 'Vehicle: none'),
  ];
  const searchFirst = (title: string, anchor: string) => {
    const hits = searchDay(day, anchor);
    // The search put the general word's window first (it said "Settings" more, or scored it higher).
    return [...hits.filter((h) => h.window_title === title), ...hits.filter((h) => h.window_title !== title)].map((h, i) => ({ ...h, score: 10 - i }));
  };

  it('"the printer settings": the printer page, not the settings page the search ranked first', () => {
    const r = anchorScreen(searchFirst('Display — System Settings', 'printer settings'), 'printer settings', day);
    expect(r && 'window_title' in r ? r.window_title : r?.title).toBe('Queue — Printer admin');
  });

  it('"the dental form": the dentist’s booking, not the order form the search ranked first', () => {
    const r = anchorScreen(searchFirst('Order form — Ferrylink', 'dental form'), 'dental form', day);
    expect(r && 'window_title' in r ? r.window_title : r?.title).toBe('Dr. Vale Dental — Booking');
  });

  it('negatives: the general word alone, or with its own window’s other word, still finds its window', () => {
    expect(pick(day, 'the display settings')).toBe('Display — System Settings');
    expect(pick(day, 'the settings')).toBe('Display — System Settings');
    expect(pick(day, 'the order form')).toBe('Order form — Ferrylink');
  });

  it('specificity: fewer senses weigh more, a name WordNet does not know weighs most', () => {
    expect(specificity('printer')).toBeGreaterThan(specificity('settings'));
    expect(specificity('dentist')).toBeGreaterThan(specificity('form'));
    expect(specificity('Halden')).toBe(1);
  });
});

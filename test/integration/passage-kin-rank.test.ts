import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, StaticKeyProvider, type EngramStore, type PassageHit } from '../../agents/store/index.js';

/**
 * Issue 30: which screen's line comes first for a question, when a wrong screen shares a common word
 * with it. A rare word outweighs a common one said many times; accents part no word from itself;
 * a question's word is met by its kin ("Weight" for "how heavy"), below the word itself. Made-up
 * screens (a parcel, a garage, a clinic, payslips, flats), not the bench's pages.
 */
const AT = Date.parse('2026-11-20T09:00:00Z');

describe('screens ranked by the question’s rare words and their kin', () => {
  let dir: string;
  let store: EngramStore;
  let n = 0;
  const screen = (title: string, ...lines: string[]) =>
    store.observations.insert({ kind: 'screen', frame_id: null, audio_id: null, display: ':0', observed_at: AT + n++ * 60_000, app: 'Chromium', title, url: null, text: lines.join('\n\n'), caption: null });
  const first = (query: string) => store.passages.search({ query, forgiving: false })[0];
  const rank = (query: string, text: string) => store.passages.search({ query, forgiving: false }).findIndex((h) => h.text.includes(text));

  // A day's other screens: the common words of the cases below are on several of them, as in a real store.
  const BACKGROUND: [string, string][] = [
    ['Inbox — Mail', 'Weekly digest. Your parcel is on its way. Team lunch on Friday? Invoice from Cloudhost attached.'],
    ['Calendar — Week 47', 'Mon 09:00 stand-up. Wed 14:00 appointment with the bank. Fri 12:30 lunch.'],
    ['Reminders', 'Book an appointment for the car. Pay the invoice for the gym. Start the tax return in November.'],
    ['News — Today', 'Train strike on Thursday. Hotel prices rise in November. Parcel deliveries delayed.'],
    ['Spotify', 'Discover Weekly. Liked songs. Start radio.'],
    ['Recipes — Notes', 'Shakshuka for two. Start with onions, then peppers. Serve with bread.'],
    ['Team chat — Slack', 'Can someone review the invoice export? The appointment slots page is down. Train tickets booked for the offsite.'],
    ['Weather', 'Rain until noon, then sun. 11 °C.'],
    ['Bank — Transactions', 'Card payment Albert Heijn €32.10. Hotel Mercure €118.00. November rent €1,150.00.'],
    ['Parcel tracking — PostNL', 'Your parcel will arrive between 14:00 and 16:00.'],
  ];

  beforeEach(async () => {
    n = 0;
    dir = mkdtempSync(join(tmpdir(), 'engram-kin-rank-'));
    store = await openStore({ dataDir: join(dir, 'data'), keyProvider: new StaticKeyProvider(Buffer.alloc(32, 9)), embedder: null });
    for (const [title, text] of BACKGROUND) screen(title, text);
  });
  afterEach(async () => {
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  describe('a rare word over a common one said many times', () => {
    it('the dentist’s appointment, not the garage’s', () => {
      screen('Service booking — Autohaus Berger', 'Your appointment is confirmed. Appointment reminder sent. Change appointment or cancel appointment online.');
      screen('Smile Clinic — Patient portal', 'Dentist check-up with Dr Okafor: Tuesday 15 December, 08:40.');
      expect(first('what day is my dentist appointment')?.window_title).toBe('Smile Clinic — Patient portal');
    });

    it('the forklift invoice, not the page that says invoice everywhere', () => {
      screen('Invoices — Ledgerly', 'Invoice 301 paid. Invoice 302 overdue. Invoice 303 draft. New invoice. Invoice settings.');
      screen('Forklift Service Noord — Invoice', 'Forklift hydraulic hose replaced, labour 2 h. Total due €612.00.');
      expect(first('how much is the forklift invoice')?.window_title).toBe('Forklift Service Noord — Invoice');
    });
  });

  describe('accents part no word from itself', () => {
    it('"Düsseldorf" asked, "Dusseldorf" read', () => {
      screen('Hotel deals — Newsletter', 'Hotel breaks from €59. Hotel of the week. Hotel spa weekends.');
      screen('Booking — Hotel Kranz', 'Hotel Kranz Dusseldorf, check-in Friday 15:00, 2 nights.');
      expect(first('which hotel in Düsseldorf')?.window_title).toBe('Booking — Hotel Kranz');
    });

    it('"Zurich" asked, "Zürich" read', () => {
      screen('Train times — Regional', 'Train to the coast. Train delays. Train strike notice. Train app.');
      screen('SBB — Timetable', 'Zürich HB to Lugano, IC 2 departs 10:09, platform 14.');
      expect(first('when does the Zurich train leave')?.window_title).toBe('SBB — Timetable');
    });
  });

  describe('a word met by its kin', () => {
    it('"Weight" for how heavy, over a page that says "parcel" again and again', () => {
      screen('Parcel lockers — Map', 'Parcel lockers near you. Send a parcel. Parcel tracking. Parcel sizes.');
      screen('Shipment 4471 — Parcel', 'Weight 2.4 kg. Status: in transit.');
      expect(first('how heavy is the parcel')?.text).toContain('Weight 2.4 kg');
    });

    it('a vacation request for "holiday", over a page that says "start" again and again', () => {
      screen('Start menu — Tips', 'Start here. Start a new project. Start the tour. Start over.');
      screen('HR portal — Requests', 'Vacation request approved: start 12 August, back 19 August.');
      expect(first('when does my holiday start')?.text).toContain('Vacation request approved');
    });

    it('the pay slip for "salary", over a page about the month', () => {
      screen('November — Budget', 'November rent. November groceries. November savings. November gifts.');
      screen('Pay slip — Payroll', 'Net pay 3,120.00 for November. Gross wage 4,410.00.');
      expect(first('what was my salary in November')?.window_title).toBe('Pay slip — Payroll');
    });

    it('the flat’s page for "apartment", over another page with the street’s rare name', () => {
      screen('Kanaalstraat — Maps', 'Kanaalstraat, Utrecht: bus stop, market, 62 m from the canal.');
      screen('Listing 55 — Funda', 'Flat on the second floor, 62 m², rent €1,150 per month, Kanaalstraat.');
      expect(first('how big is the apartment on Kanaalstraat')?.window_title).toBe('Listing 55 — Funda');
    });

    it('a page the question’s words never name at all is found by kin, after every one they name', () => {
      screen('Notes', 'Garage closes at six.');
      screen('Quick Fix — Plumbers', 'We mend leaking pipes and boilers, call 020 555 1212.');
      const hits = store.passages.search({ query: 'who can repair the garage door', forgiving: false });
      const titles = hits.map((h) => h.window_title);
      expect(titles.at(-1)).toBe('Quick Fix — Plumbers');
      expect(titles.indexOf('Notes')).toBeLessThan(titles.indexOf('Quick Fix — Plumbers'));
    });
  });

  describe('negatives: the word itself first', () => {
    it('a screen with the asked word over one with only its kin', () => {
      screen('Re: lease — Mail', 'Attorney Berg will review the lease.');
      screen('Re: deposit — Mail', 'Lawyer Okafor will review the deposit claim.');
      expect(first('which lawyer will review it')?.window_title).toBe('Re: deposit — Mail');
    });

    it('two screens with the word: kin decide nothing between equals but add to the one that also says it otherwise', () => {
      screen('Parcel A — Tracking', 'Parcel A: delivered Monday.');
      screen('Parcel B — Tracking', 'Parcel B: weight 3 kg, delivered Monday.');
      expect(rank('how heavy is parcel B', 'weight 3 kg')).toBe(0);
      expect(rank('when was parcel A delivered', 'Parcel A: delivered')).toBe(0);
    });

    it('words with no kin add nothing: the same hits as the words alone', () => {
      screen('Notes', 'Forklift hire quote.');
      screen('Other', 'A quote for the painting.');
      expect(store.passages.search({ query: 'forklift quote', forgiving: false }).map((h) => h.text)).toEqual(['Forklift hire quote.', 'A quote for the painting.']);
      // (neither word has kin: what is found is what the words alone find)
    });
  });

  describe('inside a screen the title found', () => {
    it('the line with the kin word comes first', () => {
      const o = screen('Shipment 4471 — Parcel', 'Parcel 4471: parcel insurance included, parcel care line open', 'Status: in transit', 'Weight 2.4 kg', 'Sender: Oak & Ash');
      // Found first by the line that repeats the title's word (as a memory's passages may come): inside the screen, that word says nothing.
      const hits = store.passages.search({ query: 'parcel', forgiving: false }).filter((h) => h.observation_id === o.id);
      expect(hits[0]?.text).toContain('parcel insurance');
      const ranked = store.passages.withinScreens(new Map<number, PassageHit[]>([[1, hits]]), 'how heavy is the parcel', null);
      expect(ranked.get(1)?.[0]?.text).toContain('Weight 2.4 kg');
    });
  });
});

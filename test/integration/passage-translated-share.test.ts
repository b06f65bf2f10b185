import { describe, expect, it } from 'vitest';
import type { EngramStore } from '../../agents/store/index.js';
import { tempStoreEachTest } from '../helpers/temp-store.js';

/**
 * Issue 30 ("-" misses): a screen in another language the store holds, which says three of the
 * question's words in its own language, came below English screens that each say one of them by
 * chance: a translation weighed half the word. It now weighs most of it (TRANSLATED_SHARE). Made-up
 * screens (a Viennese caretaker's note, English notes), not the bench's pages.
 */
const AT = Date.parse('2026-03-02T09:00:00Z');
const CARETAKER = [
  'Sehr geehrte Bewohnerinnen und Bewohner,',
  'Ablesung der Zähler am Montag: den Schlüssel bitte bei Frau Weber abgeben.',
  'Mit freundlichen Grüßen, Hausbetreuung Leitner',
].join('\n\n');
const BOOK_CLUB = 'Book club: the reading for March is the second half of the novel, chapters 9 to 14.';
const HOTEL = 'Check-out is at 11:00. Please hand your key card to the front desk when you leave.';

describe('a translation weighs most of the word it translates', () => {
  let store: EngramStore;
  let n = 0;
  tempStoreEachTest('engram-translated-share-', (t) => {
    store = t.store;
    n = 0;
  });
  const screen = (title: string, text: string) =>
    store.observations.insert({ kind: 'screen', frame_id: null, audio_id: null, display: ':0', observed_at: AT + n++ * 60_000, app: 'Mail', title, url: null, text, caption: null });

  it('"who do I give my key to for the meter reading" finds the German note above screens that say "reading" or "key" alone', () => {
    screen('Book club — March', BOOK_CLUB);
    screen('Your stay — Hotel Alder', HOTEL);
    screen('Ablesung — Hausbetreuung Leitner', CARETAKER);
    const texts = store.passages.search({ query: 'Who do I give my key to for the meter reading?', forgiving: false }).map((h) => h.text);
    expect(texts[0]).toContain('Frau Weber');
  });

  it('an English screen that says the words themselves still comes first', () => {
    screen('Ablesung — Hausbetreuung Leitner', CARETAKER);
    screen('Notes', 'Meter reading on Monday: leave the key with the caretaker, Mr Hale, flat 1.');
    const texts = store.passages.search({ query: 'Who do I give my key to for the meter reading?', forgiving: false }).map((h) => h.text);
    expect(texts[0]).toContain('Mr Hale');
    expect(texts.some((t) => t.includes('Frau Weber'))).toBe(true);
  });
});

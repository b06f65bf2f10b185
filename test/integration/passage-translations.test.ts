import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, StaticKeyProvider, type EngramStore } from '../../agents/store/index.js';

/**
 * Issue 30: an English question finds a screen in another language through the everyday words'
 * translations, when the store holds screens in that language; English screens rank as before.
 * Made-up screens (a Munich tenancy letter, a Roman dentist, English notes), not the bench's pages.
 */
const AT = Date.parse('2026-03-02T09:00:00Z');
const GERMAN_LETTER = [
  'Sehr geehrter Herr Novak,',
  'die Kaution für Ihre Wohnung in der Isarstraße wird nach der Wohnungsübergabe zurücküberwiesen. Bitte geben Sie alle Schlüssel bei der Hausverwaltung ab.',
  'Mit freundlichen Grüßen, Hausverwaltung Kranz',
].join('\n\n');
const ITALIAN_NOTE = 'Gentile cliente, il suo appuntamento dal dentista è confermato per giovedì alle 9:30. Per spostarlo chiami lo studio. Grazie.';
const ENGLISH_NOTES = [
  'Deposit account: the savings deposit earns interest at a fixed rate until June.',
  'Also, the plants will die if nobody waters them; the rate of watering is once a week.',
].join('\n\n');

describe('English questions meet screens in other languages', () => {
  let dir: string;
  let store: EngramStore;
  let n = 0;
  const screen = (title: string, text: string) =>
    store.observations.insert({ kind: 'screen', frame_id: null, audio_id: null, display: ':0', observed_at: AT + n++ * 60_000, app: 'Mail', title, url: null, text, caption: null });

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'engram-translations-'));
    store = await openStore({ dataDir: join(dir, 'data'), keyProvider: new StaticKeyProvider(Buffer.alloc(32, 7)), embedder: null });
  });
  afterEach(async () => {
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('finds the German letter by "deposit" and "keys", below the English screen that says "deposit" itself', () => {
    screen('Notes', ENGLISH_NOTES);
    screen('Ihre Kaution — Hausverwaltung Kranz', GERMAN_LETTER);
    const hits = store.passages.search({ query: 'When do I get my deposit back?', forgiving: false });
    const texts = hits.map((h) => h.text);
    expect(texts.some((t) => t.includes('Kaution'))).toBe(true);
    expect(texts[0]).toContain('savings deposit');
    expect(store.passages.search({ query: 'who do I give the keys to', forgiving: false })[0]?.text).toContain('Schlüssel');
  });

  it('finds the Italian note by "appointment" and "dentist" only once an Italian screen is held', () => {
    screen('Notes', ENGLISH_NOTES);
    expect(store.passages.search({ query: 'when is my appointment', forgiving: false })).toEqual([]);
    screen('Promemoria — Studio Dentistico', ITALIAN_NOTE);
    expect(store.passages.search({ query: 'when is my appointment', forgiving: false })[0]?.text).toContain('appuntamento');
  });

  it('a store of English screens only searches the words asked, nothing added', () => {
    screen('Notes', ENGLISH_NOTES);
    // "Kaution" is never searched: no screen here is German, so "deposit" finds the English note alone.
    screen('Memo', 'Kaution was the word on the form I could not read.');
    const hits = store.passages.search({ query: 'how much is the deposit', forgiving: false });
    expect(hits.map((h) => h.text)).toEqual([expect.stringContaining('savings deposit')]);
  });

  it('English words that are foreign words too ("also", "die", "rate") find only what they say', () => {
    screen('Ihre Kaution — Hausverwaltung Kranz', GERMAN_LETTER);
    screen('Notes', ENGLISH_NOTES);
    const hits = store.passages.search({ query: 'also die rate', forgiving: false });
    // The German letter holds "die" as its article: found by that word alone, as before, never by a translation.
    for (const h of hits) expect(h.text.includes('rate') || /\bdie\b/i.test(h.text)).toBe(true);
    expect(hits[0]?.text).toContain('rate');
  });

  it('finds a translation inside a German compound or misread by OCR, through the forgiving index', () => {
    // (No screen spells "Schlüssel" right: a word the index knows is searched as a word only.)
    screen('Ablesung — Hausverwaltung Kranz', 'Der Wasserzähler im Keller wird am Montag abgelesen, bitte sorgen Sie für freien Zugang.');
    screen('Nachricht', 'Ich habe den Schliissel beim Nachbarn gelassen, er ist bis Freitag zu Hause.');
    const meter = store.passages.search({ query: 'when is the water meter read' }).map((h) => h.text);
    expect(meter.some((t) => t.includes('Wasserzähler'))).toBe(true);
    const key = store.passages.search({ query: 'where did I leave the key' }).map((h) => h.text);
    expect(key.some((t) => t.includes('Schliissel'))).toBe(true);
  });

  it('a translation on an English screen is chance, not found through it', () => {
    screen('Ihre Kaution — Hausverwaltung Kranz', GERMAN_LETTER);
    screen('Files', 'Uploaded: rechnung-2024.pdf, notes.txt');
    // "invoice" is "Rechnung": the German letter's screen may be met by it, the English file list may not.
    expect(store.passages.search({ query: 'where is the invoice', forgiving: false })).toEqual([]);
  });
});

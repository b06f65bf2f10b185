import type { Database as Db } from 'better-sqlite3-multiple-ciphers';
import { OTHER_LANGUAGES, calendarWords, markerWords, screenLanguages, type OtherLanguage } from '../../shared/text/index.js';
import { ftsQuery } from './query-text.js';

/** Passages read per language to see whether any is written in it (found by its common words). */
const SAMPLE = 40;

/**
 * The languages other than English the store's screens are written in, by the text itself (a
 * screen OCR'd with the English model still reads as Spanish): passages holding a language's
 * common words are read, and the language is held when one of them reads as it. Kept until the
 * passages change (their highest seq), so a search asks once per new screen, not per query.
 */
export class PassageLanguages {
  private known: { top: number; langs: ReadonlySet<OtherLanguage> } | null = null;
  private readonly screens = new Map<string, boolean>();

  constructor(private readonly db: Db) {}

  held(): ReadonlySet<OtherLanguage> {
    const top = (this.db.prepare('SELECT max(seq) FROM passages').pluck().get() as number | null) ?? 0;
    if (this.known?.top === top) return this.known.langs;
    const langs = new Set<OtherLanguage>();
    const sample = this.db.prepare(
      `SELECT p.text FROM passage_fts f JOIN passages p ON p.seq = f.rowid WHERE passage_fts MATCH ? LIMIT ${SAMPLE}`,
    );
    for (const lang of OTHER_LANGUAGES) {
      // By its function words, or, for screens of labels and dates (a calendar, a tracker), its month and weekday names.
      const found = (words: string[]) => (sample.pluck().all(ftsQuery(words)!) as string[]).some((t) => screenLanguages(t).includes(lang));
      if (found(markerWords(lang)) || found(calendarWords(lang))) langs.add(lang);
    }
    this.known = { top, langs };
    return langs;
  }

  /**
   * Whether the screen an observation holds is written in another language, by its whole text (a
   * label passage alone says nothing): a translation found on an English screen ("vélo" in a file
   * name) is chance, not the question's word in that screen's language.
   */
  foreignScreen(observationId: string): boolean {
    let v = this.screens.get(observationId);
    if (v === undefined) {
      const text = this.db.prepare('SELECT text FROM observations WHERE id = ?').pluck().get(observationId) as string | undefined;
      v = text !== undefined && screenLanguages(text).length > 0;
      if (this.screens.size >= SCREENS_KEPT) this.screens.clear();
      this.screens.set(observationId, v);
    }
    return v;
  }
}

/** Screens whose language is remembered (a search reads at most a pool of them). */
const SCREENS_KEPT = 2000;

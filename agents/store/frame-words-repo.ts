import type { Database as Db } from 'better-sqlite3-multiple-ciphers';
import { z } from 'zod';
import { toStoreError } from './errors.js';
import { packWords, unpackWords, type PackedWord } from './frame-words-codec.js';

/** One word OCR read on a frame: its (redacted) text, its box in the OCR image's pixels, tesseract's confidence 0..100. */
export interface FrameWord {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  confidence: number;
}

/** A frame's words and the size of the image their boxes are measured in (the OCR image, often smaller than the frame). */
export interface FrameWords {
  width: number;
  height: number;
  words: FrameWord[];
}

const MAX_WORDS = 20_000;
const Stored = z.array(z.tuple([z.string().max(2000), z.number(), z.number(), z.number(), z.number(), z.number()])).max(MAX_WORDS);

/**
 * The word boxes of frames (migration 015): one row per frame, removed with it by the foreign key.
 * `words` holds the packed blob (frame-words-codec.ts, migration 017); a JSON text is read as well.
 */
export class FrameWordsRepo {
  constructor(private readonly db: Db) {}

  /** Stores (or replaces) a frame's words; false when the frame is gone (recycled or forgotten meanwhile). */
  put(frameId: string, fw: FrameWords): boolean {
    const words = fw.words.slice(0, MAX_WORDS).map((w): PackedWord => [w.text.slice(0, 2000), Math.round(w.x0), Math.round(w.y0), Math.round(w.x1), Math.round(w.y1), Math.round(w.confidence)]);
    try {
      const r = this.db
        .prepare('INSERT OR REPLACE INTO frame_words (frame_id, width, height, words) SELECT id, ?, ?, ? FROM frames WHERE id = ?')
        .run(Math.round(fw.width), Math.round(fw.height), packWords(words), frameId);
      return r.changes > 0;
    } catch (err) {
      throw toStoreError(err, 'storing word boxes');
    }
  }

  /** A frame's words, or null when none were kept (OCR off, read before version 14, frame gone) or the row does not read. */
  get(frameId: string): FrameWords | null {
    const row = this.db.prepare('SELECT width, height, words FROM frame_words WHERE frame_id = ?').get(frameId) as { width: number; height: number; words: string | Buffer } | undefined;
    if (!row) return null;
    let parsed;
    try {
      parsed = Stored.safeParse(typeof row.words === 'string' ? JSON.parse(row.words) : unpackWords(row.words));
    } catch {
      return null;
    }
    if (!parsed.success) return null;
    return { width: row.width, height: row.height, words: parsed.data.map(([text, x0, y0, x1, y1, confidence]) => ({ text, x0, y0, x1, y1, confidence })) };
  }

  count(): number {
    return (this.db.prepare('SELECT count(*) AS n FROM frame_words').get() as { n: number }).n;
  }
}

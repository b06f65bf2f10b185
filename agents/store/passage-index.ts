import type { Database as Db, Statement } from 'better-sqlite3-multiple-ciphers';
import { passageHash, splitPassages } from './passage-split.js';
import { trigramWriter } from './passage-trigram.js';

export interface PassageSource {
  id: string;
  observed_at: number;
  app: string | null;
  title: string | null;
  url: string | null;
  text: string;
  /** A model's caption of the frame: searched and cited like the text (its passage comes first, position -1). */
  caption?: string | null;
}

interface Statements {
  find: Statement;
  insert: Statement;
  fts: Statement;
  sighting: Statement;
}

const cache = new WeakMap<Db, Statements>();

function statements(db: Db): Statements {
  let s = cache.get(db);
  if (!s) {
    s = {
      find: db.prepare('SELECT seq FROM passages WHERE hash = ?').pluck(),
      insert: db.prepare('INSERT INTO passages (hash, kind, text, first_seen_at) VALUES (?, ?, ?, ?)'),
      fts: db.prepare('INSERT INTO passage_fts (rowid, text, place) VALUES (?, ?, ?)'),
      sighting: db.prepare('INSERT OR IGNORE INTO passage_sightings (passage_seq, observation_id, seen_at, position) VALUES (?, ?, ?, ?)'),
    };
    cache.set(db, s);
  }
  return s;
}

/** Where a passage was seen, as words BM25 can match ("the Northwind Air check-in page"). */
export function placeOf(o: Pick<PassageSource, 'app' | 'title' | 'url'>): string {
  return [o.title, o.app, o.url].filter((x): x is string => typeof x === 'string' && x.trim() !== '').join(' — ');
}

/**
 * Splits one screen observation into passages and records where each was seen. A passage already
 * known (same words: an unchanged part of the screen) is not stored or indexed again; only the
 * sighting is added. Call inside the transaction that stores the observation.
 */
export function indexObservationPassages(db: Db, o: PassageSource): { passages: number; added: number } {
  const s = statements(db);
  const caption = o.caption?.trim();
  const parts = [...(caption ? [{ kind: 'paragraph' as const, text: caption, position: -1 }] : []), ...splitPassages(o.text)];
  let added = 0;
  let trigrams: ((seq: number, text: string) => void) | null | undefined;
  for (const p of parts) {
    const hash = passageHash(p.text);
    let seq = s.find.get(hash) as number | undefined;
    if (seq === undefined) {
      seq = Number(s.insert.run(hash, p.kind, p.text, o.observed_at).lastInsertRowid);
      s.fts.run(seq, p.text, placeOf(o));
      trigrams ??= trigramWriter(db);
      trigrams?.(seq, p.text);
      added++;
    }
    s.sighting.run(seq, o.id, o.observed_at, p.position);
  }
  return { passages: parts.length, added };
}

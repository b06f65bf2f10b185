import type { Database as Db, Statement } from 'better-sqlite3-multiple-ciphers';
import type { Provenance } from '../../shared/index.js';
import { DETECTORS_VERSION, findSecretsIn, redactText, redactionMarker, secretsByLayout, type LaidOutSecret, type RedactionSwitches } from '../../shared/redaction/index.js';
import { FtsIndex } from './fts-index.js';
import { CarriedSecrets } from './rescrub-carry.js';
import { ShortVaultValues } from './vault-short-values.js';
import { packWords, unpackWords, type PackedWord } from './frame-words-codec.js';
import { contentHash, type MemoryRow } from './memory-codec.js';
import { EDITED_BY_USER } from './memory-repo.js';
import { nameKey } from './entity-names.js';
import { indexObservationPassages } from './passage-index.js';
import { passageHash, splitPassages } from './passage-split.js';
import type { VectorIndex } from './vector-index.js';

/**
 * The re-scrub: text kept before the detectors learned a shape (shared/redaction DETECTORS_VERSION)
 * is run through the redactor again, so a secret stored in clear by an older Engram is masked
 * after the upgrade, wherever it was readable: observations (OCR text, captions, window titles) and
 * the passages made of them, frames' titles and OCR words, memories (title, text, details, fields),
 * the graph's fact statements and entity summaries, memories' edit history, chat messages, thread
 * titles and summaries.
 *
 * The store records the generation its text was redacted with (meta `redaction_version`; a store
 * without one was written before the generations were counted: 0). While it is older, the pass
 * runs in slices: one batch of rows of one table, in one transaction that also moves the cursor
 * (meta `redaction_rescrub`: the target generation, the table, the last rowid done), so a crash
 * loses at most the batch it was in and the next start goes on from there. Only rows whose text
 * changes are written; their keyword rows follow in the same transaction (passages re-split from
 * the masked text, memory FTS rows rewritten with their neighbours' context) and their vectors are
 * dropped, to be embedded again from the masked text. Knowledge-vault entries are left as they are:
 * they are where secrets are kept on purpose, masked. What a batch takes out (observations' text,
 * titles and captions, and everything of the kept tables) is handed, with where it was, to the
 * caller's `keep` inside the batch's transaction: the brain puts it in the vault there, so the
 * masked text and the vault entry commit together or not at all.
 *
 * A value found where no text detector could (a settings pane's password, paired with its label by
 * the frame's word boxes) is masked in every later text that quotes it alone: each slice also looks
 * for the values the vault holds, and the ones it took out itself (rescrub-carry.ts), in every row
 * of the slice, before or after the row that gave it up. Rows of earlier slices are reached by a
 * second round (the cursor's `sweep`), once a row gave up a value the vault did not hold: every
 * table again from the start, redacting only the rows that quote a value the vault holds.
 */

export const REDACTION_VERSION_KEY = 'redaction_version';
const CURSOR_KEY = 'redaction_rescrub';
/**
 * Set by the vault's triggers (migration 023) when a value new to the vault is written: every kept
 * text goes through a second-round sweep for the vault's values (trust53). Cleared by the slice that
 * starts that sweep, in its transaction.
 */
export const VAULT_DUE_KEY = 'redaction_vault_due';

/** What a slice did. */
export interface RescrubSlice {
  /** True once every table is done and the store is stamped with the current generation. */
  done: boolean;
  /** Rows read in this slice. */
  rows: number;
  /** Rows written back (their text had a secret the redactor now finds). */
  changed: number;
  /** Secrets masked in this slice. */
  masked: number;
  /** Memories and observations changed (for the store's events). */
  memoryIds: string[];
  observationIds: string[];
  /** Secrets handed to `keep` (numbers only: the values never leave the transaction's callback). */
  kept: number;
}

/** The row a secret was taken out of: what the vault entry says it came from. */
export type RescrubPlace =
  | { table: 'observations'; id: string; app: string | null; url: string | null }
  /** Chat: a message, a thread's title, a thread's summary; `thread` is the thread's title as the pass leaves it. */
  | { table: 'messages' | 'threads' | 'thread_summaries'; id: string; thread: string | null }
  /** What the brain kept: a memory, an earlier version of one, a graph fact, an entity's summary; `name` as the pass leaves it. */
  | { table: 'memories' | 'memory_history' | 'graph_facts' | 'entities'; id: string; name: string };

/**
 * A secret the pass took out of kept text, with its value: the brain keeps it in the knowledge
 * vault, masked, as it keeps what capture or chat hands it live. Never logged.
 */
export interface RescrubbedSecret {
  kind: string;
  value: string;
  /** The word that labelled it ("Password", "IBAN") and what the text says it is for ("wifi"). */
  label: string | null;
  purpose: string | null;
  place: RescrubPlace;
  /** The text it stood in as the pass leaves it (markers in place), and where its marker starts. */
  masked: string;
  markerAt: number;
  /** When that text was seen or written (ms). */
  at: number;
  /** The screens and messages the row came from (the vault entry cites them). */
  provenance: Provenance[];
}

/** Runs inside the batch's transaction with what the batch took out; a throw undoes the batch. */
export type KeepRescrubbed = (found: RescrubbedSecret[]) => void;

/** A secret as the scrubber collects it, before its row says where and when. */
type Taken = Omit<RescrubbedSecret, 'place' | 'at' | 'provenance'>;

interface Cursor {
  version: number;
  step: number;
  after: number;
  /** A row gave up a value no earlier row could be searched for (not in the vault then): the pass goes round once more. */
  gaveUp?: boolean;
  /** That second round: only rows quoting a value the vault holds are redacted again. */
  sweep?: boolean;
  /** A value came into the vault while the first round ran: the second round follows, whether or not the caller keeps what is found. */
  vault?: boolean;
}

export interface RescrubDeps {
  db: Db;
  fts: FtsIndex;
  memoryVectors: VectorIndex | null;
  /** Values carried besides the database's own vault's: a backup re-scrubbed with the live store's vault (backup-rescrub.ts). */
  alsoCarry?: readonly VaultValue[];
}

/** A knowledge-vault value as the carry takes it. */
export interface VaultValue {
  kind: string;
  value: string;
  /** The entry's title: its words name a short value where text gives it ("gym locker 4471"). */
  title?: string;
}

/** A screen's words, and the copies of the vault's short values its layout gives as values, each with the words holding it. */
interface ByLayout {
  words: readonly PackedWord[];
  placed: readonly { value: string; words: readonly number[] }[];
}

/**
 * Where each word stands in a text read from the same screen: words and text come from one OCR
 * reading, in one order, so each word is looked for whole, a little after the one before it. A word
 * not found near (masked since, or read apart) is left without a place, and the reading goes on.
 */
function wordPlaces(text: string, words: readonly PackedWord[]): ([number, number] | null)[] {
  const out: ([number, number] | null)[] = [];
  const lower = text.toLowerCase();
  let at = 0;
  for (const w of words) {
    const t = w[0].toLowerCase();
    let found: [number, number] | null = null;
    if (t) {
      for (let i = lower.indexOf(t, at); i >= 0 && i - at <= WORD_REACH; i = lower.indexOf(t, i + 1)) {
        const before = lower[i - 1];
        const after = lower[i + t.length];
        if ((before === undefined || !/[\p{L}\p{N}]/u.test(before)) && (after === undefined || !/[\p{L}\p{N}]/u.test(after))) {
          found = [i, i + t.length];
          break;
        }
      }
    }
    out.push(found);
    if (found) at = found[1];
  }
  return out;
}

/** How far past the last word placed the next word may stand in the text (a line of OCR noise between). */
const WORD_REACH = 200;
/** The share of a screen's words that must stand in its text, in order, for a copy's place there to be trusted. */
const PLACED_SHARE = 0.75;

interface Scrubber {
  /**
   * Redacts a text (with the values its screen's layout pairs with a label, and the vault's short
   * values its layout gives as values: byLayout); `null` stays `null`. Counts what it masks and collects it for the row.
   */
  text(s: string, laidOut?: readonly LaidOutSecret[], layout?: ByLayout | null): string;
  nullable(s: string | null): string | null;
  /** Every string inside a JSON value, redacted. */
  json(v: unknown): unknown;
  /** What was taken out since the last call (the row's secrets), emptied. */
  take(): Taken[];
  /** Masks a value taken out of a row in every later text of the slice (rescrub-carry.ts). */
  carry(kind: string, value: string): void;
  /** The secrets a text quotes without their label (values the vault or this slice holds), for the redactor. */
  carried(text: string): LaidOutSecret[];
  /** The vault's short values a text gives as values (vault-short-values.ts), for the redactor: words read as one text. */
  given(text: string): LaidOutSecret[];
  /** The vault's short values a screen's word boxes give as values (a form's label over its value, in columns OCR read apart). */
  byLayout(words: readonly PackedWord[]): string[];
  /** The same, each copy with the words that hold it (the copy under or beside its label), and the words: for a text those words were read as. */
  placedByLayout(words: readonly PackedWord[]): ByLayout;
  /** Whether any string of a row (inside JSON too) quotes a value the vault or this slice holds, long or short: the sweep's pick. */
  quoted(v: unknown): boolean;
  /** The values rows gave up that the carry did not hold, since the last call (emptied). */
  fresh(): CarriedSecrets;
  /** Every value carried: the vault's and this slice's. */
  known(): CarriedSecrets;
}

interface Step {
  table: string;
  /** Rows after a rowid, in rowid order; each has `rid`. */
  select: string;
  /** Writes the row back if its text changed; returns whether it did. */
  apply(row: Record<string, unknown>, s: Scrubber, out: SliceState): boolean;
  /** Whether the row quotes a value the vault holds, where its text is not a plain column or has a layout (Scrubber.quoted otherwise). */
  quotes?(row: Record<string, unknown>, s: Scrubber): boolean;
}

/** A slice's result while it runs, with the secrets its rows gave up. */
type SliceState = RescrubSlice & { found: RescrubbedSecret[] };

/** The row's secrets, with where they were, when, and what the row came from; carried into the slice's later rows. */
function collect(out: SliceState, s: Scrubber, place: RescrubPlace, at: number, provenance: () => Provenance[]): void {
  const taken = s.take();
  if (!taken.length) return;
  const cites = provenance();
  for (const t of taken) {
    out.found.push({ ...t, place, at, provenance: cites });
    s.carry(t.kind, t.value);
  }
}

/** The screens and messages a memory came from (a vault entry cites them as it would the memory). */
function memorySources(db: Db, memoryIds: string[]): Provenance[] {
  if (!memoryIds.length) return [];
  return stmt(db, 'SELECT DISTINCT source_type, source_id FROM provenance WHERE memory_id IN (SELECT value FROM json_each(?)) ORDER BY source_type, source_id LIMIT 50').all(JSON.stringify(memoryIds)) as Provenance[];
}

/** The generation the store's text was redacted with (0: before generations were recorded). */
export function storedRedactionVersion(db: Db): number {
  const v = db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(REDACTION_VERSION_KEY) as string | undefined;
  const n = v === undefined ? 0 : Number(v);
  return Number.isFinite(n) ? n : 0;
}

/**
 * Marks every kept text as not yet checked by these detectors: text that came in from elsewhere (an
 * archive or an export written by an older Engram) was redacted with whatever detectors that one
 * had, so the whole store goes through the pass again, from the first row of the first table.
 */
export function rescrubFromStart(db: Db): void {
  setMeta(db, REDACTION_VERSION_KEY, '0');
  db.prepare('DELETE FROM meta WHERE key = ?').run(CURSOR_KEY);
}

/**
 * Whether kept text still waits for a pass: one with the current detectors, or a sweep for values
 * new to the vault (asked for, or under way: its cursor is there until it is done).
 */
export function rescrubDue(db: Db): boolean {
  return storedRedactionVersion(db) < DETECTORS_VERSION || !!db.prepare('SELECT 1 FROM meta WHERE key IN (?, ?)').get(VAULT_DUE_KEY, CURSOR_KEY);
}

/** Whether kept text waits for the current detectors (not only for a sweep for new vault values). */
export function detectorPassDue(db: Db): boolean {
  return storedRedactionVersion(db) < DETECTORS_VERSION;
}

/** Whether a value came into the vault since the last sweep began. */
function vaultDue(db: Db): boolean {
  return !!db.prepare('SELECT 1 FROM meta WHERE key = ?').get(VAULT_DUE_KEY);
}

/** Any string inside a value (JSON text too) for which the test holds. */
function anyString(v: unknown, test: (s: string) => boolean): boolean {
  if (typeof v === 'string') {
    if (test(v)) return true;
    if (!/^\s*[[{]/.test(v)) return false;
    try {
      return anyString(JSON.parse(v) as unknown, test);
    } catch {
      return false;
    }
  }
  if (Array.isArray(v)) return v.some((x) => anyString(x, test));
  if (v && typeof v === 'object' && !Buffer.isBuffer(v)) return Object.values(v).some((x) => anyString(x, test));
  return false;
}

function setMeta(db: Db, key: string, value: string): void {
  db.prepare('INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, value);
}

function readCursor(db: Db): Cursor {
  const raw = db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(CURSOR_KEY) as string | undefined;
  if (raw) {
    try {
      const c = JSON.parse(raw) as Partial<Cursor>;
      // A cursor of an older target starts over: the newer detectors may find more in rows already done.
      if (c.version === DETECTORS_VERSION && Number.isInteger(c.step) && Number.isInteger(c.after)) return { version: c.version, step: c.step!, after: c.after!, gaveUp: c.gaveUp === true, sweep: c.sweep === true, vault: c.vault === true };
    } catch {
      // unreadable: start over
    }
  }
  return { version: DETECTORS_VERSION, step: 0, after: 0 };
}

/** A word's text once it held (part of) a secret: the box stays, its text does not (as capture keeps them). */
const REDACTED_WORD = '[redacted]';

/** Secrets a frame's kept word boxes pair with their label (a label column beside a value column), as capture pairs them now. */
function laidOutIn(words: PackedWord[]): LaidOutSecret[] {
  return secretsByLayout(words.map((w) => ({ text: w[0], x0: w[1], y0: w[2], x1: w[3], y1: w[4] })));
}

/** A frame's kept words, or null when it kept none (or they do not read). */
function frameWords(raw: string | Buffer | undefined): PackedWord[] | null {
  if (raw === undefined) return null;
  let words: PackedWord[] | null;
  try {
    words = typeof raw === 'string' ? (JSON.parse(raw) as PackedWord[]) : unpackWords(raw);
  } catch {
    return null;
  }
  return Array.isArray(words) && words.every((w) => Array.isArray(w) && typeof w[0] === 'string') ? words : null;
}

/** Each time a rescrub step is built, its statements are prepared once per connection. */
const prepared = new WeakMap<Db, Map<string, Statement>>();
function stmt(db: Db, sql: string): Statement {
  let m = prepared.get(db);
  if (!m) prepared.set(db, (m = new Map()));
  let s = m.get(sql);
  if (!s) m.set(sql, (s = db.prepare(sql)));
  return s;
}

/** The tables in the order the pass takes them: what capture kept, then memories, then chat. */
function steps(d: RescrubDeps, switches: RedactionSwitches, s: Scrubber): Step[] {
  return [...sensedSteps(d, switches), ...keptSteps(d, switches, s)];
}

/** What capture kept: observations (with their passages), frames' titles, frames' OCR words. */
function sensedSteps(d: RescrubDeps, switches: RedactionSwitches): Step[] {
  const { db } = d;
  return [
    {
      table: 'observations',
      select: 'SELECT rowid AS rid, id, kind, frame_id, observed_at, app, title, url, text, caption FROM observations WHERE rowid > ? ORDER BY rowid LIMIT ?',
      apply(r, s, out) {
        const o = r as { id: string; kind: string; frame_id: string | null; observed_at: number; app: string | null; title: string | null; url: string | null; text: string; caption: string | null };
        const title = s.nullable(o.title);
        const url = s.nullable(o.url);
        // A screen's label and value read as separate columns: its frame's kept boxes pair them.
        const words = o.frame_id ? frameWords(stmt(db, 'SELECT words FROM frame_words WHERE frame_id = ?').pluck().get(o.frame_id) as string | Buffer | undefined) : null;
        const text = s.text(o.text, words ? laidOutIn(words) : [], words ? s.placedByLayout(words) : null);
        const caption = s.nullable(o.caption);
        if (title === o.title && url === o.url && text === o.text && caption === o.caption) return false;
        stmt(db, 'UPDATE observations SET title = ?, url = ?, text = ?, caption = ? WHERE id = ?').run(title, url, text, caption, o.id);
        if (o.kind === 'screen') {
          // Its passages are made again from the masked text: the masked ones are indexed anew, the
          // unchanged ones keep their rows (and vectors), and a passage that held the secret loses
          // this sighting; with its last one it goes, and its keyword, trigram and vector rows with
          // it (triggers). The hashes as indexObservationPassages makes them: the caption, then the text's passages.
          indexObservationPassages(db, { id: o.id, observed_at: o.observed_at, app: o.app, title, url, text, caption });
          const hashes = [...(caption?.trim() ? [caption.trim()] : []), ...splitPassages(text).map((p) => p.text)].map(passageHash);
          stmt(db, 'DELETE FROM passage_sightings WHERE observation_id = ? AND passage_seq NOT IN (SELECT seq FROM passages WHERE hash IN (SELECT value FROM json_each(?)))').run(o.id, JSON.stringify(hashes));
        }
        out.observationIds.push(o.id);
        // The window's fields as the pass leaves them: the vault entry says where it was seen.
        collect(out, s, { table: 'observations', id: o.id, app: o.app, url }, o.observed_at, () => [{ source_type: 'observation', source_id: o.id }]);
        return true;
      },
      quotes(r, s) {
        if (s.quoted(r)) return true;
        // A short value its screen's layout gives as a value, which its text alone does not show.
        const o = r as { frame_id: string | null };
        const words = o.frame_id ? frameWords(stmt(db, 'SELECT words FROM frame_words WHERE frame_id = ?').pluck().get(o.frame_id) as string | Buffer | undefined) : null;
        return !!words && s.byLayout(words).length > 0;
      },
    },
    {
      table: 'frames',
      select: 'SELECT rowid AS rid, id, title, url FROM frames WHERE rowid > ? ORDER BY rowid LIMIT ?',
      apply(r, s) {
        const f = r as { id: string; title: string | null; url: string | null };
        const title = s.nullable(f.title);
        const url = s.nullable(f.url);
        if (title === f.title && url === f.url) return false;
        stmt(db, 'UPDATE frames SET title = ?, url = ? WHERE id = ?').run(title, url, f.id);
        return true;
      },
    },
    {
      table: 'frame_words',
      select: 'SELECT rowid AS rid, frame_id, words FROM frame_words WHERE rowid > ? ORDER BY rowid LIMIT ?',
      apply(r, s, out) {
        const f = r as { frame_id: string; words: string | Buffer };
        const words = frameWords(f.words);
        if (!words) return false;
        // The words in reading order, one text, as capture judged them (word-boxes.ts).
        let text = '';
        const spans = words.map((w) => {
          if (text) text += ' ';
          const start = text.length;
          text += w[0];
          return { start, end: text.length };
        });
        // Its own label-value pairs, and values the vault holds that its words quote alone.
        const found = findSecretsIn(text, switches, [...laidOutIn(words), ...s.carried(text), ...s.given(text)]);
        // The vault's short values its layout gives as values: the words of that copy alone (a form's
        // "Locker" over "4471"), not "Room 4471" elsewhere on the screen.
        const byLayout = switches.passwords ? s.placedByLayout(words).placed : [];
        const held = new Set(byLayout.flatMap((p) => p.words));
        if (!found.length && !held.size) return false;
        let hit = 0;
        const next = words.map((w, i): PackedWord => {
          const sp = spans[i]!;
          if (w[0] === REDACTED_WORD || (!held.has(i) && !found.some((x) => sp.start < x.end && sp.end > x.start))) return w;
          hit++;
          return [REDACTED_WORD, w[1], w[2], w[3], w[4], w[5]];
        });
        if (!hit) return false;
        out.masked += found.length + byLayout.length;
        stmt(db, 'UPDATE frame_words SET words = ? WHERE frame_id = ?').run(packWords(next), f.frame_id);
        return true;
      },
      quotes(r, s) {
        const words = frameWords((r as { words: string | Buffer }).words);
        return !!words && (s.quoted(words.map((w) => w[0]).join(' ')) || s.byLayout(words).length > 0);
      },
    },
  ];
}

/**
 * Memories the user edited by hand in the window, left as the user wrote them (with their history):
 * a code typed into a note on purpose stays where the user put it, not moved into the vault.
 */
const EDITED_BY_HAND = `SELECT memory_id FROM memory_history WHERE reason = '${EDITED_BY_USER.replace(/'/g, "''")}'`;

/** What the brain and chat kept: memories, the graph's facts and summaries, memory history, messages, thread titles and summaries. */
function keptSteps(d: RescrubDeps, switches: RedactionSwitches, sc: Scrubber): Step[] {
  const { db } = d;
  // A name or title a vault entry quotes, read before its own step masks it: redacted here, never collected.
  const clean = (t: string | null): string | null => (t === null ? null : redactText(t, switches, sc.carried(t)).text);
  return [
    {
      table: 'memories',
      select: `SELECT seq AS rid, * FROM memories WHERE seq > ? AND kind <> 'knowledge_vault' AND id NOT IN (${EDITED_BY_HAND}) ORDER BY seq LIMIT ?`,
      apply(r, s, out) {
        const m = r as unknown as MemoryRow;
        const title = s.text(m.title);
        const text = s.text(m.text);
        const details = s.text(m.details);
        let fields = m.fields;
        try {
          const parsed = JSON.parse(m.fields) as unknown;
          const scrubbed = JSON.stringify(s.json(parsed));
          if (scrubbed !== JSON.stringify(parsed)) fields = scrubbed;
        } catch {
          // fields always hold JSON; one that does not parse is left alone
        }
        if (title === m.title && text === m.text && details === m.details && fields === m.fields) return false;
        // No history row: the version before would keep the secret. The same generation of the
        // memory, masked; its keyword row and its neighbour's context follow, its vector goes.
        const around = d.fts.around(m);
        const hash = contentHash([title, text]);
        stmt(db, 'UPDATE memories SET title = ?, text = ?, details = ?, fields = ?, content_hash = ?, embedded = CASE WHEN content_hash = ? THEN embedded ELSE 0 END WHERE seq = ?').run(
          title,
          text,
          details,
          fields,
          hash,
          hash,
          m.seq,
        );
        const row = stmt(db, 'SELECT * FROM memories WHERE seq = ?').get(m.seq) as MemoryRow;
        d.fts.changed(row, around);
        if (!row.embedded) d.memoryVectors?.delete(row.seq);
        // Not logged for sync: every device masks its own copy (its own pass, or on arrival from an
        // older sender), while a masked edit sent from here would overwrite the copy on the device where
        // the user typed it, which its own pass leaves as written (EDITED_BY_HAND above).
        out.memoryIds.push(row.id);
        collect(out, s, { table: 'memories', id: row.id, name: title }, m.occurred_at ?? m.created_at, () => memorySources(db, [row.id]));
        return true;
      },
    },
    {
      table: 'graph_facts',
      select: 'SELECT rowid AS rid, id, statement, fact_key, occurred_at, created_at FROM graph_facts WHERE rowid > ? ORDER BY rowid LIMIT ?',
      apply(r, s, out) {
        const f = r as { id: string; statement: string; fact_key: string; occurred_at: number | null; created_at: number };
        const statement = s.text(f.statement);
        if (statement === f.statement) return false;
        // The fact's key ends with its statement's name key: it holds the secret too.
        const old = nameKey(f.statement);
        const head = f.fact_key.endsWith(`|${old}`) ? f.fact_key.slice(0, f.fact_key.length - old.length) : `${f.fact_key}|`;
        let key = head + nameKey(statement);
        if (stmt(db, 'SELECT 1 FROM graph_facts WHERE fact_key = ? AND id <> ?').get(key, f.id)) key = `${key}#${f.id}`;
        stmt(db, 'UPDATE graph_facts SET statement = ?, fact_key = ? WHERE id = ?').run(statement, key, f.id);
        // Cited as the memories the fact was read from are.
        collect(out, s, { table: 'graph_facts', id: f.id, name: statement }, f.occurred_at ?? f.created_at, () =>
          memorySources(db, stmt(db, 'SELECT memory_id FROM fact_sources WHERE fact_id = ?').pluck().all(f.id) as string[]),
        );
        return true;
      },
    },
    {
      table: 'entities',
      select: 'SELECT rowid AS rid, id, name, summary, updated_at FROM entities WHERE rowid > ? ORDER BY rowid LIMIT ?',
      apply(r, s, out) {
        const e = r as { id: string; name: string; summary: string; updated_at: number };
        const summary = s.text(e.summary);
        if (summary === e.summary) return false;
        stmt(db, 'UPDATE entities SET summary = ? WHERE id = ?').run(summary, e.id);
        // A summary is written from the facts the entity takes part in: cited as their memories are.
        collect(out, s, { table: 'entities', id: e.id, name: clean(e.name) ?? '' }, e.updated_at, () =>
          memorySources(db, stmt(db, 'SELECT DISTINCT s.memory_id FROM fact_participants p JOIN fact_sources s ON s.fact_id = p.fact_id WHERE p.entity_id = ? LIMIT 50').pluck().all(e.id) as string[]),
        );
        return true;
      },
    },
    {
      table: 'memory_history',
      select: `SELECT id AS rid, memory_id, changed_at, snapshot FROM memory_history WHERE id > ? AND memory_id NOT IN (${EDITED_BY_HAND}) ORDER BY id LIMIT ?`,
      apply(r, s, out) {
        const h = r as { rid: number; memory_id: string; changed_at: number; snapshot: string };
        let snap: unknown;
        try {
          snap = JSON.parse(h.snapshot);
        } catch {
          return false;
        }
        if (typeof snap === 'object' && snap !== null && (snap as { kind?: unknown }).kind === 'knowledge_vault') return false;
        const masked = s.json(snap);
        const next = JSON.stringify(masked);
        if (next === JSON.stringify(snap)) return false;
        stmt(db, 'UPDATE memory_history SET snapshot = ? WHERE id = ?').run(next, h.rid);
        // An earlier version of a memory: named and cited as the memory is.
        const name = (masked as { title?: unknown }).title;
        collect(out, s, { table: 'memory_history', id: h.memory_id, name: typeof name === 'string' ? name : '' }, h.changed_at, () => memorySources(db, [h.memory_id]));
        return true;
      },
    },
    {
      table: 'messages',
      select: 'SELECT m.rowid AS rid, m.id, m.text, m.raw, m.created_at, t.title AS thread FROM messages m LEFT JOIN threads t ON t.id = m.thread_id WHERE m.rowid > ? ORDER BY m.rowid LIMIT ?',
      apply(r, s, out) {
        const m = r as { id: string; text: string; raw: string; created_at: number; thread: string | null };
        const text = s.text(m.text);
        let raw = m.raw;
        try {
          const parsed = JSON.parse(m.raw) as unknown;
          const next = JSON.stringify(s.json(parsed));
          if (next !== JSON.stringify(parsed)) raw = next;
        } catch {
          // not JSON: left alone
        }
        if (text === m.text && raw === m.raw) return false;
        stmt(db, 'UPDATE messages SET text = ?, raw = ? WHERE id = ?').run(text, raw, m.id);
        collect(out, s, { table: 'messages', id: m.id, thread: clean(m.thread) }, m.created_at, () => [{ source_type: 'message', source_id: m.id }]);
        return true;
      },
    },
    {
      table: 'threads',
      select: 'SELECT rowid AS rid, id, title, created_at FROM threads WHERE rowid > ? ORDER BY rowid LIMIT ?',
      apply(r, s, out) {
        const t = r as { id: string; title: string; created_at: number };
        const title = s.text(t.title);
        if (title === t.title) return false;
        stmt(db, 'UPDATE threads SET title = ? WHERE id = ?').run(title, t.id);
        // A title is made from the thread's first question: cited as that message.
        const first = stmt(db, "SELECT id FROM messages WHERE thread_id = ? AND role = 'user' ORDER BY created_at, rowid LIMIT 1").pluck().get(t.id) as string | undefined;
        collect(out, s, { table: 'threads', id: t.id, thread: title }, t.created_at, () => (first ? [{ source_type: 'message', source_id: first }] : []));
        return true;
      },
    },
    {
      table: 'thread_summaries',
      select: 'SELECT s.rowid AS rid, s.thread_id, s.summary, s.through_message_id, s.updated_at, t.title AS thread FROM thread_summaries s LEFT JOIN threads t ON t.id = s.thread_id WHERE s.rowid > ? ORDER BY s.rowid LIMIT ?',
      apply(r, s, out) {
        const t = r as { thread_id: string; summary: string; through_message_id: string; updated_at: number; thread: string | null };
        const summary = s.text(t.summary);
        if (summary === t.summary) return false;
        stmt(db, 'UPDATE thread_summaries SET summary = ? WHERE thread_id = ?').run(summary, t.thread_id);
        collect(out, s, { table: 'thread_summaries', id: t.thread_id, thread: clean(t.thread) }, t.updated_at, () => [{ source_type: 'message', source_id: t.through_message_id }]);
        return true;
      },
    },
  ];
}

/** Two lists of spans in text order as one, in text order, none overlapping (the earlier kept). */
function joinSpans(a: [number, number][], b: [number, number][]): [number, number][] {
  if (!b.length) return a;
  const out: [number, number][] = [];
  for (const sp of [...a, ...b].sort((x, y) => x[0] - y[0] || y[1] - x[1])) if (!out.length || sp[0] >= out[out.length - 1]![1]) out.push(sp);
  return out;
}

function scrubber(switches: RedactionSwitches, out: { masked: number }, vault: () => CarriedSecrets, vaultShort: () => ShortVaultValues): Scrubber {
  let taken: Taken[] = [];
  // Read from the vault on the slice's first text, not before: a slice with nothing to read reads nothing.
  let carry: CarriedSecrets | null = null;
  let short: ShortVaultValues | null = null;
  const carried = (s: string): LaidOutSecret[] => (carry ??= vault()).in(s);
  const given = (s: string): LaidOutSecret[] => (switches.passwords ? (short ??= vaultShort()).given(s).map((value) => ({ kind: 'password' as const, category: 'passwords' as const, value, label: null })) : []);
  const byLayout = (words: readonly PackedWord[]): string[] => [...new Set(placedByLayout(words).placed.map((p) => p.value))];
  const placedByLayout = (words: readonly PackedWord[]): ByLayout => {
    const sv = (short ??= vaultShort());
    if (!sv.mentions(words.map((w) => w[0]).join(' '))) return { words, placed: [] };
    return { words, placed: sv.placedByLayout(words.map((w) => ({ text: w[0], x0: w[1], y0: w[2], x1: w[3], y1: w[4] }))) };
  };
  /** The spans of the text the layout's copies stand at, for values the text's own reading (`read`) did not find. */
  const layoutSpans = (t: string, read: readonly [number, number][], layout: ByLayout): [number, number][] => {
    const seen = new Set(read.map(([from, to]) => t.slice(from, to).toLowerCase()));
    const unread = layout.placed.filter((p) => !seen.has(p.value.toLowerCase()));
    if (!unread.length) return [];
    const at = wordPlaces(t, layout.words);
    // The text is the words' own reading only where nearly all of them stand in it in their order.
    const trusted = at.filter((x) => x !== null).length >= at.length * PLACED_SHARE;
    const spans: [number, number][] = [];
    const whole = new Set<string>();
    for (const p of unread) {
      const placed = p.words.map((i) => at[i] ?? null);
      const from = placed[0];
      const to = placed[placed.length - 1];
      // The words just before and after the copy stand in the text too, so the copy found is this one.
      const first = Math.min(...p.words);
      const last = Math.max(...p.words);
      const beside = (first === 0 || at[first - 1] !== null) && (last === layout.words.length - 1 || at[last + 1] !== null);
      // The copy's words in the text, and that stretch is the value (not a neighbour the reading matched instead).
      if (trusted && beside && from && to && placed.every((x) => x !== null) && t.slice(from[0], to[1]).toLowerCase().includes(p.value.toLowerCase())) {
        const inner = t.slice(from[0], to[1]).toLowerCase().indexOf(p.value.toLowerCase());
        spans.push([from[0] + inner, from[0] + inner + p.value.length]);
      } else whole.add(p.value);
    }
    if (whole.size) spans.push(...short!.placesOf(t, [...whole]));
    spans.sort((a, b) => a[0] - b[0]);
    return spans.filter((sp, i) => i === 0 || sp[0] >= spans[i - 1]![1]);
  };
  const text = (s: string, laidOut: readonly LaidOutSecret[] = [], layout: ByLayout | null = null): string => {
    // What the screen's layout pairs comes first; then values the vault holds, wherever the text quotes them.
    const r = redactText(s, switches, [...laidOut, ...carried(s)]);
    out.masked += r.secrets.length;
    // Short values the vault holds, where the text gives them as values ("gym locker 4471", "Locker\n4471"):
    // already in the vault, so masked here and not taken again. (The passwords' switch: a prompt's cut takes them always.)
    const read = switches.passwords ? (short ??= vaultShort()).places(r.text) : [];
    // A value the layout gives that the text's own reading did not find (a form's columns OCR read a
    // row at a time): masked at the copy its words hold (under or beside its label), found by where
    // those words stand in the text; "Room 4471" elsewhere on the screen stays. Only where the
    // words cannot be placed in the text (masked since, read apart) is it masked wherever it stands
    // whole, since the text alone cannot tell its place.
    const places = switches.passwords ? joinSpans(read, layout ? layoutSpans(r.text, read, layout) : []) : [];
    let masked = r.text;
    if (places.length) {
      masked = '';
      let at = 0;
      for (const [from, to] of places) {
        masked += r.text.slice(at, from) + redactionMarker('password');
        at = to;
      }
      masked += r.text.slice(at);
      out.masked += places.length;
    }
    // How far a marker at this place in the redacted text moved with the short values masked before it.
    const moved = (p: number): number => places.reduce((n, [from, to]) => (from < p ? n + redactionMarker('password').length - (to - from) : n), 0);
    // Where each marker stands in the masked text: the secrets are in reading order, none overlapping.
    let shift = 0;
    for (const x of r.secrets) {
      const at = x.start + shift;
      taken.push({ kind: x.kind, value: x.value, label: x.label, purpose: x.purpose, masked, markerAt: at + moved(at) });
      shift += redactionMarker(x.kind).length - (x.end - x.start);
    }
    return masked;
  };
  const json = (v: unknown): unknown => {
    if (typeof v === 'string') return text(v);
    if (Array.isArray(v)) return v.map(json);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, json(x)]));
    return v;
  };
  const take = (): Taken[] => {
    const t = taken;
    taken = [];
    return t;
  };
  let fresh = new CarriedSecrets(switches);
  const carryValue = (kind: string, value: string): void => {
    const c = (carry ??= vault());
    const had = c.size;
    c.add(kind, value);
    if (c.size > had) fresh.add(kind, value);
  };
  const takeFresh = (): CarriedSecrets => {
    const f = fresh;
    fresh = new CarriedSecrets(switches);
    return f;
  };
  const quoted = (v: unknown): boolean => (carry ??= vault()).quotedIn(v) || anyString(v, (t) => (short ??= vaultShort()).places(t).length > 0);
  return { text, nullable: (s) => (s === null ? null : text(s)), json, take, carried, given, byLayout, placedByLayout, quoted, carry: carryValue, fresh: takeFresh, known: () => (carry ??= vault()) };
}

/**
 * One slice of the pass: up to `batch` rows of the table the cursor is at, in one transaction with
 * the cursor's move. Done (and a no-op) once the store is stamped with the current generation.
 * `switches` are the user's: a category switched off stays as it is. `keep` gets what the batch
 * took out, inside its transaction (without one, what is masked is kept nowhere).
 */
export function rescrubSlice(d: RescrubDeps, switches: RedactionSwitches, batch = 200, keep?: KeepRescrubbed): RescrubSlice {
  const out: SliceState = { done: false, rows: 0, changed: 0, masked: 0, memoryIds: [], observationIds: [], kept: 0, found: [] };
  if (!rescrubDue(d.db)) return { ...result(out), done: true };
  const s = scrubber(
    switches,
    out,
    () => {
      const carry = CarriedSecrets.fromVault(d.db, switches);
      for (const v of d.alsoCarry ?? []) carry.add(v.kind, v.value);
      return carry;
    },
    () => {
      const short = ShortVaultValues.fromVault(d.db);
      for (const v of d.alsoCarry ?? []) short.add(v.kind, v.title ?? '', v.value);
      return short;
    },
  );
  const all = steps(d, switches, s);
  // Immediate: the cursor is read and moved under the write lock, so two processes on one data dir
  // (the app and a CLI command) never do the same batch twice.
  d.db.transaction(() => {
    const underWay = !!d.db.prepare('SELECT 1 FROM meta WHERE key = ?').get(CURSOR_KEY);
    const cur = readCursor(d.db);
    // A value new to the vault: a sweep of every table for the vault's values. A first round that
    // starts now reads the vault as it is; one under way is followed by the sweep (its earlier rows
    // were read without the value); a sweep under way keeps the mark, so another follows it.
    if (vaultDue(d.db) && !cur.sweep) {
      if (underWay && (cur.step > 0 || cur.after > 0)) cur.vault = true;
      else if (storedRedactionVersion(d.db) >= DETECTORS_VERSION) Object.assign(cur, { step: 0, after: 0, gaveUp: false, sweep: true });
      d.db.prepare('DELETE FROM meta WHERE key = ?').run(VAULT_DUE_KEY);
    }
    // Tables that are not there (a store opened at an older schema for a test) are passed over.
    while (cur.step < all.length) {
      const step = all[cur.step]!;
      if (!d.db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(step.table)) {
        cur.step++;
        cur.after = 0;
        continue;
      }
      // Collected first: better-sqlite3 refuses writes while a read is open on the same connection.
      const from = cur.after;
      const read = (n: number) => stmt(d.db, step.select).all(from, n) as (Record<string, unknown> & { rid: number })[];
      const rows = read(batch);
      const changed = new Set<number>();
      const pass = (list: typeof rows): void => {
        for (const r of list) {
          // What a row that was not written back took out stays out of the vault (nothing was masked).
          s.take();
          if (step.apply(r, s, out)) changed.add(r.rid);
        }
      };
      s.fresh();
      // The second round redacts only what quotes a value the vault (or this slice) holds.
      pass(cur.sweep ? rows.filter((r) => step.quotes?.(r, s) ?? s.quoted(r)) : rows);
      // A value a row gave up is masked in the rows after it as they are read; the rows before it
      // that quote it alone are read again (as now written), until a reading adds nothing new. Still
      // this transaction: no row waits for a later pass that may never come. Rows of earlier slices
      // wait for the second round, which every value given up reaches through the vault.
      let fresh = s.fresh();
      if (fresh.size) cur.gaveUp = true;
      for (; fresh.size && rows.length > 1; fresh = s.fresh()) pass(read(rows.length).filter((r) => fresh.quotedIn(r)));
      if (rows.length) cur.after = rows[rows.length - 1]!.rid;
      out.changed += changed.size;
      out.rows += rows.length;
      if (rows.length < batch) {
        cur.step++;
        cur.after = 0;
      }
      if (rows.length) break;
    }
    // With the batch's own writes: a vault that refuses undoes the masking, and a crash undoes both.
    if (keep && out.found.length) keep(out.found);
    out.kept = keep ? out.found.length : 0;
    // Without a vault, what was given up is kept nowhere a second round could read it from.
    if (cur.step >= all.length && !cur.sweep && ((cur.gaveUp && keep) || cur.vault)) Object.assign(cur, { step: 0, after: 0, gaveUp: false, vault: false, sweep: true });
    if (cur.step >= all.length) {
      setMeta(d.db, REDACTION_VERSION_KEY, String(DETECTORS_VERSION));
      d.db.prepare('DELETE FROM meta WHERE key = ?').run(CURSOR_KEY);
      // A value that came into the vault during this sweep: another follows.
      out.done = !vaultDue(d.db);
    } else setMeta(d.db, CURSOR_KEY, JSON.stringify(cur));
  }).immediate();
  return result(out);
}

/** The slice's figures, without the secrets' values (a row read again is named once). */
function result(out: SliceState): RescrubSlice {
  const { found: _values, ...figures } = out;
  return { ...figures, memoryIds: [...new Set(figures.memoryIds)], observationIds: [...new Set(figures.observationIds)] };
}

/**
 * A store that holds no text yet starts at the current generation (nothing to re-scrub); one
 * without a recorded generation that holds text was written before they were counted: 0.
 */
export function stampIfEmpty(db: Db): void {
  if (db.prepare('SELECT 1 FROM meta WHERE key = ?').get(REDACTION_VERSION_KEY)) return;
  const holds = db.prepare('SELECT EXISTS (SELECT 1 FROM observations) OR EXISTS (SELECT 1 FROM memories) OR EXISTS (SELECT 1 FROM messages) OR EXISTS (SELECT 1 FROM frames)').pluck().get();
  if (!holds) setMeta(db, REDACTION_VERSION_KEY, String(DETECTORS_VERSION));
}

import type { Database as Db, Statement } from 'better-sqlite3-multiple-ciphers';
import type { ChangeLog } from './change-log.js';
import type { StoreEvents } from './store-events.js';
import { FieldsByKind, MemoryKindSchema, type Memory, type MemoryHistoryEntry, type MemoryKind, type Provenance, SourceTypeSchema } from '../../shared/index.js';
import { maskedVaultFields } from '../../shared/vault/index.js';
import { withoutControls, withoutControlsDeep } from '../../shared/text/index.js';
import { StoreError } from './errors.js';
import { isValidId, newId } from './ids.js';
import { FtsIndex } from './fts-index.js';
import { contentHash, rowToMemory, type MemoryRow } from './memory-codec.js';
import type { ListMemoriesOptions, MemoryPatch, Millis, NewMemory, SourceType } from './types.js';
import type { VectorIndex } from './vector-index.js';

const MAX_TEXT = 200_000;

/** The columns whose change is an edit other devices see (use counts, versions and the archive stay here). */
const SYNCED_COLUMNS = ['title', 'text', 'details', 'fields', 'app', 'occurred_at', 'ended_at', 'segment'] as const;

/** The columns an insert writes (the others take the schema's defaults). */
type InsertParams = Omit<MemoryRow, 'seq' | 'access_count' | 'last_accessed_at' | 'superseded_by' | 'version' | 'archived_at'>;

function allFinite(v: Float32Array): boolean {
  for (let i = 0; i < v.length; i++) if (!Number.isFinite(v[i])) return false;
  return true;
}

/** Memories of all kinds, with their FTS rows, vectors, provenance and history kept in step. */
/** The reason a memory's history gives for the user's own edit in the window (the memory.update handler). */
export const EDITED_BY_USER = 'edited by you';

export class MemoryRepo {
  private readonly byId: Statement;
  private readonly insertStmt: Statement;
  private readonly fts: FtsIndex;
  private readonly provInsert: Statement;
  private readonly histInsert: Statement;
  /** The insert's own transaction, made once (making one per insert cost more than the row's statement). */
  private readonly insertTx: (params: InsertParams, vector: { index: VectorIndex; v: Float32Array } | null, provenance: Provenance[], checkId: boolean) => Memory;

  constructor(
    private readonly db: Db,
    private readonly vectors: () => VectorIndex | null,
    private readonly events: StoreEvents,
    private readonly onWrite: () => void,
    /** Sync's log of local changes (issue 33): appended inside each write's own transaction. */
    private readonly changes: ChangeLog,
  ) {
    this.byId = db.prepare('SELECT * FROM memories WHERE id = ?');
    this.insertStmt = db.prepare(`INSERT INTO memories
      (id, kind, title, text, details, fields, app, occurred_at, ended_at, segment, created_at, updated_at, is_experience, sensitivity, content_hash, embedded)
      VALUES (@id, @kind, @title, @text, @details, @fields, @app, @occurred_at, @ended_at, @segment, @created_at, @updated_at, @is_experience, @sensitivity, @content_hash, @embedded)`);
    this.fts = new FtsIndex(db);
    this.provInsert = db.prepare('INSERT OR IGNORE INTO provenance(memory_id, source_type, source_id) VALUES (?, ?, ?)');
    this.histInsert = db.prepare('INSERT INTO memory_history(memory_id, version, changed_at, reason, snapshot) VALUES (?, ?, ?, ?, ?)');
    this.insertTx = db.transaction((p: InsertParams, vector: { index: VectorIndex; v: Float32Array } | null, provenance: Provenance[], checkId: boolean) =>
      this.insertRows(p, vector, provenance, checkId),
    );
  }

  /** The insert's writes; everything else that can refuse the memory was checked before. */
  private insertRows(params: InsertParams, vector: { index: VectorIndex; v: Float32Array } | null, provenance: Provenance[], checkId: boolean): Memory {
    // Generated ids carry 80 random bits: only a caller's own id can already exist.
    if (checkId && this.row(params.id)) throw new StoreError('INVALID_INPUT', `memory ${params.id} already exists`);
    const info = this.insertStmt.run(params);
    // Not read back: the row is what was written, with the schema's defaults for the other columns.
    const row: MemoryRow = { ...params, seq: Number(info.lastInsertRowid), access_count: 0, last_accessed_at: null, superseded_by: null, version: 1, archived_at: null };
    this.fts.added(row);
    vector?.index.upsert(row.seq, vector.v);
    for (const p of provenance) this.provInsert.run(params.id, p.source_type, p.source_id);
    this.changes.memoryPut(row, 'created');
    return rowToMemory(row);
  }

  private validateFields(kind: string, fields: unknown): Record<string, unknown> {
    const k = MemoryKindSchema.safeParse(kind);
    if (!k.success) throw new StoreError('INVALID_INPUT', `unknown memory kind "${String(kind)}"`);
    const parsed = FieldsByKind[k.data].safeParse(fields ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new StoreError('INVALID_INPUT', `invalid ${k.data} fields: ${issue?.path.join('.') || 'value'} ${issue?.message ?? ''}`.trim());
    }
    return withoutControlsDeep(parsed.data as Record<string, unknown>);
  }

  private checkText(text: unknown, what: string): string {
    if (typeof text !== 'string') throw new StoreError('INVALID_INPUT', `${what} must be a string`);
    if (text.length > MAX_TEXT) throw new StoreError('INVALID_INPUT', `${what} is longer than ${MAX_TEXT} characters`);
    // Written by strangers as often as not (a page, an import, an MCP client, a model): kept without terminal escapes or bidi overrides.
    return withoutControls(text);
  }


  private checkProvenance(prov: Provenance[] | undefined): Provenance[] {
    return (prov ?? []).map((p) => {
      const t = SourceTypeSchema.safeParse(p.source_type);
      if (!t.success || typeof p.source_id !== 'string' || !p.source_id) throw new StoreError('INVALID_INPUT', 'invalid provenance entry');
      return { source_type: t.data, source_id: p.source_id };
    });
  }

  private addProvenance(id: string, prov: Provenance[] | undefined): void {
    for (const p of this.checkProvenance(prov)) this.provInsert.run(id, p.source_type, p.source_id);
  }

  row(id: string): MemoryRow | undefined {
    return this.byId.get(id) as MemoryRow | undefined;
  }

  insert(m: NewMemory): Memory {
    const text = this.checkText(m.text, 'text');
    const title = this.checkText(m.title ?? '', 'title');
    const details = this.checkText(m.details ?? '', 'details');
    if (text.trim() === '' && title.trim() === '') throw new StoreError('INVALID_INPUT', 'a memory needs a text');
    const fields = this.validateFields(m.kind, m.fields);
    if (m.id !== undefined && !isValidId(m.id)) throw new StoreError('INVALID_INPUT', `invalid memory id "${m.id}"`);
    const now = Date.now();
    const created = m.created_at ?? now;
    const id = m.id ?? newId('mem', created);
    const params: InsertParams = {
      id,
      kind: m.kind,
      title,
      text,
      details,
      fields: JSON.stringify(fields),
      app: m.app ?? null,
      occurred_at: m.occurred_at ?? null,
      ended_at: m.ended_at ?? null,
      segment: m.segment ?? null,
      created_at: created,
      updated_at: m.updated_at ?? created,
      is_experience: m.kind === 'procedural' && fields.entry_type === 'experience' ? 1 : 0,
      sensitivity: m.kind === 'knowledge_vault' ? String(fields.sensitivity ?? 'high') : null,
      content_hash: contentHash([title, text]),
      embedded: 0,
    };
    // A precomputed vector from this store's embedder goes straight to the index (no queue, no cache).
    const index = this.vectors();
    const given = m.embedding?.vector;
    const vector = given && index && m.embedding?.embedder === index.embedderId && given.length === index.dimensions && allFinite(given) ? given : null;
    if (vector) params.embedded = 1;
    const provenance = this.checkProvenance(m.provenance);
    const vec = vector ? { index: index!, v: vector } : null;
    // Inside a caller's transaction the writes are part of it, without a savepoint of their own:
    // FTS5 writes its pending index out at every savepoint, which made each memory of a batch its own
    // FTS segment to merge (most of an insert's cost). Nothing but SQLite itself can fail after the first write.
    const checkId = m.id !== undefined;
    const memory = this.db.inTransaction ? this.insertRows(params, vec, provenance, checkId) : this.insertTx(params, vec, provenance, checkId);
    this.events.emit('memory', { op: 'insert', ids: [id] });
    this.onWrite();
    return memory;
  }

  update(id: string, patch: MemoryPatch, reason: string): Memory {
    const memory = this.db.transaction(() => {
      const old = this.row(id);
      if (!old) throw new StoreError('NOT_FOUND', `no memory ${id}`);
      const now = Math.max(Date.now(), old.updated_at + 1);
      this.histInsert.run(id, old.version, now, reason.slice(0, 500), JSON.stringify(rowToMemory(old, true)));
      const oldFields = JSON.parse(old.fields) as Record<string, unknown>;
      const fields = patch.fields ? this.validateFields(old.kind, { ...oldFields, ...patch.fields }) : oldFields;
      const title = patch.title !== undefined ? this.checkText(patch.title, 'title') : old.title;
      const text = patch.text !== undefined ? this.checkText(patch.text, 'text') : old.text;
      const details = patch.details !== undefined ? this.checkText(patch.details, 'details') : old.details;
      if (patch.superseded_by != null && !this.row(patch.superseded_by)) throw new StoreError('NOT_FOUND', `no memory ${patch.superseded_by}`);
      const hash = contentHash([title, text]);
      // Its neighbours before the edit: a new time can move it elsewhere in its segment.
      const around = this.fts.around(old);
      this.db
        .prepare(`UPDATE memories SET title=?, text=?, details=?, fields=?, app=?, occurred_at=?, ended_at=?, superseded_by=?,
          updated_at=?, version=version+1, is_experience=?, sensitivity=?, content_hash=?, embedded=CASE WHEN content_hash=? THEN embedded ELSE 0 END
          WHERE id=?`)
        .run(
          title,
          text,
          details,
          JSON.stringify(fields),
          patch.app !== undefined ? patch.app : old.app,
          patch.occurred_at !== undefined ? patch.occurred_at : old.occurred_at,
          patch.ended_at !== undefined ? patch.ended_at : old.ended_at,
          patch.superseded_by !== undefined ? patch.superseded_by : old.superseded_by,
          now,
          old.kind === 'procedural' && fields.entry_type === 'experience' ? 1 : 0,
          old.kind === 'knowledge_vault' ? String(fields.sensitivity ?? 'high') : null,
          hash,
          hash,
          id,
        );
      const row = this.row(id)!;
      if (SYNCED_COLUMNS.some((c) => row[c] !== old[c])) this.changes.memoryPut(row, 'edited');
      if (row.superseded_by !== null && row.superseded_by !== old.superseded_by) this.changes.supersede(id, row.superseded_by);
      this.fts.changed(row, around);
      if (!row.embedded) this.vectors()?.delete(row.seq);
      this.addProvenance(id, patch.addProvenance);
      return rowToMemory(row);
    })();
    this.events.emit('memory', { op: 'update', ids: [id] });
    this.onWrite();
    return memory;
  }

  get(id: string, opts: { reveal?: boolean } = {}): Memory | null {
    const row = this.row(id);
    return row ? rowToMemory(row, opts.reveal ?? false) : null;
  }

  private where(opts: ListMemoriesOptions): { sql: string; params: unknown[] } {
    const clauses: string[] = [];
    const params: unknown[] = [];
    if (opts.kinds?.length) {
      clauses.push(`kind IN (${opts.kinds.map(() => '?').join(',')})`);
      params.push(...opts.kinds);
    }
    if (opts.since != null) {
      clauses.push('COALESCE(occurred_at, created_at) >= ?');
      params.push(opts.since);
    }
    if (opts.until != null) {
      clauses.push('COALESCE(occurred_at, created_at) <= ?');
      params.push(opts.until);
    }
    if (opts.app) {
      clauses.push('app = ?');
      params.push(opts.app);
    }
    if (opts.experiences === true) clauses.push('is_experience = 1');
    if (opts.experiences === false) clauses.push('is_experience = 0');
    if (!opts.includeSuperseded) clauses.push('superseded_by IS NULL');
    if (opts.archived === true) clauses.push('archived_at IS NOT NULL');
    if (opts.archived === false) clauses.push('archived_at IS NULL');
    return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
  }

  list(opts: ListMemoriesOptions = {}): Memory[] {
    const { sql, params } = this.where(opts);
    const order = opts.order === 'oldest' ? 'ASC' : 'DESC';
    const limit = Math.min(Math.max(opts.limit ?? 100, 1), 10_000);
    const rows = this.db
      .prepare(`SELECT * FROM memories ${sql} ORDER BY COALESCE(occurred_at, created_at) ${order}, seq ${order} LIMIT ? OFFSET ?`)
      .all(...params, limit, Math.max(opts.offset ?? 0, 0)) as MemoryRow[];
    return rows.map((r) => rowToMemory(r));
  }

  /**
   * Changes whenever a memory of these kinds is added, edited or removed, by this process or
   * another: a cheap key for caches of those rows (one aggregate over the kind index).
   */
  stamp(kinds: MemoryKind[]): string {
    const r = this.db
      .prepare(`SELECT count(*) AS n, total(version) AS v, max(seq) AS s, max(updated_at) AS u FROM memories WHERE kind IN (${kinds.map(() => '?').join(',')})`)
      .get(...kinds) as { n: number; v: number; s: number | null; u: number | null };
    return `${r.n}:${r.v}:${r.s ?? 0}:${r.u ?? 0}`;
  }

  count(opts: ListMemoriesOptions = {}): number {
    const { sql, params } = this.where(opts);
    return (this.db.prepare(`SELECT count(*) AS n FROM memories ${sql}`).get(...params) as { n: number }).n;
  }

  /** Rows whose seq is in the list, for retrieval (internal to the store). */
  rowsBySeq(seqs: number[]): Map<number, MemoryRow> {
    const out = new Map<number, MemoryRow>();
    for (let i = 0; i < seqs.length; i += 500) {
      const chunk = seqs.slice(i, i + 500);
      const rows = this.db.prepare(`SELECT * FROM memories WHERE seq IN (${chunk.map(() => '?').join(',')})`).all(...chunk) as MemoryRow[];
      for (const r of rows) out.set(r.seq, r);
    }
    return out;
  }

  delete(ids: string[]): number {
    if (ids.length === 0) return 0;
    const n = this.db.transaction(() => {
      let count = 0;
      const formerNeighbours: number[] = [];
      for (const id of ids) {
        const row = this.row(id);
        if (!row) continue;
        formerNeighbours.push(...this.fts.removing(row));
        this.vectors()?.delete(row.seq);
        this.db.prepare('UPDATE memories SET superseded_by = NULL WHERE superseded_by = ?').run(id);
        this.db.prepare('DELETE FROM memories WHERE seq = ?').run(row.seq);
        this.changes.forget(id);
        count++;
      }
      this.fts.deleted(formerNeighbours);
      return count;
    })();
    if (n > 0) this.events.emit('memory', { op: 'delete', ids });
    return n;
  }

  history(id: string, opts: { reveal?: boolean } = {}): MemoryHistoryEntry[] {
    const rows = this.db
      .prepare('SELECT version, changed_at, reason, snapshot FROM memory_history WHERE memory_id = ? ORDER BY version DESC')
      .all(id) as { version: number; changed_at: number; reason: string; snapshot: string }[];
    return rows.map((r) => {
      const snap = JSON.parse(r.snapshot) as Memory;
      // Earlier versions show nothing of their value: masked as highly sensitive (shared/vault).
      if (snap.kind === 'knowledge_vault' && !opts.reveal) snap.fields = maskedVaultFields(snap.fields, 'high');
      return { version: r.version, changed_at: new Date(r.changed_at).toISOString(), reason: r.reason, snapshot: snap };
    });
  }

  provenance(id: string): Provenance[] {
    return this.db.prepare('SELECT source_type, source_id FROM provenance WHERE memory_id = ? ORDER BY source_type, source_id').all(id) as Provenance[];
  }

  bySource(type: SourceType, ids: string[]): string[] {
    const out = new Set<string>();
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      const rows = this.db
        .prepare(`SELECT DISTINCT memory_id FROM provenance WHERE source_type = ? AND source_id IN (${chunk.map(() => '?').join(',')})`)
        .all(type, ...chunk) as { memory_id: string }[];
      for (const r of rows) out.add(r.memory_id);
    }
    return [...out];
  }

  /**
   * The one door for use (MIRA): a chat citation, an MCP read, a hit or timeline item opened in the
   * window, a memory reached through the graph. Moves last_accessed_at, which ranking's half-life
   * and the archive pass read. Unknown ids are skipped; returns how many rows were counted.
   */
  markUsed(ids: string[], now: Millis = Date.now()): number {
    const stmt = this.db.prepare('UPDATE memories SET access_count = access_count + 1, last_accessed_at = max(?, COALESCE(last_accessed_at, 0)) WHERE id = ?');
    return this.db.transaction(() => {
      let n = 0;
      for (const id of new Set(ids)) n += stmt.run(now, id).changes;
      return n;
    })();
  }

  /**
   * Archives current memories last used (or, never used, made) before `before`: search and chat
   * skip them from now on; nothing is deleted. Core blocks are always in the prompt and the vault
   * is looked up, never browsed, so neither is archived; experiences age by their own half-life.
   */
  archiveUnused(before: Millis, now: Millis = Date.now()): string[] {
    const ids = this.db.transaction(() => {
      const rows = this.db
        .prepare(`SELECT id FROM memories WHERE archived_at IS NULL AND kind NOT IN ('core', 'knowledge_vault') AND is_experience = 0
          AND COALESCE(last_accessed_at, created_at) < ?`)
        .all(before) as { id: string }[];
      const stmt = this.db.prepare('UPDATE memories SET archived_at = ? WHERE id = ?');
      for (const r of rows) stmt.run(now, r.id);
      return rows.map((r) => r.id);
    })();
    if (ids.length) this.events.emit('memory', { op: 'update', ids });
    return ids;
  }

  /** Brings archived memories back into search; restoring is a use. Returns how many were archived. */
  restore(ids: string[], now: Millis = Date.now()): number {
    const unique = [...new Set(ids)];
    const restored = this.db.transaction(() => {
      const stmt = this.db.prepare('UPDATE memories SET archived_at = NULL WHERE id = ? AND archived_at IS NOT NULL');
      const back = unique.filter((id) => stmt.run(id).changes > 0);
      this.markUsed(unique, now);
      return back;
    })();
    if (restored.length) this.events.emit('memory', { op: 'update', ids: restored });
    return restored.length;
  }
}

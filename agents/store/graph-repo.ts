import type { Database as Db, Statement } from 'better-sqlite3-multiple-ciphers';
import { readGraphRows, restoreGraphRows, type GraphRestoreCounts, type GraphRows } from './graph-rows.js';
import { StoreError } from './errors.js';
import { nameKey, resolvePartial, tokens, type NameCandidate } from './entity-names.js';
import { newId } from './ids.js';
import { withoutControls } from '../../shared/text/index.js';

export const ENTITY_KINDS = ['person', 'organization', 'project', 'place', 'document', 'other'] as const;
export type EntityKind = (typeof ENTITY_KINDS)[number];

export interface EntityRecord {
  id: string;
  kind: EntityKind;
  name: string;
  aliases: string[];
  summary: string;
  first_seen: number;
  last_seen: number;
  mentions: number;
  facts: number;
}

export interface FactParticipant {
  entity_id: string;
  name: string;
  kind: EntityKind;
  role: string;
}

export interface GraphFactRecord {
  id: string;
  relation: string;
  statement: string;
  occurred_at: number | null;
  confidence: number;
  participants: FactParticipant[];
  sources: string[];
}

export interface EntityInput {
  name: string;
  kind: EntityKind;
  at: number;
  /** Other names in the same memory: "Ana" resolves to the Ana Souza named beside it. */
  context?: readonly string[];
}

export interface FactInput {
  relation: string;
  statement: string;
  occurred_at: number | null;
  confidence: number;
  participants: { entity_id: string; role: string }[];
  sources: string[];
}

export interface EntityLink {
  memory_id: string;
  seq: number;
  entity_id: string;
  role: 'subject' | 'mention';
  /** 0 for the entity itself, 1 or 2 for an entity reached through facts. */
  hops: number;
  /** The entity it was reached through (for "linked through Ana Souza → Atlas launch"). */
  via: string | null;
  /** 1 / (1 + ln(memories of the entity)): a link through someone named everywhere says little. */
  specificity: number;
}

/** An entity as consolidation compares it: every alias with its key. */
export interface ResolutionEntity {
  id: string;
  kind: EntityKind;
  name: string;
  aliases: { key: string; alias: string }[];
  mentions: number;
  first_seen: number;
}

/** A memory the graph has not read yet, as the graph reads it. */
export interface PendingMemory {
  id: string;
  kind: string;
  title: string;
  text: string;
  fields: string;
  app: string | null;
  at: number;
}

interface EntityRow {
  id: string;
  kind: EntityKind;
  name: string;
  summary: string;
  first_seen: number;
  last_seen: number;
}

const MAX_NAME = 120;

/**
 * The graph's rows: entities with aliases, n-ary facts with participants and sources, and which
 * memories mention which entity. Resolution happens on write, so one person is one row whatever
 * name a screen or a chat gave them.
 */
export class GraphRepo {
  private aliasLookup: Statement | null = null;

  constructor(private readonly db: Db) {}

  /** The whole graph as rows, for an export. */
  rows(): GraphRows {
    return readGraphRows(this.db);
  }

  /** Puts exported rows back (inside a write transaction); what is already here stays as it is. */
  restoreRows(rows: GraphRows): GraphRestoreCounts {
    return restoreGraphRows(this.db, rows);
  }

  private history(entityId: string, reason: string, snapshot: unknown): void {
    this.db.prepare('INSERT INTO graph_history (entity_id, changed_at, reason, snapshot) VALUES (?, ?, ?, ?)').run(entityId, Date.now(), reason, JSON.stringify(snapshot));
  }

  private aliasesOf(id: string): string[] {
    return this.db.prepare('SELECT alias FROM entity_aliases WHERE entity_id = ? ORDER BY alias').pluck().all(id) as string[];
  }

  private addAlias(id: string, alias: string): void {
    const key = nameKey(alias);
    if (!key) return;
    this.db.prepare('INSERT OR IGNORE INTO entity_aliases (alias_key, entity_id, alias) VALUES (?, ?, ?)').run(key, id, alias.trim());
  }

  private people(firstToken: string): NameCandidate[] {
    const rows = this.db
      .prepare(
        `SELECT e.id, e.kind, group_concat(a.alias_key, '|') AS keys FROM entities e JOIN entity_aliases a ON a.entity_id = e.id
          WHERE e.kind = 'person' AND e.id IN (SELECT entity_id FROM entity_aliases WHERE alias_key = ? OR alias_key LIKE ? ESCAPE '\\')
          GROUP BY e.id`,
      )
      .all(firstToken, `${firstToken.replace(/[%_\\]/g, '\\$&')} %`) as { id: string; kind: string; keys: string }[];
    return rows.map((r) => ({ id: r.id, kind: r.kind, keys: r.keys.split('|') }));
  }

  /** The entity a name means, if one is known (exact alias, or a partial name that fits one person). */
  resolve(name: string, kind?: EntityKind, context: readonly string[] = []): string | null {
    const key = nameKey(name);
    if (!key) return null;
    if ((!kind || kind === 'person') && !key.includes(' ') && !key.includes('@') && context.length) {
      // "Ana" when Ana Souza and Ana Lima are both known: the one named beside it decides.
      const cands = this.people(key);
      if (cands.filter((c) => c.keys.some((k) => k.includes(' '))).length > 1) {
        const hit = resolvePartial(name, cands, context);
        if (hit) return hit;
      }
    }
    const exact = this.db
      .prepare('SELECT e.id, e.kind FROM entity_aliases a JOIN entities e ON e.id = a.entity_id WHERE a.alias_key = ?')
      .all(key) as { id: string; kind: EntityKind }[];
    // A thing first seen without a kind ('other') is the same thing once its kind is known.
    const sameKind = kind ? exact.filter((e) => e.kind === kind || e.kind === 'other' || kind === 'other') : exact;
    if (sameKind.length === 1) return sameKind[0]!.id;
    if (sameKind.length > 1) {
      // Two people both known only as "Ana": the one named in context, else the most recently seen.
      const ctx = new Set(context.map(nameKey));
      const hit = sameKind.find((e) => this.aliasesOf(e.id).some((a) => ctx.has(nameKey(a))));
      return (hit ?? sameKind[0]!).id;
    }
    if (kind && kind !== 'person') return null;
    if (name.includes('@') || /^\s*\p{Lu}\.?\s+\p{Lu}/u.test(name) || tokens(name).length === 1) {
      const first = name.includes('@') ? (name.split(/[._@-]/)[0] ?? '').toLowerCase() : null;
      const init = /^\s*(\p{Lu})\.?\s+/u.exec(name);
      if (init) {
        const last = tokens(name).at(-1)!;
        const cands = (this.db
          .prepare(
            `SELECT e.id, e.kind, group_concat(a.alias_key, '|') AS keys FROM entities e JOIN entity_aliases a ON a.entity_id = e.id
              WHERE e.kind = 'person' AND e.id IN (SELECT entity_id FROM entity_aliases WHERE alias_key LIKE ? ESCAPE '\\') GROUP BY e.id`,
          )
          .all(`% ${last.replace(/[%_\\]/g, '\\$&')}`) as { id: string; kind: string; keys: string }[]).map((r) => ({ id: r.id, kind: r.kind, keys: r.keys.split('|') }));
        return resolvePartial(name, cands, context);
      }
      return resolvePartial(name, this.people(first ?? tokens(name)[0]!), context);
    }
    return null;
  }

  /** Finds or creates the entity a name means; returns its id. A full name adopts a lone first-name entity. */
  upsertEntity(input: EntityInput): string {
    const name = withoutControls(input.name).replace(/\s+/g, ' ').trim().slice(0, MAX_NAME);
    if (!nameKey(name)) throw new StoreError('INVALID_INPUT', 'an entity needs a name');
    let id = this.resolve(name, input.kind, input.context);
    const toks = tokens(name);
    if (!id && input.kind === 'person' && toks.length >= 2) {
      // "Ana Souza" after a lone "Ana": the same person, unless another full-name Ana exists.
      const cands = this.people(toks[0]!);
      const lone = cands.filter((c) => c.keys.every((k) => k.split(' ').length === 1));
      const full = cands.filter((c) => c.keys.some((k) => k.split(' ').length >= 2));
      if (lone.length === 1 && full.length === 0) {
        id = lone[0]!.id;
        const before = this.get(id);
        this.db.prepare('UPDATE entities SET name = ?, updated_at = ? WHERE id = ?').run(name, Date.now(), id);
        this.history(id, 'full name learned', before);
      }
    }
    if (id) {
      this.addAlias(id, name);
      if (input.kind !== 'other') this.db.prepare("UPDATE entities SET kind = ? WHERE id = ? AND kind = 'other'").run(input.kind, id);
      this.db.prepare('UPDATE entities SET first_seen = min(first_seen, ?), last_seen = max(last_seen, ?) WHERE id = ?').run(input.at, input.at, id);
      return id;
    }
    id = newId('ent', input.at);
    const now = Date.now();
    this.db
      .prepare('INSERT INTO entities (id, kind, name, summary, first_seen, last_seen, created_at, updated_at) VALUES (?, ?, ?, \'\', ?, ?, ?, ?)')
      .run(id, input.kind, name, input.at, input.at, now, now);
    this.addAlias(id, name);
    return id;
  }

  mention(entityId: string, memoryId: string, role: 'subject' | 'mention'): void {
    // A subject link wins over a mention of the same memory.
    this.db
      .prepare(
        `INSERT INTO entity_mentions (entity_id, memory_id, role) VALUES (?, ?, ?)
          ON CONFLICT(entity_id, memory_id) DO UPDATE SET role = CASE WHEN excluded.role = 'subject' THEN 'subject' ELSE role END`,
      )
      .run(entityId, memoryId, role);
  }

  /** Adds a fact (or a source to the same fact seen again); returns its id. */
  addFact(input: FactInput): string {
    if (!input.participants.length) throw new StoreError('INVALID_INPUT', 'a fact needs at least one participant');
    if (!input.sources.length) throw new StoreError('INVALID_INPUT', 'a fact needs a source memory');
    const parts = [...input.participants].sort((a, b) => (a.entity_id + a.role).localeCompare(b.entity_id + b.role));
    const key = `${input.relation}|${parts.map((p) => `${p.entity_id}:${p.role}`).join(',')}|${nameKey(input.statement)}`;
    const now = Date.now();
    let id = this.db.prepare('SELECT id FROM graph_facts WHERE fact_key = ?').pluck().get(key) as string | undefined;
    if (!id) {
      id = newId('fct');
      this.db
        .prepare('INSERT INTO graph_facts (id, relation, statement, occurred_at, confidence, fact_key, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
        .run(id, input.relation, withoutControls(input.statement).slice(0, 500), input.occurred_at, input.confidence, key, now, now);
      const ins = this.db.prepare('INSERT OR IGNORE INTO fact_participants (fact_id, entity_id, role) VALUES (?, ?, ?)');
      for (const p of parts) ins.run(id, p.entity_id, p.role);
    } else {
      this.db.prepare('UPDATE graph_facts SET confidence = max(confidence, ?), updated_at = ? WHERE id = ?').run(input.confidence, now, id);
    }
    const src = this.db.prepare('INSERT OR IGNORE INTO fact_sources (fact_id, memory_id) VALUES (?, ?)');
    for (const m of input.sources) src.run(id, m);
    return id;
  }

  get(id: string): EntityRecord | null {
    const r = this.db.prepare('SELECT id, kind, name, summary, first_seen, last_seen FROM entities WHERE id = ?').get(id) as EntityRow | undefined;
    return r ? this.record(r) : null;
  }

  private record(r: EntityRow): EntityRecord {
    const one = (sql: string) => this.db.prepare(sql).pluck().get(r.id) as number;
    return {
      ...r,
      aliases: this.aliasesOf(r.id).filter((a) => a !== r.name),
      mentions: one('SELECT count(*) FROM entity_mentions WHERE entity_id = ?'),
      facts: one('SELECT count(*) FROM fact_participants WHERE entity_id = ?'),
    };
  }

  /** Entities by name or alias (substring), most recently seen first. */
  list(opts: { query?: string; kind?: EntityKind; exceptKinds?: readonly EntityKind[]; limit?: number } = {}): EntityRecord[] {
    const limit = Math.min(Math.max(opts.limit ?? 50, 1), 500);
    const c: string[] = [];
    const p: unknown[] = [];
    if (opts.kind) {
      c.push('e.kind = ?');
      p.push(opts.kind);
    }
    for (const k of opts.exceptKinds ?? []) {
      c.push('e.kind != ?');
      p.push(k);
    }
    const q = opts.query ? nameKey(opts.query) : '';
    if (q) {
      c.push("e.id IN (SELECT entity_id FROM entity_aliases WHERE alias_key LIKE ? ESCAPE '\\')");
      p.push(`%${q.replace(/[%_\\]/g, '\\$&')}%`);
    }
    const rows = this.db
      .prepare(`SELECT e.id, e.kind, e.name, e.summary, e.first_seen, e.last_seen FROM entities e ${c.length ? `WHERE ${c.join(' AND ')}` : ''} ORDER BY e.last_seen DESC LIMIT ?`)
      .all(...p, limit) as EntityRow[];
    return rows.map((r) => this.record(r));
  }

  /** Entities a memory mentions (for memory detail and chat citations). */
  entitiesOf(memoryId: string): (EntityRecord & { role: 'subject' | 'mention' })[] {
    const rows = this.db
      .prepare('SELECT e.id, e.kind, e.name, e.summary, e.first_seen, e.last_seen, m.role FROM entity_mentions m JOIN entities e ON e.id = m.entity_id WHERE m.memory_id = ?')
      .all(memoryId) as (EntityRow & { role: 'subject' | 'mention' })[];
    return rows.map((r) => ({ ...this.record(r), role: r.role }));
  }

  facts(entityId: string, limit = 200): GraphFactRecord[] {
    const ids = this.db
      .prepare('SELECT f.id FROM graph_facts f JOIN fact_participants p ON p.fact_id = f.id WHERE p.entity_id = ? GROUP BY f.id ORDER BY max(coalesce(f.occurred_at, f.created_at)) DESC LIMIT ?')
      .pluck()
      .all(entityId, limit) as string[];
    return ids.map((id) => this.fact(id)!).filter(Boolean);
  }

  fact(id: string): GraphFactRecord | null {
    const f = this.db.prepare('SELECT id, relation, statement, occurred_at, confidence FROM graph_facts WHERE id = ?').get(id) as
      | Omit<GraphFactRecord, 'participants' | 'sources'>
      | undefined;
    if (!f) return null;
    const participants = this.db
      .prepare('SELECT p.entity_id, e.name, e.kind, p.role FROM fact_participants p JOIN entities e ON e.id = p.entity_id WHERE p.fact_id = ? ORDER BY p.role, e.name')
      .all(id) as FactParticipant[];
    const sources = this.db.prepare('SELECT memory_id FROM fact_sources WHERE fact_id = ?').pluck().all(id) as string[];
    return { ...f, participants, sources };
  }

  /** Memory ids that mention an entity, newest first. */
  memoryIdsOf(entityId: string, limit = 500): { memory_id: string; seq: number; role: 'subject' | 'mention' }[] {
    return this.db
      .prepare(
        `SELECT em.memory_id, m.seq, em.role FROM entity_mentions em JOIN memories m ON m.id = em.memory_id
          WHERE em.entity_id = ? AND m.superseded_by IS NULL ORDER BY COALESCE(m.occurred_at, m.created_at) DESC LIMIT ?`,
      )
      .all(entityId, limit) as { memory_id: string; seq: number; role: 'subject' | 'mention' }[];
  }

  /**
   * Entities named in a piece of text (a question): every run of one to four words is looked up as
   * an alias key, longest first, so "Ana Souza" wins over "Ana". Lower-case words count too, but a
   * lone lower-case word must be an alias of a named thing (not "may", "will").
   */
  entitiesIn(text: string, max = 6): { id: string; name: string; kind: EntityKind; matched: string }[] {
    const words = [...text.matchAll(/[\p{L}\p{N}][\p{L}\p{N}&.'’-]*/gu)].map((m) => m[0].replace(/['’]s$/, '').replace(/\.$/, ''));
    const out: { id: string; name: string; kind: EntityKind; matched: string }[] = [];
    const taken = new Set<number>();
    // Prepared once: every hybrid search asks (preparing it was ~0.4% of a search's CPU at 100k).
    const look = (this.aliasLookup ??= this.db.prepare(
      'SELECT e.id, e.name, e.kind FROM entity_aliases a JOIN entities e ON e.id = a.entity_id WHERE a.alias_key = ? ORDER BY e.last_seen DESC LIMIT 3',
    ));
    for (let len = 4; len >= 1; len--) {
      for (let i = 0; i + len <= words.length; i++) {
        if (out.length >= max) return out;
        let free = true;
        for (let j = i; j < i + len; j++) if (taken.has(j)) free = false;
        if (!free) continue;
        const phrase = words.slice(i, i + len).join(' ');
        if (len === 1 && (phrase.length < 3 || !/^\p{Lu}/u.test(phrase))) continue;
        const hits = look.all(nameKey(phrase)) as { id: string; name: string; kind: EntityKind }[];
        if (!hits.length) continue;
        for (const h of hits) if (!out.some((o) => o.id === h.id)) out.push({ ...h, matched: phrase });
        for (let j = i; j < i + len; j++) taken.add(j);
      }
    }
    return out;
  }

  rename(id: string, name: string): EntityRecord {
    const before = this.get(id);
    if (!before) throw new StoreError('NOT_FOUND', `no entity ${id}`);
    const clean = withoutControls(name).replace(/\s+/g, ' ').trim().slice(0, MAX_NAME);
    if (!nameKey(clean)) throw new StoreError('INVALID_INPUT', 'an entity needs a name');
    this.db.transaction(() => {
      this.history(id, 'renamed', before);
      this.db.prepare('UPDATE entities SET name = ?, updated_at = ? WHERE id = ?').run(clean, Date.now(), id);
      this.addAlias(id, clean);
    })();
    return this.get(id)!;
  }

  /**
   * Merges `goneId` into `keepId`: aliases, mentions, facts and history move; the merge is kept in
   * history. `by: 'dream'` refuses a pair the user split apart; the user's own merge of such a pair
   * drops the split (they changed their mind). Pairs the gone entity was kept apart from carry over.
   */
  merge(keepId: string, goneId: string, opts: { by?: 'user' | 'dream'; reason?: string } = {}): EntityRecord {
    if (keepId === goneId) throw new StoreError('INVALID_INPUT', 'cannot merge an entity with itself');
    const keep = this.get(keepId);
    const gone = this.get(goneId);
    if (!keep || !gone) throw new StoreError('NOT_FOUND', `no entity ${keep ? goneId : keepId}`);
    if (opts.by === 'dream' && this.keptApart(keepId, goneId)) throw new StoreError('INVALID_INPUT', `${keep.name} and ${gone.name} were split apart by the user`);
    this.db.transaction(() => {
      this.history(keepId, `merged ${goneId}${opts.reason ? ` (${opts.reason})` : ''}`, { kept: keep, merged: gone, by: opts.by ?? 'user' });
      this.db.prepare('UPDATE graph_history SET entity_id = ? WHERE entity_id = ?').run(keepId, goneId);
      const pairs = this.db.prepare('SELECT entity_a, entity_b, decided_at, reason FROM entity_apart WHERE entity_a = ? OR entity_b = ?').all(goneId, goneId) as {
        entity_a: string;
        entity_b: string;
        decided_at: number;
        reason: string;
      }[];
      const apart = this.db.prepare('INSERT OR IGNORE INTO entity_apart (entity_a, entity_b, decided_at, reason) VALUES (?, ?, ?, ?)');
      for (const p of pairs) {
        const other = p.entity_a === goneId ? p.entity_b : p.entity_a;
        if (other === keepId) continue;
        const [a, b] = other < keepId ? [other, keepId] : [keepId, other];
        apart.run(a, b, p.decided_at, p.reason);
      }
      this.db.prepare('INSERT OR IGNORE INTO entity_aliases (alias_key, entity_id, alias) SELECT alias_key, ?, alias FROM entity_aliases WHERE entity_id = ?').run(keepId, goneId);
      this.db
        .prepare(
          `INSERT INTO entity_mentions (entity_id, memory_id, role) SELECT ?, memory_id, role FROM entity_mentions WHERE entity_id = ?
            ON CONFLICT(entity_id, memory_id) DO UPDATE SET role = CASE WHEN excluded.role = 'subject' THEN 'subject' ELSE role END`,
        )
        .run(keepId, goneId);
      this.db.prepare('INSERT OR IGNORE INTO fact_participants (fact_id, entity_id, role) SELECT fact_id, ?, role FROM fact_participants WHERE entity_id = ?').run(keepId, goneId);
      this.db
        .prepare('UPDATE entities SET first_seen = min(first_seen, ?), last_seen = max(last_seen, ?), updated_at = ? WHERE id = ?')
        .run(gone.first_seen, gone.last_seen, Date.now(), keepId);
      // Cascades the gone entity's own apart rows (the pair with keep, if the user merged it, included).
      this.db.prepare('DELETE FROM entities WHERE id = ?').run(goneId);
    })();
    return this.get(keepId)!;
  }

  /** Whether the user split these two apart (consolidation never merges them). */
  keptApart(a: string, b: string): boolean {
    const [x, y] = a < b ? [a, b] : [b, a];
    return this.db.prepare('SELECT 1 FROM entity_apart WHERE entity_a = ? AND entity_b = ?').get(x, y) !== undefined;
  }

  /** Every pair the user split apart, as "a|b" with a < b. */
  apartPairs(): Set<string> {
    const rows = this.db.prepare('SELECT entity_a, entity_b FROM entity_apart').raw().all() as [string, string][];
    return new Set(rows.map(([a, b]) => `${a}|${b}`));
  }

  /** An entity's renames, merges and splits, newest first (the entity page shows them as memory history is shown). */
  historyOf(id: string, limit = 100): { changed_at: number; reason: string; snapshot: unknown }[] {
    const rows = this.db
      .prepare('SELECT changed_at, reason, snapshot FROM graph_history WHERE entity_id = ? ORDER BY changed_at DESC, id DESC LIMIT ?')
      .all(id, limit) as { changed_at: number; reason: string; snapshot: string }[];
    return rows.map((r) => ({ changed_at: r.changed_at, reason: r.reason, snapshot: parseJson(r.snapshot) }));
  }

  /**
   * Every entity with its alias keys and how often it is named: what consolidation compares when
   * it looks for the duplicates write-time resolution could not see yet. One query, no per-row work.
   */
  resolutionView(): ResolutionEntity[] {
    const rows = this.db
      .prepare(
        `SELECT e.id, e.kind, e.name, e.first_seen,
                (SELECT group_concat(alias_key || char(31) || alias, char(30)) FROM entity_aliases WHERE entity_id = e.id) AS names,
                (SELECT count(*) FROM entity_mentions WHERE entity_id = e.id) AS mentions
           FROM entities e ORDER BY e.first_seen, e.id`,
      )
      .all() as { id: string; kind: EntityKind; name: string; first_seen: number; names: string | null; mentions: number }[];
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      name: r.name,
      first_seen: r.first_seen,
      mentions: r.mentions,
      aliases: (r.names ? r.names.split('\u001e') : []).map((n) => {
        const [key, alias] = n.split('\u001f');
        return { key: key ?? '', alias: alias ?? key ?? '' };
      }),
    }));
  }

  /** Entities (other than `a` and `b`) named in a memory beside `a` and in a memory beside `b`. */
  sharedNeighbours(a: string, b: string, limit = 3): number {
    return this.db
      .prepare(
        `SELECT count(*) FROM (SELECT DISTINCT y.entity_id FROM entity_mentions x JOIN entity_mentions y ON y.memory_id = x.memory_id
           WHERE x.entity_id = ?1 AND y.entity_id NOT IN (?1, ?2)
             AND y.entity_id IN (SELECT w.entity_id FROM entity_mentions v JOIN entity_mentions w ON w.memory_id = v.memory_id WHERE v.entity_id = ?2)
           LIMIT ?3)`,
      )
      .pluck()
      .get(a, b, limit) as number;
  }

  /** Where each document entity points: the locations (URLs, paths) of the resource memories it is the subject of. */
  documentLocations(): Map<string, string[]> {
    const rows = this.db
      .prepare(
        `SELECT em.entity_id, json_extract(m.fields, '$.location') AS loc FROM entity_mentions em
           JOIN entities e ON e.id = em.entity_id JOIN memories m ON m.id = em.memory_id
          WHERE e.kind = 'document' AND em.role = 'subject' AND m.kind = 'resource' AND json_valid(m.fields)
            AND json_extract(m.fields, '$.location') IS NOT NULL`,
      )
      .all() as { entity_id: string; loc: unknown }[];
    const out = new Map<string, string[]>();
    for (const r of rows) {
      if (typeof r.loc !== 'string' || !r.loc) continue;
      const list = out.get(r.entity_id) ?? [];
      if (!list.includes(r.loc)) list.push(r.loc);
      out.set(r.entity_id, list);
    }
    return out;
  }

  /** Splits an alias off into an entity of its own (two people wrongly taken for one); its mentions stay where they are. */
  splitAlias(id: string, alias: string): EntityRecord {
    const e = this.get(id);
    if (!e) throw new StoreError('NOT_FOUND', `no entity ${id}`);
    const key = nameKey(alias);
    if (!e.aliases.some((a) => nameKey(a) === key)) throw new StoreError('INVALID_INPUT', `"${alias}" is not an alias of ${e.name}`);
    let newIdValue = '';
    this.db.transaction(() => {
      this.history(id, `split off "${alias}"`, e);
      this.db.prepare('DELETE FROM entity_aliases WHERE entity_id = ? AND alias_key = ?').run(id, key);
      newIdValue = newId('ent');
      const now = Date.now();
      this.db
        .prepare('INSERT INTO entities (id, kind, name, summary, first_seen, last_seen, created_at, updated_at) VALUES (?, ?, ?, \'\', ?, ?, ?, ?)')
        .run(newIdValue, e.kind, alias.trim(), e.first_seen, e.last_seen, now, now);
      this.addAlias(newIdValue, alias);
      // The user said these are two: consolidation must not put them back together.
      const [a, b] = id < newIdValue ? [id, newIdValue] : [newIdValue, id];
      this.db.prepare('INSERT OR IGNORE INTO entity_apart (entity_a, entity_b, decided_at, reason) VALUES (?, ?, ?, ?)').run(a, b, Date.now(), `split off "${alias.trim()}"`);
    })();
    return this.get(newIdValue)!;
  }

  /** Deletes an entity with its aliases, mentions and the facts it takes part in; the memories stay. */
  delete(id: string): boolean {
    const e = this.get(id);
    if (!e) return false;
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM graph_facts WHERE id IN (SELECT fact_id FROM fact_participants WHERE entity_id = ?)').run(id);
      this.db.prepare('DELETE FROM entities WHERE id = ?').run(id);
    })();
    return true;
  }

  /** Whether a memory has been read into the graph already (the builder runs once per memory). */
  hasMentions(memoryId: string): boolean {
    return this.db.prepare('SELECT 1 FROM entity_mentions WHERE memory_id = ? LIMIT 1').get(memoryId) !== undefined;
  }

  /** Memories the graph has not read yet, oldest first (all of them, or among `ids`). */
  pendingMemories(limit = 500, ids?: readonly string[]): PendingMemory[] {
    const cols = 'm.id, m.kind, m.title, m.text, m.fields, m.app, COALESCE(m.occurred_at, m.created_at) AS at';
    if (ids) {
      if (!ids.length) return [];
      return this.db
        .prepare(`SELECT ${cols} FROM memories m WHERE m.id IN (SELECT value FROM json_each(?)) AND m.superseded_by IS NULL ORDER BY m.seq`)
        .all(JSON.stringify(ids.slice(0, limit))) as PendingMemory[];
    }
    return this.db
      .prepare(`SELECT ${cols} FROM memories m LEFT JOIN graph_read r ON r.memory_id = m.id WHERE r.memory_id IS NULL AND m.superseded_by IS NULL ORDER BY m.seq LIMIT ?`)
      .all(limit) as PendingMemory[];
  }

  markRead(ids: readonly string[]): void {
    const ins = this.db.prepare('INSERT OR IGNORE INTO graph_read (memory_id) VALUES (?)');
    for (const id of ids) ins.run(id);
  }

  counts(): { entities: number; facts: number; mentions: number } {
    const one = (sql: string) => (this.db.prepare(sql).pluck().get() as number) ?? 0;
    return { entities: one('SELECT count(*) FROM entities'), facts: one('SELECT count(*) FROM graph_facts'), mentions: one('SELECT count(*) FROM entity_mentions') };
  }
}

function parseJson(s: string): unknown {
  try {
    return JSON.parse(s) as unknown;
  } catch {
    return null;
  }
}

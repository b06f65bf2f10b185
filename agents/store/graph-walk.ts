import type { Database as Db, Statement } from 'better-sqlite3-multiple-ciphers';
import type { EntityKind, EntityLink } from './graph-repo.js';

/** A memory the walk reached, and how relevant the entity it came through is to the question (0..1). */
export type WalkLink = EntityLink & { relevance: number };

/** How far and how wide one query's walk may go: every list it reads is bounded, whatever the graph's size. */
export interface WalkLimits {
  /** Facts read per named entity (newest first). */
  facts: number;
  /** Neighbours kept per named entity (the ones sharing most facts with it, specific ones first). */
  neighbours: number;
  /** Memories taken from each neighbour (newest first). */
  perNeighbour: number;
  /** Neighbours of a neighbour (only through people and projects). */
  secondHop: number;
  /** Facts read per neighbour for the second hop. */
  secondFacts: number;
  /**
   * An entity named in this share of all memories (or more) is a hub ("me", the company): a walk
   * through it says little and would read thousands of rows. Hubs are not walked through, though
   * when named they still lead to their neighbours.
   */
  hubShare: number;
  /** Never fewer than this many mentions make a hub (small stores: everything is a few percent). */
  hubMin: number;
}

/** Entities per statement when reading their memories (SQLite allows 500 terms in a compound SELECT). */
const MEMORIES_CHUNK = 64;

export const DEFAULT_WALK: WalkLimits = { facts: 150, neighbours: 12, perNeighbour: 20, secondHop: 3, secondFacts: 40, hubShare: 0.02, hubMin: 200 };

interface Statements {
  mentionedIn: Statement;
  mentionCounts: Statement;
  kindsOf: Statement;
  total: Statement;
  partners: Statement;
}

type MentionRow = { memory_id: string; seq: number; role: 'subject' | 'mention' };

interface Counter {
  hub: number;
  count: (id: string) => number;
  counts: (ids: readonly string[]) => number[];
}

interface Neighbour {
  id: string;
  shared: number;
  mentions: number;
}

/**
 * The graph walk of one query, bounded: named entities → the facts they take part in (the newest
 * `facts`, read in index order) → the entities those facts tie them to (ranked by facts shared,
 * hubs skipped) → those entities' newest memories; one hop farther only through people and projects.
 * Each read is an index range with a LIMIT: no sort over an entity's whole history, so a person
 * named in 10,000 memories costs what a person named in 50 does.
 */
export class GraphWalk {
  private sql: Statements | null = null;

  constructor(private readonly db: Db) {}

  /** Prepared on first use: a store opened below the graph's migration has no graph tables yet. */
  private get s(): Statements {
    if (!this.sql) {
      const db = this.db;
      this.sql = {
        // Several entities per statement (a statement per entity cost more than its index reads).
        // Counting stops at the cap: a hub's exact size does not matter, only that it is one.
        mentionCounts: db
          .prepare('SELECT s.value, (SELECT count(*) FROM (SELECT 1 FROM entity_mentions WHERE entity_id = s.value LIMIT ?)) FROM json_each(?) s')
          .raw(),
        kindsOf: db.prepare('SELECT id, kind FROM entities WHERE id IN (SELECT value FROM json_each(?))').raw(),
        mentionedIn: db
          .prepare('SELECT em.entity_id, m.seq FROM memories m JOIN entity_mentions em ON em.memory_id = m.id WHERE m.seq IN (SELECT value FROM json_each(?))')
          .raw(),
        total: db.prepare('SELECT max(seq) FROM memories').pluck(),
        // The entity's newest facts (fact ids are time-sortable too: its index hands them newest
        // first), and who else takes part in them, by how many.
        partners: db
          .prepare(
            `SELECT p2.entity_id, count(*) FROM (SELECT fact_id FROM fact_participants WHERE entity_id = ? ORDER BY fact_id DESC LIMIT ?) p1
              JOIN fact_participants p2 ON p2.fact_id = p1.fact_id WHERE p2.entity_id != ? GROUP BY p2.entity_id`,
          )
          .raw(),
      };
    }
    return this.sql;
  }

  /**
   * Mention counts (read only up to the hub size), kept across queries: counting a common entity
   * reads up to `hub` index entries (2,000 at 100k memories) and a query counts dozens. A count is
   * read again once the store has grown by a hundredth since; it only
   * ranks (specificity, hub or not), so a count a little stale after a forget or a merge is harmless.
   */
  private readonly counts = new Map<string, { n: number; total: number; hub: number }>();
  private counter(limits: WalkLimits): Counter {
    const total = (this.s.total.get() as number | null) ?? 0;
    const hub = Math.max(limits.hubMin, Math.ceil(total * limits.hubShare));
    const kept = (id: string): number | null => {
      const c = this.counts.get(id);
      // A count below its cap is exact; one at its cap only says "at least that many".
      return c && total - c.total <= total / 100 && (c.n < c.hub || hub <= c.hub) ? Math.min(c.n, hub) : null;
    };
    const keep = (id: string, n: number) => {
      this.counts.delete(id);
      this.counts.set(id, { n, total, hub });
      if (this.counts.size > 20_000) this.counts.delete(this.counts.keys().next().value!);
    };
    const count = (id: string): number => {
      const have = kept(id);
      if (have !== null) return have;
      const n = (this.s.mentionCounts.all(hub, JSON.stringify([id])) as [string, number][])[0]?.[1] ?? 0;
      keep(id, n);
      return n;
    };
    /** The counts of these ids, as count() would give them one by one in this order (kept ones from memory, the rest read together). */
    const counts = (ids: readonly string[]): number[] => {
      const missing = [...new Set(ids.filter((id) => kept(id) === null))];
      const read = new Map(missing.length ? (this.s.mentionCounts.all(hub, JSON.stringify(missing)) as [string, number][]) : []);
      return ids.map((id) => {
        const have = kept(id);
        if (have !== null) return have;
        const n = read.get(id) ?? 0;
        keep(id, n);
        return n;
      });
    };
    return { hub, count, counts };
  }

  /**
   * Per entity (its position in the list): its newest `per` mentions (memory ids are time-sortable:
   * the primary key (entity_id, memory_id) hands the newest first), then the current memories among
   * them. One index range per entity, joined by UNION ALL, a statement per list length (up to
   * MEMORIES_CHUNK): 8.1 -> 4.1 ms CPU per walk at 100k memories (27 entities, 530 rows; the same
   * rows) against one statement over json_each with the newest mentions as a correlated IN list.
   */
  private readonly memoriesOfMany = new Map<number, Statement>();
  private memoriesStmt(n: number): Statement {
    let st = this.memoriesOfMany.get(n);
    if (!st) {
      const part = (i: number) => `SELECT * FROM (SELECT ${i} AS k, memory_id, role FROM entity_mentions WHERE entity_id = ? ORDER BY memory_id DESC LIMIT ?)`;
      st = this.db
        .prepare(
          `SELECT e.k, e.memory_id, m.seq, e.role FROM (${Array.from({ length: n }, (_, i) => part(i)).join(' UNION ALL ')}) e
            JOIN memories m ON m.id = e.memory_id WHERE m.superseded_by IS NULL`,
        )
        .raw();
      this.memoriesOfMany.set(n, st);
    }
    return st;
  }

  /** The current memories among the newest `per` mentioning each entity (newest first), in the order of `ids`. */
  private memoriesOf(ids: readonly string[], per: number): MentionRow[][] {
    const out: MentionRow[][] = ids.map(() => []);
    for (let from = 0; from < ids.length; from += MEMORIES_CHUNK) {
      const chunk = ids.slice(from, from + MEMORIES_CHUNK);
      for (const [i, memory_id, seq, role] of this.memoriesStmt(chunk.length).all(...chunk.flatMap((id) => [id, per])) as [number, string, number, MentionRow['role']][]) {
        out[from + i]!.push({ memory_id, seq, role });
      }
    }
    for (const l of out) l.sort((a, b) => (a.memory_id < b.memory_id ? 1 : a.memory_id > b.memory_id ? -1 : 0));
    return out;
  }

  private kinds(ids: readonly string[]): Map<string, EntityKind> {
    return new Map(ids.length ? (this.s.kindsOf.all(JSON.stringify(ids)) as [string, EntityKind][]) : []);
  }

  /**
   * Gathering around what already matched: the entities the best first-pass memories mention (hubs
   * aside) are what the question is about ("Toby" in the memory that matched "Andrew's dogs"), and
   * their other memories, in other sessions, are likely evidence too. Each entity is as relevant as
   * the best memory that led to it; `seeds` are (seq, relevance 0..1).
   */
  gather(seeds: readonly { seq: number; relevance: number }[], limits: WalkLimits = DEFAULT_WALK, skip: ReadonlySet<string> = new Set()): WalkLink[] {
    if (!seeds.length) return [];
    const { hub, count, counts } = this.counter(limits);
    const relOf = new Map(seeds.map((x) => [x.seq, x.relevance]));
    const entities = new Map<string, number>();
    for (const [eid, seq] of this.s.mentionedIn.all(JSON.stringify(seeds.map((x) => x.seq))) as [string, number][]) {
      if (skip.has(eid)) continue;
      entities.set(eid, Math.max(entities.get(eid) ?? 0, relOf.get(seq) ?? 0));
    }
    const found = [...entities.entries()];
    const sizes = counts(found.map(([eid]) => eid));
    const picked = found
      .filter((_, i) => sizes[i]! < hub)
      .sort((a, b) => b[1] - a[1])
      .slice(0, limits.neighbours);
    const memories = this.memoriesOf(
      picked.map(([eid]) => eid),
      limits.perNeighbour,
    );
    // A memory reached through several entities keeps the most telling link (specific, relevant, its subject).
    const best = new Map<number, WalkLink>();
    const strength = (l: WalkLink) => l.specificity * l.relevance * (l.role === 'subject' ? 1 : 0.6);
    picked.forEach(([eid, relevance], i) => {
      const specificity = 1 / (1 + Math.log(Math.max(1, count(eid))));
      for (const r of memories[i]!) {
        const l: WalkLink = { memory_id: r.memory_id, seq: r.seq, entity_id: eid, role: r.role, hops: 1, via: null, specificity, relevance };
        const have = best.get(r.seq);
        if (!have || strength(l) > strength(have)) best.set(r.seq, l);
      }
    });
    return [...best.values()];
  }

  /** Entities sharing facts with one entity (among its newest `facts`), most shared first. */
  private neighboursOf(id: string, limits: WalkLimits, { hub, counts }: Counter): Neighbour[] {
    const rows = this.s.partners.all(id, limits.facts, id) as [string, number][];
    // Only the most shared partners are counted (a count reads up to `hub` index entries).
    const out: Neighbour[] = [];
    const most = rows.sort((a, b) => b[1] - a[1]).slice(0, limits.neighbours * 3);
    const sizes = counts(most.map(([pid]) => pid));
    for (const [i, [pid, shared]] of most.entries()) {
      const mentions = sizes[i]!;
      if (mentions >= hub) continue;
      out.push({ id: pid, shared, mentions });
    }
    // Many shared facts say they belong together; a specific entity says more than a common one.
    const weight = (n: Neighbour) => n.shared / (1 + Math.log(Math.max(1, n.mentions)));
    return out.sort((a, b) => weight(b) - weight(a)).slice(0, limits.neighbours);
  }

  /** Memories linked to the named entities through one or two facts (the named entities' own memories are not listed). */
  walk(entityIds: readonly string[], limits: WalkLimits = DEFAULT_WALK): WalkLink[] {
    if (!entityIds.length) return [];
    const counter = this.counter(limits);
    const visited = new Set(entityIds);
    // The entities to take memories from, in walk order; their memories are read together after.
    const reached: { n: Neighbour; hops: number; via: string }[] = [];
    const kindOf = this.kinds(entityIds);
    for (const id of entityIds) {
      const kind = kindOf.get(id);
      const first = this.neighboursOf(id, limits, counter).filter((n) => !visited.has(n.id));
      for (const n of first) visited.add(n.id);
      for (const n of first) reached.push({ n, hops: 1, via: id });
      if (limits.secondHop <= 0 || (kind !== 'person' && kind !== 'project')) continue;
      const firstKinds = this.kinds(first.map((n) => n.id));
      for (const n of first) {
        const nkind = firstKinds.get(n.id);
        if (nkind !== 'person' && nkind !== 'project') continue;
        const second = this.neighboursOf(n.id, { ...limits, facts: limits.secondFacts, neighbours: limits.secondHop }, counter).filter((m) => !visited.has(m.id));
        for (const m of second) {
          visited.add(m.id);
          reached.push({ n: m, hops: 2, via: n.id });
        }
      }
    }
    const memories = this.memoriesOf(
      reached.map((r) => r.n.id),
      limits.perNeighbour,
    );
    const out: WalkLink[] = [];
    const seen = new Set<string>();
    reached.forEach(({ n, hops, via }, i) => {
      const specificity = 1 / (1 + Math.log(Math.max(1, n.mentions)));
      for (const r of memories[i]!) {
        if (seen.has(r.memory_id)) continue;
        seen.add(r.memory_id);
        out.push({ memory_id: r.memory_id, seq: r.seq, entity_id: n.id, role: r.role, hops, via, specificity, relevance: 1 });
      }
    });
    return out;
  }
}

import type { Database as Db } from 'better-sqlite3-multiple-ciphers';
import type { SearchResult } from '../../shared/index.js';
import type { Embedder } from './embedder.js';
import { rowToMemory, type MemoryRow } from './memory-codec.js';
import type { MemoryRepo } from './memory-repo.js';
import { ftsQuery, queryEntities, queryTerms } from './query-text.js';
import type { SearchOptions } from './types.js';
import type { VectorIndex } from './vector-index.js';

/** Tunable weights of the hybrid ranking (chosen on LoCoMo dev; see the store's README section). */
export interface RetrievalWeights {
  bm25: number;
  vector: number;
  /** Share of the best neighbour's score a unit inherits (context from its segment). */
  context: number;
  /** Added when the unit names an entity the query names. */
  entity: number;
  /** Half-life of the usage/recency weight, in days. */
  halfLifeDays: number;
  /** How much decay can take off (0.2 = an unused old memory keeps 80% of its score). */
  decayFloor: number;
  candidates: number;
  /** Vector hits below this cosine similarity are noise, not evidence. */
  minSimilarity: number;
}

export const DEFAULT_WEIGHTS: RetrievalWeights = {
  bm25: 0.6,
  vector: 0.4,
  context: 0.3,
  entity: 0.15,
  halfLifeDays: 30,
  decayFloor: 0.2,
  candidates: 100,
  minSimilarity: 0.2,
};

const DAY = 86_400_000;
/** Above this many rows matching the filters, vector search uses the KNN index and post-filters. */
const EXACT_SCAN_LIMIT = 20_000;

interface Candidate {
  seq: number;
  bm25: number | null;
  bm25Rank: number | null;
  sim: number | null;
  vecRank: number | null;
  base: number;
}

/** Small LRU of query embeddings: people ask about the same things again. */
class QueryCache {
  private readonly map = new Map<string, Float32Array>();
  constructor(private readonly size = 256) {}
  get(k: string): Float32Array | undefined {
    const v = this.map.get(k);
    if (v) {
      this.map.delete(k);
      this.map.set(k, v);
    }
    return v;
  }
  set(k: string, v: Float32Array): void {
    this.map.set(k, v);
    if (this.map.size > this.size) this.map.delete(this.map.keys().next().value!);
  }
}

export class Retriever {
  private readonly queryCache = new QueryCache();
  weights: RetrievalWeights = { ...DEFAULT_WEIGHTS };

  constructor(
    private readonly db: Db,
    private readonly memories: MemoryRepo,
    private readonly embedder: Embedder | null,
    private readonly vectors: () => VectorIndex | null,
  ) {}

  private filterSql(opts: SearchOptions, alias = 'm'): { sql: string; params: unknown[] } {
    const c: string[] = [];
    const p: unknown[] = [];
    if (opts.kinds?.length) {
      c.push(`${alias}.kind IN (${opts.kinds.map(() => '?').join(',')})`);
      p.push(...opts.kinds);
    }
    if (opts.since != null) {
      c.push(`COALESCE(${alias}.occurred_at, ${alias}.created_at) >= ?`);
      p.push(opts.since);
    }
    if (opts.until != null) {
      c.push(`COALESCE(${alias}.occurred_at, ${alias}.created_at) <= ?`);
      p.push(opts.until);
    }
    if (opts.app) {
      c.push(`${alias}.app = ?`);
      p.push(opts.app);
    }
    if (!opts.includeSuperseded) c.push(`${alias}.superseded_by IS NULL`);
    return { sql: c.join(' AND '), params: p };
  }

  async embedQuery(query: string): Promise<Float32Array | null> {
    if (!this.embedder) return null;
    const key = query.trim().toLowerCase();
    const hit = this.queryCache.get(key);
    if (hit) return hit;
    const [v] = await this.embedder.embed([query]);
    if (v) this.queryCache.set(key, v);
    return v ?? null;
  }

  private bm25(query: string, opts: SearchOptions, n: number): { seq: number; score: number }[] {
    const match = ftsQuery(queryTerms(query));
    if (!match) return [];
    const f = this.filterSql(opts);
    const rows = this.db
      .prepare(`SELECT f.rowid AS seq, bm25(memory_fts, 2.0, 1.0, 0.3) AS s FROM memory_fts f JOIN memories m ON m.seq = f.rowid
        WHERE memory_fts MATCH ? ${f.sql ? `AND ${f.sql}` : ''} ORDER BY s LIMIT ?`)
      .all(match, ...f.params, n) as { seq: number; s: number }[];
    return rows.map((r) => ({ seq: r.seq, score: -r.s }));
  }

  private vector(qv: Float32Array, opts: SearchOptions, n: number): { seq: number; similarity: number }[] {
    const index = this.vectors();
    if (!index) return [];
    const f = this.filterSql(opts);
    const filtered = f.sql !== '' && !(f.sql === 'm.superseded_by IS NULL');
    if (filtered) {
      const seqs = this.db.prepare(`SELECT m.seq FROM memories m WHERE ${f.sql} AND m.embedded = 1 LIMIT ${EXACT_SCAN_LIMIT + 1}`).pluck().all(...f.params) as number[];
      if (seqs.length <= EXACT_SCAN_LIMIT) {
        const sims = index.similarities(qv, seqs);
        return [...sims.entries()].map(([seq, similarity]) => ({ seq, similarity })).sort((a, b) => b.similarity - a.similarity).slice(0, n);
      }
    }
    const hits = index.knn(qv, Math.min(n * 4, 4096));
    if (!f.sql) return hits.slice(0, n);
    const allowed = new Set(
      this.db
        .prepare(`SELECT m.seq FROM memories m WHERE m.seq IN (${hits.map(() => '?').join(',') || 'NULL'}) AND ${f.sql}`)
        .pluck()
        .all(...hits.map((h) => h.seq), ...f.params) as number[],
    );
    return hits.filter((h) => allowed.has(h.seq)).slice(0, n);
  }

  /** Neighbours of each unit in its segment (previous and next by time), for context scoring. */
  private neighbours(rows: Map<number, MemoryRow>): Map<number, number[]> {
    const out = new Map<number, number[]>();
    const prev = this.db.prepare(
      'SELECT seq FROM memories WHERE segment = ? AND (COALESCE(occurred_at, created_at), seq) < (?, ?) ORDER BY COALESCE(occurred_at, created_at) DESC, seq DESC LIMIT 1',
    );
    const next = this.db.prepare(
      'SELECT seq FROM memories WHERE segment = ? AND (COALESCE(occurred_at, created_at), seq) > (?, ?) ORDER BY COALESCE(occurred_at, created_at) ASC, seq ASC LIMIT 1',
    );
    for (const r of rows.values()) {
      if (!r.segment) continue;
      const t = r.occurred_at ?? r.created_at;
      const n: number[] = [];
      const p = prev.pluck().get(r.segment, t, r.seq) as number | undefined;
      const x = next.pluck().get(r.segment, t, r.seq) as number | undefined;
      if (p != null) n.push(p);
      if (x != null) n.push(x);
      out.set(r.seq, n);
    }
    return out;
  }

  async search(opts: SearchOptions): Promise<SearchResult[]> {
    const w = this.weights;
    const mode = opts.mode ?? 'hybrid';
    const limit = Math.min(Math.max(opts.limit ?? 10, 1), 200);
    const n = Math.max(w.candidates, limit * 3);
    const query = opts.query.trim();
    const cands = new Map<number, Candidate>();
    const get = (seq: number): Candidate => {
      let c = cands.get(seq);
      if (!c) {
        c = { seq, bm25: null, bm25Rank: null, sim: null, vecRank: null, base: 0 };
        cands.set(seq, c);
      }
      return c;
    };

    if (mode !== 'vector' && query) {
      this.bm25(query, opts, n).forEach((h, i) => Object.assign(get(h.seq), { bm25: h.score, bm25Rank: i + 1 }));
    }
    if (mode !== 'bm25' && query) {
      const qv = opts.queryEmbedding ?? (await this.embedQuery(query));
      if (qv) this.vector(qv, opts, n).filter((h) => h.similarity >= w.minSimilarity).forEach((h, i) => Object.assign(get(h.seq), { sim: h.similarity, vecRank: i + 1 }));
    }
    if (!cands.size) return [];

    const all = [...cands.values()];
    const maxB = Math.max(0, ...all.map((c) => c.bm25 ?? 0)) || 1;
    const sims = all.filter((c) => c.sim != null).map((c) => c.sim!);
    const maxS = sims.length ? Math.max(...sims) : 1;
    const minS = sims.length ? Math.min(...sims) : 0;
    const span = maxS - minS || 1;
    const wb = mode === 'vector' ? 0 : mode === 'bm25' ? 1 : w.bm25;
    const wv = mode === 'vector' ? 1 : mode === 'bm25' ? 0 : w.vector;
    for (const c of all) {
      const nb = c.bm25 != null ? c.bm25 / maxB : 0;
      const nv = c.sim != null ? (mode === 'vector' ? c.sim : (c.sim - minS) / span) : 0;
      c.base = wb * nb + wv * nv;
    }

    const rows = this.memories.rowsBySeq(all.map((c) => c.seq));
    const now = opts.now ?? Date.now();
    const entities = mode === 'hybrid' ? queryEntities(query).map((e) => e.toLowerCase()) : [];
    const neigh = mode === 'hybrid' && w.context > 0 ? this.neighbours(rows) : new Map<number, number[]>();
    const scored: SearchResult[] = [];
    for (const c of all) {
      const row = rows.get(c.seq);
      if (!row) continue;
      let context = 0;
      for (const s of neigh.get(c.seq) ?? []) context = Math.max(context, cands.get(s)?.base ?? 0);
      const contextBoost = w.context * context;
      const hay = `${row.title} ${row.text}`.toLowerCase();
      const entityBoost = entities.length ? (w.entity * entities.filter((e) => hay.includes(e)).length) / entities.length : 0;
      const lastUse = row.last_accessed_at ?? row.created_at;
      const decay = Math.pow(0.5, Math.max(0, now - lastUse) / (w.halfLifeDays * DAY));
      const usage = (1 - w.decayFloor + w.decayFloor * decay) * (1 + 0.05 * Math.log1p(row.access_count));
      const score = (c.base + contextBoost + entityBoost) * usage;
      scored.push({
        memory: rowToMemory(row),
        score,
        reasons: {
          bm25_rank: c.bm25Rank,
          vector_rank: c.vecRank,
          bm25_score: c.bm25,
          vector_similarity: c.sim,
          context_boost: contextBoost,
          entity_boost: entityBoost,
          usage_weight: usage,
        },
      });
    }
    scored.sort((a, b) => b.score - a.score);
    return scored.slice(0, limit);
  }
}

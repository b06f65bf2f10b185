/**
 * `npm run bench -- store [--json] [--sizes 10000,100000] [--million] [--queries 200] [--queue] [--cache-mib 256] [--no-graph] [--common-overlap] [--no-common] [--unmerged] [--thread on|off] [--keep DIR] [--reuse DIR] [--quality]`
 *
 * Insert rate, database size and hybrid query latency of the real encrypted store at 10k and 100k
 * memories (and 1M with --million; targets: p95 <= 15 ms at 100k, <= 40 ms at 1M).
 * Memories are synthetic but shaped like real ones: Zipf-distributed words (stop words included),
 * grouped in segments of 5-35 units with increasing times, a mix of kinds and apps. Embeddings are
 * precomputed 512-d unit vectors clustered by topic (units of one segment are near each other, as a
 * sentence encoder would put them). By default they go in with the memory (NewMemory.embedding: row,
 * FTS with context, vector and code, batches of 1000 in one transaction each), the store's own cost
 * per memory that issue 2's target (5,000/s, embeddings precomputed) speaks of. No product code
 * writes a vector with the memory: an import or restore writes batches in one transaction and the
 * embed queue adds the vectors after (embedding cache + index), which --queue measures (the rate
 * counts until every vector is searchable); the brain writes each memory in its own transaction
 * after a duplicate search, which the agents bench measures. Only the store's work is timed. Query latency is
 * measured with the query's embedding given; the time to embed one query with the default
 * UseEmbedder (the encoder in its worker, the built one in dist/ when `npm run build` made it: see
 * measureEmbed), and from the static query table when one is built, is reported apart. The page cache is 256 MiB unless --cache-mib says otherwise (the
 * store's default is 64; a 100k store is ~190 MB).
 *
 * The graph (issue 18), unless --no-graph: about half the memories name people, projects and
 * organisations from pools of realistic size (a few thousand names, Zipf-distributed, an event's
 * actor among them), so the brain's own offline builder (buildGraph) makes a graph of entities,
 * facts and mentions from them. Reported: its build time (memories/s) and size, and the latency of
 * hybrid+graph queries that name an entity (graph walk on: weight 0.3, the default cap on graph-only candidates, and
 * gathering around the best matches' entities, graphGather 0.3), beside the same queries without the walk.
 *
 * Very common query words select no BM25 candidates at this size (agents/store/common-terms.ts):
 * reported is how many queries had one. With --common-overlap each query set is asked again,
 * untimed, with every word selecting candidates as before: how many top 10s differ, and their
 * mean and lowest overlap@10. With --no-common every word selects, throughout (the rankings as
 * before common-terms.ts, to check that nothing else moved them). Before the queries the keyword
 * indexes are merged to one segment each, as the app's brain does in idle time once a day (the
 * merge's slices and CPU are printed); --unmerged measures them as the batches left them. From
 * 20,000 vectors the store runs the vector search on a thread of its own while the keyword phase
 * runs (agents/store/vector-thread.ts); the bench waits for the thread to start before its timed
 * queries and reports how many searches it answered. From 250,000 rows the keyword index's BM25
 * statements are split by rowid with a thread of their own too, while the machine has a core to
 * spare (load average below the cores: agents/store/keyword-split.ts). --thread off leaves every
 * search on the main thread, to compare; --thread on uses both threads whatever the load. With --keep DIR each size's store stays
 * in DIR/store-N (key: 32 bytes of 7) for probes after the run, with its insert figures in
 * DIR/store-N/inserted.json. --reuse DIR times the queries again on a store kept so (a 1M store takes
 * ~25 min to write): the memories are generated again, not inserted, so that the random sequence and
 * so the queries are the same as the writing run's; the insert rate and merge are the kept ones.
 *
 * --quality: after the timed queries, plants the quality set (store-quality.ts: notes written as
 * people write them, background notes in everyday English, questions in other words) and reports
 * the notes' recall@10 and MRR with the store's keyword rules and, beside it, with every word
 * selecting BM25 candidates (the strict questions, which share only everyday words with their
 * note, apart). It writes to the store: with --reuse, reuse a copy (a store planted
 * once is measured as it is). */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import type { MemoryKind } from '../../shared/index.js';
import { buildGraph, type GraphSourceMemory } from '../../agents/graph/index.js';
import { DEFAULT_WEIGHTS, openStore, StaticKeyProvider, StaticQueryTable, UseEmbedder, type Embedder, type SearchPhase } from '../../agents/store/index.js';
import { prng } from '../fixtures/prng.js';
import { BenchTargets } from './targets.js';
import { measureQuality, plantQuality, type QualityFigures } from './store-quality.js';

const DIM = 512;
const BATCH = 1000;

const Args = z.object({
  json: z.boolean().default(false),
  sizes: z
    .string()
    .default('10000,100000')
    .transform((s) => s.split(',').map((x) => Number(x.trim())))
    .pipe(z.array(z.number().int().positive().max(2_000_000)).min(1)),
  queries: z.coerce.number().int().positive().max(10_000).default(200),
  queue: z.boolean().default(false),
  'cache-mib': z.coerce.number().int().min(2).max(4096).default(256),
  graph: z.boolean().default(true),
  'common-overlap': z.boolean().default(false),
  common: z.boolean().default(true),
  /** Adds the 1,000,000-memory size (opt-in: it takes tens of minutes). */
  million: z.boolean().default(false),
  keep: z.string().min(1).optional(),
  reuse: z.string().min(1).optional(),
  thread: z.enum(['auto', 'on', 'off']).default('auto'),
  quality: z.boolean().default(false),
});

/** The quality set's seed: the same notes and questions every run. */
const QUALITY_SEED = 34;


export const STOP = 'the and to of a i in it is that you for on was with my me at this be have so but we just are not about what like all do from there one'.split(' ');
const SYLLABLES = 'ka lo mi ne ru ta shi pe vo da gri sen tor mal bex quin dra ful ost ven pra lim cor hab nus zet yel wim jor'.split(' ');

export class Corpus {
  readonly vocab: string[];
  private readonly cdf: Float64Array;
  readonly topics: Float32Array[];

  constructor(
    private readonly rand: () => number,
    vocabSize = 20_000,
    topicCount = 300,
  ) {
    const words = new Set<string>(STOP);
    while (words.size < vocabSize) {
      const n = 2 + Math.floor(rand() * 3);
      let w = '';
      for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(rand() * SYLLABLES.length)];
      words.add(w);
    }
    this.vocab = [...words];
    // Zipf (s = 1.05) over word ranks: the stop words at the head are the most frequent.
    this.cdf = new Float64Array(this.vocab.length);
    let sum = 0;
    for (let i = 0; i < this.vocab.length; i++) this.cdf[i] = sum += 1 / Math.pow(i + 1, 1.05);
    for (let i = 0; i < this.cdf.length; i++) this.cdf[i]! /= sum;
    this.topics = Array.from({ length: topicCount }, () => this.unit(this.gaussian(DIM)));
  }

  word(minRank = 0): string {
    for (;;) {
      const r = this.rand();
      let lo = 0;
      let hi = this.cdf.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (this.cdf[mid]! < r) lo = mid + 1;
        else hi = mid;
      }
      if (lo >= minRank) return this.vocab[lo]!;
    }
  }

  sentence(words: number): string {
    return Array.from({ length: words }, () => this.word()).join(' ');
  }

  gaussian(n: number): Float32Array {
    const v = new Float32Array(n);
    for (let i = 0; i < n; i += 2) {
      const u = Math.max(this.rand(), 1e-12);
      const r = Math.sqrt(-2 * Math.log(u));
      const th = 2 * Math.PI * this.rand();
      v[i] = r * Math.cos(th);
      if (i + 1 < n) v[i + 1] = r * Math.sin(th);
    }
    return v;
  }

  unit(v: Float32Array): Float32Array {
    let s = 0;
    for (const x of v) s += x * x;
    const n = Math.sqrt(s) || 1;
    for (let i = 0; i < v.length; i++) v[i]! /= n;
    return v;
  }

  /** A vector near a topic (cosine ~0.5-0.7 to it), like a sentence embedding of a text on that topic. */
  near(topic: number, noise = 0.9): Float32Array {
    const t = this.topics[topic]!;
    const g = this.unit(this.gaussian(DIM));
    const v = new Float32Array(DIM);
    for (let i = 0; i < DIM; i++) v[i] = t[i]! + noise * g[i]!;
    return this.unit(v);
  }
}

/**
 * Who and what memories name: people ("Kalo Minetor"), projects ("Project Vobex") and organisations
 * ("Grisen Labs") from pools of a realistic size, picked Zipf-like (a few names recur a lot).
 */
export class NamePool {
  readonly people: string[];
  readonly projects: string[];
  readonly orgs: string[];

  constructor(
    private readonly rand: () => number,
    people = 3000,
    projects = 400,
    orgs = 300,
  ) {
    const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
    const word = () => {
      let w = '';
      for (let i = 0, n = 2 + Math.floor(rand() * 2); i < n; i++) w += SYLLABLES[Math.floor(rand() * SYLLABLES.length)];
      return cap(w);
    };
    const unique = (n: number, make: () => string) => {
      const set = new Set<string>();
      while (set.size < n) set.add(make());
      return [...set];
    };
    this.people = unique(people, () => `${word()} ${word()}`);
    this.projects = unique(projects, () => `Project ${word()}`);
    this.orgs = unique(orgs, () => `${word()} ${['Labs', 'Group', 'Foundation', 'Bank'][Math.floor(rand() * 4)]}`);
  }

  /** Index in [0, n) with rank r picked about 1/(r+1) as often as rank 0. */
  pick<T>(list: readonly T[]): T {
    const r = Math.floor(Math.pow(list.length + 1, this.rand())) - 1;
    return list[Math.min(list.length - 1, Math.max(0, r))]!;
  }
}

/** Returns precomputed vectors for the texts it was given; any other text is a bench bug. */
class PrecomputedEmbedder implements Embedder {
  readonly id = `bench-precomputed-${DIM}`;
  readonly dimensions = DIM;
  readonly vectors = new Map<string, Float32Array>();
  async embed(texts: string[]): Promise<Float32Array[]> {
    return texts.map((t) => {
      const v = this.vectors.get(t);
      if (!v) throw new Error(`no precomputed vector for "${t.slice(0, 40)}"`);
      return v;
    });
  }
}

const KINDS: MemoryKind[] = ['episodic', 'episodic', 'episodic', 'semantic', 'resource', 'procedural'];
const APPS = ['Safari', 'Slack', 'VS Code', 'Keynote', 'Mail', 'Terminal', 'Figma', null];

interface SizeResult {
  n: number;
  insert_per_s: number;
  query_p50_ms: number;
  query_p95_ms: number;
  embed_ms: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;

const PHASES: SearchPhase[] = ['bm25', 'embed', 'vector', 'passages', 'graph', 'fusion', 'rows', 'context', 'hydrate'];
/** Per phase of a search: p50 and p95 over the queries, in CPU ms of this process. */
type PhaseFigures = Partial<Record<SearchPhase, { p50: number; p95: number }>>;

/** Collects the retriever's phase times per query (Retriever.phaseTimes) and summarises them. */
class PhaseRecorder {
  private readonly runs: Partial<Record<SearchPhase, number>>[] = [];
  constructor(private readonly retriever: { phaseTimes: Partial<Record<SearchPhase, number>> | null }) {}
  async time<T>(fn: () => Promise<T>): Promise<T> {
    const phases: Partial<Record<SearchPhase, number>> = {};
    this.retriever.phaseTimes = phases;
    try {
      return await fn();
    } finally {
      this.retriever.phaseTimes = null;
      this.runs.push(phases);
    }
  }
  summary(): PhaseFigures {
    const out: PhaseFigures = {};
    for (const p of PHASES) {
      const xs = this.runs.map((r) => r[p] ?? 0).sort((a, b) => a - b);
      if (xs.some((x) => x > 0)) out[p] = { p50: round(percentile(xs, 0.5)), p95: round(percentile(xs, 0.95)) };
    }
    return out;
  }
}

const phaseLine = (f: PhaseFigures): string =>
  PHASES.filter((p) => f[p])
    .map((p) => `${p} ${f[p]!.p50.toFixed(2)}/${f[p]!.p95.toFixed(2)}`)
    .join(', ');

/** Top 10s of a query set with common words scored apart, against every word selecting candidates (common-terms.ts off). */
interface CommonFigures {
  /** Queries with a common word (scored apart). */
  split: number;
  /** With --common-overlap: queries whose top 10 differ, and the mean and lowest overlap@10. */
  changed?: number;
  overlap_mean?: number;
  overlap_min?: number;
}

type Store = Awaited<ReturnType<typeof openStore>>;
type Query = { query: string; queryEmbedding: Float32Array };

/** Asks the queries again, untimed, with every word selecting BM25 candidates, and compares each top 10 with `tops` (memory texts). */
async function commonOverlap(store: Store, qs: Query[], tops: string[][], split: number): Promise<CommonFigures> {
  const terms = store.retriever.commonTerms;
  const limits = terms.limits;
  terms.limits = { ...limits, floor: Infinity };
  try {
    let changed = 0;
    let sum = 0;
    let min = 1;
    for (const [i, q] of qs.entries()) {
      const before = new Set((await store.search({ ...q, limit: 10 })).map((h) => h.memory.text));
      const now = tops[i]!;
      const shared = now.filter((t) => before.has(t)).length / Math.max(1, before.size, now.length);
      if (shared < 1 || before.size !== now.length) changed++;
      sum += shared;
      min = Math.min(min, shared);
    }
    return { split, changed, overlap_mean: round(sum / Math.max(1, qs.length), 3), overlap_min: round(min, 2) };
  } finally {
    terms.limits = limits;
  }
}

const commonLine = (c: CommonFigures, n: number): string =>
  `common words scored apart in ${c.split} of ${n} queries` +
  (c.changed != null ? `; top 10 changed in ${c.changed} (overlap@10 mean ${c.overlap_mean!.toFixed(3)}, lowest ${c.overlap_min!.toFixed(2)}) against every word selecting` : '');

interface GraphFigures {
  build_s: number;
  build_per_s: number;
  entities: number;
  facts: number;
  mentions: number;
  /** Queries naming an entity: hybrid+graph (walk on) and the same queries with the walk off. */
  graph_p50_ms: number;
  graph_p95_ms: number;
  /** The same in CPU time of this process (the machine may be shared). */
  graph_cpu_p50_ms: number;
  graph_cpu_p95_ms: number;
  plain_cpu_p50_ms: number;
  plain_cpu_p95_ms: number;
  plain_p50_ms: number;
  plain_p95_ms: number;
  /** Share of hybrid+graph queries whose results include a memory reached through the graph. */
  linked_share: number;
  /** Phases of the hybrid+graph queries (p50/p95 ms). */
  graph_phases: PhaseFigures;
  /** sha256 (first 16 hex) of the ordered result ids of the queries without and with the walk. */
  rankings: string;
  /** Common words in the queries without and with the walk. */
  common_plain: CommonFigures;
  common_graph: CommonFigures;
}

async function runSize(
  n: number,
  queries: number,
  embedMs: number,
  viaQueue: boolean,
  cacheMiB: number,
  withGraph: boolean,
  overlap: boolean,
  common: boolean,
  merged: boolean,
  thread: 'auto' | 'on' | 'off',
  log: (s: string) => void,
  keep?: string,
  reuse?: string,
  quality = false,
): Promise<
  SizeResult & {
    db_mb: number;
    insert_cpu_per_s: number;
    query_cpu_p50_ms: number;
    query_cpu_p95_ms: number;
    query_phases: PhaseFigures;
    window_p50_ms: number;
    window_p95_ms: number;
    window_cpu_p50_ms: number;
    window_cpu_p95_ms: number;
    /** sha256 (first 16 hex) of every query's ordered results (their texts: ids are random): a speed change must leave it as it was. */
    rankings: string;
    common: CommonFigures;
    /** Hybrid queries whose vector search its thread answered, and those taken back (it had not started them); null: no thread. */
    vector_thread: { answered: number; taken_back: number } | null;
    /** BM25 statements whose upper half the keyword thread answered, and those taken back; null: no thread (below 250,000 rows). */
    keyword_thread: { answered: number; taken_back: number } | null;
    graph: GraphFigures | null;
    /** --quality: the quality set with the store's keyword rules, and with every word selecting. */
    quality: { rules: QualityFigures; every_word: QualityFigures } | null;
  }
> {
  const rand = prng(42 + n);
  const corpus = new Corpus(rand);
  const names = withGraph ? new NamePool(prng(7 + n)) : null;
  const embedder = new PrecomputedEmbedder();
  const dir = reuse ? join(reuse, `store-${n}`) : keep ? join(keep, `store-${n}`) : mkdtempSync(join(tmpdir(), 'engram-storebench-'));
  if (keep && existsSync(dir)) throw new Error(`--keep: ${dir} exists (a kept store is never written again)`);
  const kept = reuse ? readKept(dir, withGraph, merged, viaQueue) : null;
  if (keep) mkdirSync(dir, { recursive: true });
  const store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(Buffer.alloc(32, 7)), embedder, cacheMiB });
  if (!common) store.retriever.commonTerms.limits = { ...store.retriever.commonTerms.limits, floor: Infinity };
  const vectors = store.memoryVectors;
  if (vectors && thread !== 'auto') vectors.spare = thread === 'on' ? () => true : () => false;
  if (thread !== 'auto') store.keywordSplit.spare = thread === 'on' ? () => true : () => false;
  try {
    // Memories are generated a batch at a time, outside the timed sections: only the store's work
    // is timed (holding 100k generated vectors at once would also time the GC of a 200 MB heap).
    const t0 = Date.UTC(2026, 0, 1);
    let segment = 0;
    let topic = 0;
    let left = 0;
    const makeItem = (i: number): Parameters<typeof store.memories.insert>[0] => {
      if (left === 0) {
        segment++;
        topic = Math.floor(rand() * corpus.topics.length);
        left = 5 + Math.floor(rand() * 30);
      }
      left--;
      const kind = KINDS[Math.floor(rand() * KINDS.length)]!;
      let text = `${corpus.sentence(1).replace(/^./, (c) => c.toUpperCase())} ${corpus.sentence(8 + Math.floor(rand() * 25))} #${i}`;
      let actor: string | null = null;
      if (names && rand() < 0.5) {
        // About half the memories name someone, often with a project or an organisation beside them.
        actor = names.pick(names.people);
        const also = [rand() < 0.5 ? names.pick(names.projects) : null, rand() < 0.25 ? names.pick(names.orgs) : null, rand() < 0.3 ? names.pick(names.people) : null];
        text = `${text} with ${[actor, ...also.filter((x): x is string => x !== null)].join(' and ')} ${corpus.sentence(4)}`;
      }
      const vector = corpus.near(topic);
      if (viaQueue) embedder.vectors.set(text, vector);
      return {
        embedding: viaQueue ? undefined : { embedder: embedder.id, vector },
        kind,
        text,
        fields: kind === 'procedural' ? { entry_type: 'guide' } : kind === 'resource' ? { resource_type: 'url' } : kind === 'episodic' && actor ? { actor } : {},
        app: APPS[Math.floor(rand() * APPS.length)] ?? null,
        occurred_at: kind === 'episodic' ? t0 + i * 30_000 : null,
        created_at: t0 + i * 30_000,
        segment: `seg-${segment}`,
      };
    };
    let secs = 0;
    let cpuSecs = 0;
    const timed = async (fn: () => unknown): Promise<void> => {
      const c = process.cpuUsage();
      const t = performance.now();
      await fn();
      secs += (performance.now() - t) / 1000;
      const u = process.cpuUsage(c);
      cpuSecs += (u.user + u.system) / 1e6;
    };
    for (let i = 0; kept && i < n; i++) makeItem(i); // the same random sequence as the writing run's
    for (let i = 0; !kept && i < n; i += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, n - i) }, (_, j) => makeItem(i + j));
      await timed(async () => {
        store.transaction(() => {
          for (const m of batch) store.memories.insert(m);
        });
        // Let the embed queue run between batches, as it would between an importer's writes.
        await new Promise((r) => setImmediate(r));
      });
      if (i % 20_000 === 0 && i) log(`  ${i} inserted (${secs.toFixed(1)} s)`);
    }
    if (!kept) await timed(() => store.flushEmbeddings());
    embedder.vectors.clear();
    if (store.embeddingError) throw new Error(`embedding failed: ${store.embeddingError}`);
    if (store.stats().pending_embeddings !== 0) throw new Error('embeddings left pending');
    if (merged && !kept) {
      // As the app's brain does in idle time once a day (agents/meta/keyword-index-upkeep.ts): the
      // searches then read one segment per keyword index instead of the ~10 the batches leave.
      const c = process.cpuUsage();
      let slices = 1;
      while (store.mergeKeywordIndexSlice()) slices++;
      const u = process.cpuUsage(c);
      log(`  keyword index merged as the brain does in idle time: ${slices} slices, ${((u.user + u.system) / 1000).toFixed(0)} ms CPU (--unmerged measures it as written)`);
    }
    const inserted: Inserted = kept ?? { insert_per_s: Math.round(n / secs), insert_cpu_per_s: Math.round(n / cpuSecs), graph: withGraph, merged, queue: viaQueue };
    if (keep) writeFileSync(join(dir, 'inserted.json'), `${JSON.stringify(inserted)}\n`);

    // Queries: 2-5 content words (Zipf, beyond the stop words), an embedding near one topic. Asked
    // a day after the last memory, whatever the clock: ranking's half-life reads the time of asking,
    // so with the clock the rankings hash of a kept store moved between runs minutes apart.
    const now = t0 + n * 30_000 + 86_400_000;
    const qs = Array.from({ length: queries }, () => ({
      query: Array.from({ length: 2 + Math.floor(rand() * 4) }, () => corpus.word(STOP.length)).join(' '),
      queryEmbedding: corpus.near(Math.floor(rand() * corpus.topics.length), 1.2),
      now,
    }));
    for (const q of qs.slice(0, 10)) await store.search({ ...q, limit: 10 }); // warm the page cache
    // The vector thread starts at the first search of a large store: the timed queries are those of a store that has been up.
    for (let i = 0; i < 100 && (vectors?.threadSearches?.state === 'starting' || store.keywordSplit.threadStatements?.state === 'starting'); i++) await new Promise((r) => setTimeout(r, 50));
    const threadBefore = vectors?.threadSearches ?? null;
    const keywordBefore = store.keywordSplit.threadStatements;
    const times: number[] = [];
    const cpuTimes: number[] = [];
    const phases = new PhaseRecorder(store.retriever);
    const rankings = createHash('sha256');
    const tops: string[][] = [];
    const splits = store.retriever.commonTerms.splits;
    for (const q of qs) {
      const c = process.cpuUsage();
      const t = performance.now();
      const hits = await phases.time(() => store.search({ ...q, limit: 10 }));
      times.push(performance.now() - t);
      const cu = process.cpuUsage(c);
      cpuTimes.push((cu.user + cu.system) / 1000);
      if (hits.length === 0) throw new Error(`no hits for "${q.query}"`);
      rankings.update(`${hits.map((h) => h.memory.text).join(',')}\n`);
      tops.push(hits.map((h) => h.memory.text));
    }
    const split = store.retriever.commonTerms.splits - splits;
    const threadAfter = vectors?.threadSearches ?? null;
    const vectorThread = threadAfter ? { answered: threadAfter.answered - (threadBefore?.answered ?? 0), taken_back: threadAfter.takenBack - (threadBefore?.takenBack ?? 0) } : null;
    const keywordAfter = store.keywordSplit.threadStatements;
    const keywordThread = keywordAfter ? { answered: keywordAfter.answered - (keywordBefore?.answered ?? 0), taken_back: keywordAfter.takenBack - (keywordBefore?.takenBack ?? 0) } : null;
    const common = overlap ? await commonOverlap(store, qs, tops, split) : { split };
    times.sort((a, b) => a - b);
    cpuTimes.sort((a, b) => a - b);
    // The chat asks with a time window ("last week"): the same queries within a random 7-day window.
    const span = n * 30_000;
    const windowed: number[] = [];
    const windowedCpu: number[] = [];
    for (const q of qs.slice(0, 100)) {
      const since = t0 + Math.floor(rand() * Math.max(1, span - 7 * 86_400_000));
      const c = process.cpuUsage();
      const t = performance.now();
      const hits = await store.search({ ...q, since, until: since + 7 * 86_400_000, limit: 10 });
      windowed.push(performance.now() - t);
      const cu = process.cpuUsage(c);
      windowedCpu.push((cu.user + cu.system) / 1000);
      rankings.update(`w:${hits.map((h) => h.memory.text).join(',')}\n`);
    }
    windowed.sort((a, b) => a - b);
    windowedCpu.sort((a, b) => a - b);
    const graph = names ? await measureGraph(store, n, names, corpus, rand, queries, overlap, log) : null;
    let qualityFigures: { rules: QualityFigures; every_word: QualityFigures } | null = null;
    if (quality) {
      const planted = await plantQuality(store, QUALITY_SEED, now, embedder.id, log);
      try {
        const { tops: _r, ...rules } = await measureQuality(store, QUALITY_SEED, now, planted);
        const terms = store.retriever.commonTerms;
        const limits = terms.limits;
        terms.limits = { ...limits, floor: Infinity };
        try {
          const { tops: _e, ...every } = await measureQuality(store, QUALITY_SEED, now, planted);
          qualityFigures = { rules, every_word: every };
        } finally {
          terms.limits = limits;
        }
      } finally {
        await planted.embed.close();
      }
    }
    return {
      n,
      insert_per_s: inserted.insert_per_s,
      insert_cpu_per_s: inserted.insert_cpu_per_s,
      query_p50_ms: round(percentile(times, 0.5)),
      query_p95_ms: round(percentile(times, 0.95)),
      query_cpu_p50_ms: round(percentile(cpuTimes, 0.5)),
      query_cpu_p95_ms: round(percentile(cpuTimes, 0.95)),
      query_phases: phases.summary(),
      window_p50_ms: round(percentile(windowed, 0.5)),
      window_p95_ms: round(percentile(windowed, 0.95)),
      window_cpu_p50_ms: round(percentile(windowedCpu, 0.5)),
      window_cpu_p95_ms: round(percentile(windowedCpu, 0.95)),
      rankings: rankings.digest('hex').slice(0, 16),
      common,
      vector_thread: vectorThread,
      keyword_thread: keywordThread,
      embed_ms: round(embedMs),
      db_mb: round(store.stats().db_bytes / 1e6, 1),
      graph,
      quality: qualityFigures,
    };
  } finally {
    await store.close();
    if (!keep && !reuse) rmSync(dir, { recursive: true, force: true });
  }
}

/** What a --keep run wrote beside its store, for --reuse. */
const Inserted = z.object({ insert_per_s: z.number(), insert_cpu_per_s: z.number(), graph: z.boolean(), merged: z.boolean(), queue: z.boolean() });
type Inserted = z.infer<typeof Inserted>;

function readKept(dir: string, graph: boolean, merged: boolean, queue: boolean): Inserted {
  const file = join(dir, 'inserted.json');
  if (!existsSync(file)) throw new Error(`--reuse: no store kept by --keep in ${dir}`);
  const kept = Inserted.parse(JSON.parse(readFileSync(file, 'utf8')));
  // The memories are generated again: they only match the store's when it was written with the same options.
  if (kept.graph !== graph || kept.merged !== merged || kept.queue !== queue) throw new Error(`--reuse: ${dir} was written with graph ${kept.graph}, merged ${kept.merged}, queue ${kept.queue}; give the same options`);
  return kept;
}

/** The graph's part of retrieval on (the walk from named entities and gathering around the best matches) and off. */
const GRAPH_ON = { graph: 0.3, graphCandidates: DEFAULT_WEIGHTS.graphCandidates, graphGather: 0.3 };
const GRAPH_OFF = { graph: 0, graphNamed: 0, graphCandidates: 0, graphGather: 0 };

/**
 * Builds the graph with the brain's offline builder over every memory (in batches of BATCH, as the
 * graph keeper catches up), then times queries that name an entity with the graph walk on and off.
 */
async function measureGraph(
  store: Store,
  n: number,
  names: NamePool,
  corpus: Corpus,
  rand: () => number,
  queries: number,
  overlap: boolean,
  log: (s: string) => void,
): Promise<GraphFigures> {
  let buildMs = 0;
  for (let after = 0; ; ) {
    const rows = store.db
      .prepare('SELECT seq, id, kind, title, text, fields, COALESCE(occurred_at, created_at) AS at FROM memories WHERE seq > ? ORDER BY seq LIMIT ?')
      .all(after, BATCH) as { seq: number; id: string; kind: string; title: string; text: string; fields: string; at: number }[];
    if (!rows.length) break;
    after = rows[rows.length - 1]!.seq;
    const batch: GraphSourceMemory[] = rows.map((r) => ({ id: r.id, kind: r.kind, title: r.title, text: r.text, fields: JSON.parse(r.fields) as Record<string, unknown>, at: r.at }));
    const t = performance.now();
    buildGraph(store, batch);
    buildMs += performance.now() - t;
    if (after % 20_000 < BATCH) log(`  graph: ${after} memories read (${(buildMs / 1000).toFixed(1)} s)`);
    await new Promise((r) => setImmediate(r));
  }
  const size = store.graph.counts();
  const qs = Array.from({ length: queries }, () => {
    const who = rand() < 0.7 ? names.pick(names.people) : names.pick(names.projects);
    return {
      query: `what did ${who} say about ${corpus.word(STOP.length)} ${corpus.word(STOP.length)}`,
      queryEmbedding: corpus.near(Math.floor(rand() * corpus.topics.length), 1.2),
      now: Date.UTC(2026, 0, 1) + n * 30_000 + 86_400_000,
    };
  });
  const rankings = createHash('sha256');
  const run = async (walk: boolean): Promise<{ times: number[]; cpu: number[]; linked: number; phases: PhaseFigures; common: CommonFigures }> => {
    Object.assign(store.retriever.weights, walk ? GRAPH_ON : GRAPH_OFF);
    for (const q of qs.slice(0, 10)) await store.search({ ...q, limit: 10 });
    const times: number[] = [];
    const cpu: number[] = [];
    const phases = new PhaseRecorder(store.retriever);
    let linked = 0;
    const tops: string[][] = [];
    const splits = store.retriever.commonTerms.splits;
    for (const q of qs) {
      const c = process.cpuUsage();
      const t = performance.now();
      const hits = await phases.time(() => store.search({ ...q, limit: 10 }));
      times.push(performance.now() - t);
      const cu = process.cpuUsage(c);
      cpu.push((cu.user + cu.system) / 1000);
      if (hits.some((h) => h.reasons.linked_through)) linked++;
      rankings.update(`${walk ? 'g' : 'p'}:${hits.map((h) => h.memory.text).join(',')}\n`);
      tops.push(hits.map((h) => h.memory.text));
    }
    const split = store.retriever.commonTerms.splits - splits;
    const common = overlap ? await commonOverlap(store, qs, tops, split) : { split };
    return { times: times.sort((a, b) => a - b), cpu: cpu.sort((a, b) => a - b), linked, phases: phases.summary(), common };
  };
  const plain = await run(false);
  const walked = await run(true);
  Object.assign(store.retriever.weights, GRAPH_OFF);
  return {
    build_s: round(buildMs / 1000, 1),
    build_per_s: Math.round(n / (buildMs / 1000)),
    entities: size.entities,
    facts: size.facts,
    mentions: size.mentions,
    graph_p50_ms: round(percentile(walked.times, 0.5)),
    graph_p95_ms: round(percentile(walked.times, 0.95)),
    plain_p50_ms: round(percentile(plain.times, 0.5)),
    plain_p95_ms: round(percentile(plain.times, 0.95)),
    graph_cpu_p50_ms: round(percentile(walked.cpu, 0.5)),
    graph_cpu_p95_ms: round(percentile(walked.cpu, 0.95)),
    plain_cpu_p50_ms: round(percentile(plain.cpu, 0.5)),
    plain_cpu_p95_ms: round(percentile(plain.cpu, 0.95)),
    linked_share: round(walked.linked / qs.length, 3),
    graph_phases: walked.phases,
    rankings: rankings.digest('hex').slice(0, 16),
    common_plain: plain.common,
    common_graph: walked.common,
  };
}

const EMBED_QUERIES = [
  'when did Ana send the Q3 deck',
  'which terminal command fixed the build',
  'notes from the design review',
  'the flight to Lisbon',
  'what was the name of the restaurant we booked for Friday',
  'how much did the hotel cost',
  'password reset steps for the staging VPN',
  'who reviewed my pull request about the cache',
  'the article on sourdough I read last week',
  'budget spreadsheet numbers for marketing',
  'when is the dentist appointment',
];

/**
 * Memory-like texts the worker embeds before the settled warm figure: the app's worker embeds every
 * memory and screen passage all day, so its graph executor's JavaScript is compiled by the time
 * someone searches (V8 takes about 30 runs to get there).
 */
const SETTLE_TEXTS = Array.from({ length: 40 }, (_, i) => `${['Standup notes', 'Read the article', 'Email from Ana', 'Terminal output', 'Meeting about'][i % 5]} ${i}: ${EMBED_QUERIES[i % EMBED_QUERIES.length]}`);

/**
 * The UseEmbedder users run: the built one in dist/ (`npm run build`), whose worker is plain
 * JavaScript. From source the worker starts under tsx, which compiles its modules on the way (cold
 * ~100-300 CPU-ms more than the CLI or the app pay), so that is the fallback, and says so.
 */
async function useEmbedderClass(): Promise<{ Use: typeof UseEmbedder; from: 'dist' | 'source (tsx)' }> {
  const built = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'agents', 'store', 'use-embedder.js');
  if (!existsSync(built)) return { Use: UseEmbedder, from: 'source (tsx)' };
  return { Use: ((await import(pathToFileURL(built).href)) as { UseEmbedder: typeof UseEmbedder }).UseEmbedder, from: 'dist' };
}

/**
 * One search query embedded as the store asks for it (query: true), by the default UseEmbedder (the
 * encoder in its worker) or, when `table` and one is built (scripts/distill-query-table.mjs), from
 * the static query table. Cold: a new embedder's first query (the worker starts, the model loads).
 * Fresh: the median of the next 11, in a worker that has done nothing else (a host's first queries).
 * Warm (the target's): the median of 11 more after the worker embedded SETTLE_TEXTS, as the app's has.
 */
async function measureEmbed(table = false): Promise<EmbedTimes | null> {
  if (table && !StaticQueryTable.loadShipped()) return null;
  const { Use, from } = table ? { Use: UseEmbedder, from: 'source (tsx)' as const } : await useEmbedderClass();
  const use = new Use(60_000, table ? 'shipped' : null);
  const timed = async (queries: string[]) => {
    const times: number[] = [];
    const cpu: number[] = [];
    for (const q of queries) {
      const t = performance.now();
      const c = process.cpuUsage();
      await use.embed([q], { query: true });
      times.push(performance.now() - t);
      cpu.push(cpuMs(process.cpuUsage(c)));
    }
    return { times, cpu };
  };
  try {
    const cold = await timed(['what did I work on yesterday afternoon']);
    const fresh = await timed(EMBED_QUERIES);
    // The table has no worker to settle.
    if (!table) await use.embed(SETTLE_TEXTS);
    const warm = await timed(EMBED_QUERIES.map((q) => `${q}?`));
    return {
      from,
      warm: median(warm.times),
      cold: cold.times[0]!,
      warm_cpu: median(warm.cpu),
      cold_cpu: cold.cpu[0]!,
      fresh: median(fresh.times),
      fresh_cpu: median(fresh.cpu),
    };
  } finally {
    await use.close();
  }
}

interface EmbedTimes {
  from: 'dist' | 'source (tsx)';
  warm: number;
  cold: number;
  fresh: number;
  fresh_cpu: number;
  /** CPU of the whole process (the worker's thread included), so a loaded machine does not inflate it. */
  warm_cpu: number;
  cold_cpu: number;
}

function cpuMs(u: NodeJS.CpuUsage): number {
  return (u.user + u.system) / 1000;
}

function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function main(): Promise<void> {
  // Node 20's parseArgs has no negated booleans: --no-graph is taken off by hand.
  const argv = process.argv.slice(2);
  const noGraph = argv.includes('--no-graph');
  const noCommon = argv.includes('--no-common');
  const unmerged = argv.includes('--unmerged');
  const { values } = parseArgs({
    args: argv.filter((a) => a !== '--no-graph' && a !== '--no-common' && a !== '--unmerged'),
    options: {
      json: { type: 'boolean' },
      sizes: { type: 'string' },
      queries: { type: 'string' },
      queue: { type: 'boolean' },
      'cache-mib': { type: 'string' },
      'common-overlap': { type: 'boolean' },
      million: { type: 'boolean' },
      keep: { type: 'string' },
      reuse: { type: 'string' },
      thread: { type: 'string' },
      quality: { type: 'boolean' },
    },
    strict: true,
  });
  const parsed = Args.safeParse({ ...values, graph: !noGraph, common: !noCommon });
  if (!parsed.success) throw new Error(parsed.error.issues[0]!.message);
  const args = parsed.data;
  // A kept store's graph was built after its queries; building it again would write twice.
  if (args.reuse && (args.graph || args.keep)) throw new Error('--reuse takes --no-graph and no --keep');
  const log = (s: string) => process.stderr.write(`${s}\n`);
  const embed = (await measureEmbed())!;
  const table = await measureEmbed(true);
  const tableLine = table ? `; from the static query table ${table.warm.toFixed(2)} ms warm, ${table.cold.toFixed(0)} ms cold` : ' (no static query table built)';
  const embedLine = `${embed.warm.toFixed(1)} ms warm, ${embed.cold.toFixed(0)} ms cold (CPU ${embed.warm_cpu.toFixed(1)} / ${embed.cold_cpu.toFixed(0)} ms); in a fresh worker ${embed.fresh.toFixed(1)} ms (CPU ${embed.fresh_cpu.toFixed(1)}); embedder from ${embed.from}; load average ${loadavg()[0]!.toFixed(1)}`;
  log(`UseEmbedder: one query ${embedLine}${tableLine}`);
  if (args.million && !args.sizes.includes(1_000_000)) args.sizes.push(1_000_000);
  const sizes: Awaited<ReturnType<typeof runSize>>[] = [];
  for (const n of args.sizes) {
    log(`store with ${n} memories...`);
    sizes.push(await runSize(n, args.queries, embed.warm, args.queue, args['cache-mib'], args.graph, args['common-overlap'], args.common, !unmerged, args.thread, log, args.keep, args.reuse, args.quality));
  }
  const targets = new BenchTargets('store');
  targets.check('query embedding <= 10 ms p50 warm', embed.warm <= 10, `${embed.warm.toFixed(2)} ms`);
  targets.check('query embedding <= 300 ms cold', embed.cold <= 300, `${embed.cold.toFixed(0)} ms`);
  for (const s of sizes) {
    const limit = s.n >= 1_000_000 ? 40 : s.n >= 100_000 ? 15 : null;
    if (limit !== null) targets.check(`hybrid query p95 <= ${limit} ms at ${s.n}`, s.query_p95_ms <= limit, `${s.query_p95_ms.toFixed(2)} ms wall (CPU ${s.query_cpu_p95_ms.toFixed(2)} ms)`);
  }
  if (args.json) {
    process.stdout.write(
      `${JSON.stringify({
        sizes: sizes.map(({ n, insert_per_s, insert_cpu_per_s, db_mb, query_p50_ms, query_p95_ms, query_cpu_p50_ms, query_cpu_p95_ms, window_p50_ms, window_p95_ms, window_cpu_p50_ms, window_cpu_p95_ms, embed_ms, query_phases, rankings, common, vector_thread, keyword_thread, graph, quality }) => ({
          n,
          insert_per_s,
          insert_cpu_per_s,
          db_mb,
          query_p50_ms,
          query_p95_ms,
          query_cpu_p50_ms,
          query_cpu_p95_ms,
          window_p50_ms,
          window_p95_ms,
          window_cpu_p50_ms,
          window_cpu_p95_ms,
          embed_ms,
          query_phases,
          rankings,
          common,
          vector_thread,
          keyword_thread,
          graph,
          quality,
        })),
        load_average: loadavg()[0],
        query_embedding: { warm_ms: embed.warm, cold_ms: embed.cold, warm_cpu_ms: embed.warm_cpu, cold_cpu_ms: embed.cold_cpu, fresh_ms: embed.fresh, fresh_cpu_ms: embed.fresh_cpu, from: embed.from, ...(table ? { table_warm_ms: table.warm, table_cold_ms: table.cold } : {}) },
      })}\n`,
    );
    targets.finish({ json: true });
    return;
  }
  console.log(
    `Store benchmark (encrypted db, page cache ${args['cache-mib']} MiB, ${DIM}-d precomputed vectors ${args.queue ? 'via the embed queue, as an import writes' : 'written with the memory'}, batches of ${BATCH} in one transaction, hybrid search limit 10, ${args.queries} queries)`,
  );
  console.log('n         inserts/s  (per CPU-s)  query p50 ms  p95 ms  (CPU p50  p95)  db MB');
  for (const s of sizes) {
    console.log(
      `${String(s.n).padEnd(9)} ${String(s.insert_per_s).padStart(9)}  ${String(s.insert_cpu_per_s).padStart(11)}  ${s.query_p50_ms.toFixed(2).padStart(12)}  ${s.query_p95_ms.toFixed(2).padStart(6)}  ${s.query_cpu_p50_ms.toFixed(2).padStart(8)} ${s.query_cpu_p95_ms.toFixed(2).padStart(6)}  ${s.db_mb.toFixed(1).padStart(5)}`,
    );
  }
  for (const s of sizes) console.log(`n=${s.n}: hybrid query by phase, CPU p50/p95 ms: ${phaseLine(s.query_phases)}`);
  for (const s of sizes) {
    const t = s.vector_thread;
    console.log(`n=${s.n}: vector search on its own thread: ${t ? `${t.answered} of ${args.queries} hybrid queries (${t.taken_back} taken back before it started them)` : 'not started'} (--thread ${args.thread}; load average ${loadavg()[0]!.toFixed(1)})`);
    const k = s.keyword_thread;
    console.log(`n=${s.n}: BM25 statements split with the keyword thread (upper halves, and a split query's AND whole): ${k ? `${k.answered} answered there, ${k.taken_back} taken back` : 'not started (below 250,000 rows)'}`);
  }
  for (const s of sizes) console.log(`n=${s.n}: hybrid search within a 7-day window (since/until): p50 ${s.window_p50_ms.toFixed(2)} ms, p95 ${s.window_p95_ms.toFixed(2)} ms (CPU p50 ${s.window_cpu_p50_ms.toFixed(2)}, p95 ${s.window_cpu_p95_ms.toFixed(2)})`);
  for (const s of sizes) console.log(`n=${s.n}: rankings hash (ordered result ids of the hybrid and windowed queries) ${s.rankings}${s.graph ? `; with the graph (walk off, then on) ${s.graph.rankings}` : ''}`);
  for (const s of sizes) {
    console.log(`n=${s.n}: hybrid queries: ${commonLine(s.common, args.queries)}`);
    if (s.graph) console.log(`n=${s.n}: queries naming an entity, walk off: ${commonLine(s.graph.common_plain, args.queries)}; walk on: ${commonLine(s.graph.common_graph, args.queries)}`);
  }
  for (const s of sizes) {
    const q = s.quality;
    if (!q) continue;
    const line = (f: QualityFigures) =>
      `recall@10 ${f.recall_at_10.toFixed(3)}, MRR ${f.mrr_at_10.toFixed(3)}, absent notes answered by a sibling ${f.absent_sibling_first.toFixed(3)}; the ${f.strict.asked} strict questions (only everyday words shared) recall@10 ${f.strict.recall_at_10.toFixed(3)}, MRR ${f.strict.mrr_at_10.toFixed(3)}`;
    console.log(`n=${s.n}: quality set (${q.rules.needles} notes asked in other words, ${q.rules.absent} never written, ${q.rules.background} everyday notes planted): ${line(q.rules)}; every word selecting: ${line(q.every_word)}`);
  }
  for (const s of sizes) {
    const g = s.graph;
    if (!g) continue;
    console.log(
      `n=${s.n}: graph built by the offline builder in ${g.build_s.toFixed(1)} s (${g.build_per_s} memories/s): ${g.entities} entities, ${g.facts} facts, ${g.mentions} mentions; ` +
        `queries naming an entity: hybrid+graph p50 ${g.graph_p50_ms.toFixed(2)} ms, p95 ${g.graph_p95_ms.toFixed(2)} ms (CPU ${g.graph_cpu_p50_ms.toFixed(2)} / ${g.graph_cpu_p95_ms.toFixed(2)}; ${Math.round(g.linked_share * 100)}% with a memory linked through the graph); without the walk p50 ${g.plain_p50_ms.toFixed(2)} ms, p95 ${g.plain_p95_ms.toFixed(2)} ms (CPU ${g.plain_cpu_p50_ms.toFixed(2)} / ${g.plain_cpu_p95_ms.toFixed(2)})`,
    );
    console.log(`n=${s.n}: hybrid+graph query by phase, CPU p50/p95 ms: ${phaseLine(g.graph_phases)}`);
  }
  console.log('(wall-clock figures include waiting for the CPU, which other processes share; CPU figures are this process alone)');
  console.log(`query embedding (UseEmbedder, 512-d, worker): ${embedLine}${tableLine}`);
  targets.finish();
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((err: unknown) => {
    console.error(`store bench: ${(err as Error).message ?? String(err)}`);
    process.exit(1);
  });
}

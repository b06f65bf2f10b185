/**
 * `npm run bench -- store [--json] [--sizes 10000,100000] [--queries 200] [--queue] [--cache-mib 256]`
 *
 * Insert rate and hybrid query latency of the real encrypted store at 10k and 100k memories.
 * Memories are synthetic but shaped like real ones: Zipf-distributed words (stop words included),
 * grouped in segments of 5-35 units with increasing times, a mix of kinds and apps. Embeddings are
 * precomputed 512-d unit vectors clustered by topic (units of one segment are near each other, as a
 * sentence encoder would put them). They go in with the memory (NewMemory.embedding, the importer's
 * path: row, FTS with context, vector and code in one transaction, batches of 1000); with --queue
 * they go through the embed queue instead (embedding cache + index, as live writes do), and the
 * rate counts until every vector is searchable. Only the store's work is timed. Query latency is
 * measured with the query's embedding given; the time to embed one query with the default
 * UseEmbedder is reported apart. The page cache is 256 MiB unless --cache-mib says otherwise (the
 * store's default is 64; a 100k store is ~190 MB). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import type { MemoryKind } from '../../shared/index.js';
import { openStore, StaticKeyProvider, UseEmbedder, type Embedder } from '../../agents/store/index.js';
import { prng } from '../fixtures/prng.js';

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
});


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

async function runSize(n: number, queries: number, embedMs: number, viaQueue: boolean, cacheMiB: number, log: (s: string) => void): Promise<SizeResult & { db_mb: number; insert_cpu_per_s: number; query_cpu_p50_ms: number; query_cpu_p95_ms: number; window_p50_ms: number; window_p95_ms: number }> {
  const rand = prng(42 + n);
  const corpus = new Corpus(rand);
  const embedder = new PrecomputedEmbedder();
  const dir = mkdtempSync(join(tmpdir(), 'engram-storebench-'));
  const store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(Buffer.alloc(32, 7)), embedder, cacheMiB });
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
      const text = `${corpus.sentence(1).replace(/^./, (c) => c.toUpperCase())} ${corpus.sentence(8 + Math.floor(rand() * 25))} #${i}`;
      const vector = corpus.near(topic);
      if (viaQueue) embedder.vectors.set(text, vector);
      return {
        embedding: viaQueue ? undefined : { embedder: embedder.id, vector },
        kind,
        text,
        fields: kind === 'procedural' ? { entry_type: 'guide' } : kind === 'resource' ? { resource_type: 'url' } : {},
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
    for (let i = 0; i < n; i += BATCH) {
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
    await timed(() => store.flushEmbeddings());
    embedder.vectors.clear();
    if (store.embeddingError) throw new Error(`embedding failed: ${store.embeddingError}`);
    if (store.stats().pending_embeddings !== 0) throw new Error('embeddings left pending');

    // Queries: 2-5 content words (Zipf, beyond the stop words), an embedding near one topic.
    const qs = Array.from({ length: queries }, () => ({
      query: Array.from({ length: 2 + Math.floor(rand() * 4) }, () => corpus.word(STOP.length)).join(' '),
      queryEmbedding: corpus.near(Math.floor(rand() * corpus.topics.length), 1.2),
    }));
    for (const q of qs.slice(0, 10)) await store.search({ ...q, limit: 10 }); // warm the page cache
    const times: number[] = [];
    const cpuTimes: number[] = [];
    for (const q of qs) {
      const c = process.cpuUsage();
      const t = performance.now();
      const hits = await store.search({ ...q, limit: 10 });
      times.push(performance.now() - t);
      const cu = process.cpuUsage(c);
      cpuTimes.push((cu.user + cu.system) / 1000);
      if (hits.length === 0) throw new Error(`no hits for "${q.query}"`);
    }
    times.sort((a, b) => a - b);
    cpuTimes.sort((a, b) => a - b);
    // The chat asks with a time window ("last week"): the same queries within a random 7-day window.
    const span = n * 30_000;
    const windowed: number[] = [];
    for (const q of qs.slice(0, 100)) {
      const since = t0 + Math.floor(rand() * Math.max(1, span - 7 * 86_400_000));
      const t = performance.now();
      await store.search({ ...q, since, until: since + 7 * 86_400_000, limit: 10 });
      windowed.push(performance.now() - t);
    }
    windowed.sort((a, b) => a - b);
    return {
      n,
      insert_per_s: Math.round(n / secs),
      insert_cpu_per_s: Math.round(n / cpuSecs),
      query_p50_ms: round(percentile(times, 0.5)),
      query_p95_ms: round(percentile(times, 0.95)),
      query_cpu_p50_ms: round(percentile(cpuTimes, 0.5)),
      query_cpu_p95_ms: round(percentile(cpuTimes, 0.95)),
      window_p50_ms: round(percentile(windowed, 0.5)),
      window_p95_ms: round(percentile(windowed, 0.95)),
      embed_ms: round(embedMs),
      db_mb: round(store.stats().db_bytes / 1e6, 1),
    };
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One query embedding with the default embedder, warm (model loaded), median of a few. */
async function measureEmbed(): Promise<{ warm: number; cold: number }> {
  const use = new UseEmbedder();
  try {
    let t = performance.now();
    await use.embed(['what did I work on yesterday afternoon']);
    const cold = performance.now() - t;
    const times: number[] = [];
    for (const q of ['when did Ana send the Q3 deck', 'which terminal command fixed the build', 'notes from the design review', 'the flight to Lisbon']) {
      t = performance.now();
      await use.embed([q]);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    return { warm: times[Math.floor(times.length / 2)]!, cold };
  } finally {
    await use.close();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { json: { type: 'boolean' }, sizes: { type: 'string' }, queries: { type: 'string' }, queue: { type: 'boolean' }, 'cache-mib': { type: 'string' } },
    strict: true,
  });
  const parsed = Args.safeParse(values);
  if (!parsed.success) throw new Error(parsed.error.issues[0]!.message);
  const args = parsed.data;
  const log = (s: string) => process.stderr.write(`${s}\n`);
  const embed = await measureEmbed();
  log(`UseEmbedder: one query ${embed.warm.toFixed(1)} ms warm (${embed.cold.toFixed(0)} ms with model load)`);
  const sizes: Awaited<ReturnType<typeof runSize>>[] = [];
  for (const n of args.sizes) {
    log(`store with ${n} memories...`);
    sizes.push(await runSize(n, args.queries, embed.warm, args.queue, args['cache-mib'], log));
  }
  if (args.json) {
    process.stdout.write(`${JSON.stringify({ sizes: sizes.map(({ n, insert_per_s, query_p50_ms, query_p95_ms, embed_ms }) => ({ n, insert_per_s, query_p50_ms, query_p95_ms, embed_ms })) })}\n`);
    return;
  }
  console.log(
    `Store benchmark (encrypted db, page cache ${args['cache-mib']} MiB, ${DIM}-d precomputed vectors ${args.queue ? 'via the embed queue' : 'written with the memory'}, batches of ${BATCH}, hybrid search limit 10, ${args.queries} queries)`,
  );
  console.log('n         inserts/s  (per CPU-s)  query p50 ms  p95 ms  (CPU p50  p95)  db MB');
  for (const s of sizes) {
    console.log(
      `${String(s.n).padEnd(9)} ${String(s.insert_per_s).padStart(9)}  ${String(s.insert_cpu_per_s).padStart(11)}  ${s.query_p50_ms.toFixed(2).padStart(12)}  ${s.query_p95_ms.toFixed(2).padStart(6)}  ${s.query_cpu_p50_ms.toFixed(2).padStart(8)} ${s.query_cpu_p95_ms.toFixed(2).padStart(6)}  ${s.db_mb.toFixed(1).padStart(5)}`,
    );
  }
  for (const s of sizes) console.log(`n=${s.n}: hybrid search within a 7-day window (since/until): p50 ${s.window_p50_ms.toFixed(2)} ms, p95 ${s.window_p95_ms.toFixed(2)} ms`);
  console.log('(wall-clock figures include waiting for the CPU, which other processes share; CPU figures are this process alone)');
  console.log(`query embedding (UseEmbedder, 512-d, worker): ${embed.warm.toFixed(1)} ms warm, ${embed.cold.toFixed(0)} ms cold`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((err: unknown) => {
    console.error(`store bench: ${(err as Error).message ?? String(err)}`);
    process.exit(1);
  });
}

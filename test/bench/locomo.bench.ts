/**
 * `npm run bench -- locomo --file ../shared/bench-data/locomo_dev.json [--json] [--cache-dir DIR] [--embedder use|hash|table] [--queries table|encoder]`
 *
 * Retrieval quality on LoCoMo-format conversations through the real encrypted store: each
 * conversation gets a fresh data dir; every dialog turn becomes an episodic memory ("Speaker: text",
 * plus the caption of a shared image) dated by its session, with the session as its segment (what a
 * chat import does with a thread). Each question (category 5, adversarial, skipped) is asked in
 * BM25-only, vector-only and hybrid mode and scored against its gold evidence turns.
 *
 * recall@k: the fraction of a question's gold evidence turns found in the top k, averaged over
 * questions. MRR: reciprocal rank of the first gold turn within the top 10 (0 when none).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { buildGraph, type GraphSourceMemory } from '../../agents/graph/index.js';
import { HashEmbedder, openStore, QUERY_TABLE_FILE, resolveKeyProvider, StaticQueryTable, UseEmbedder, type Embedder, type EngramStore, type RetrievalWeights } from '../../agents/store/index.js';
import { CachingEmbedder } from './caching-embedder.js';
import { loadLocomo, MetricSum, turnText, type Conversation, type Metrics } from './locomo-data.js';

const MODES = ['bm25', 'vector', 'hybrid'] as const;
type Mode = (typeof MODES)[number];

const Args = z.object({
  file: z.string().min(1, 'missing --file PATH'),
  json: z.boolean().default(false),
  'cache-dir': z.string().optional(),
  weights: z.string().optional(),
  details: z.boolean().default(false),
  'no-graph': z.boolean().default(false),
  /** Only these modes (comma-separated), for quicker runs while tuning. */
  modes: z.string().optional(),
  /** The embedder under test (the cache keeps each one's vectors apart, by its id). */
  embedder: z.enum(['use', 'hash', 'table']).default('use'),
  /** How USE answers questions: the encoder itself (what the app does) or the static table built by scripts/distill-query-table.mjs. */
  queries: z.enum(['table', 'encoder']).default('encoder'),
});

export interface ConversationStore {
  conv: Conversation;
  store: EngramStore;
  dir: string;
  /** memory id → normalised dia_id */
  diaOf: Map<string, string>;
  /** Time spent building the graph (ms) and its size. */
  graphMs: number;
  graph: { entities: number; facts: number; mentions: number };
}

/** Indexes one conversation into a fresh store, the way a chat import would. */
export async function indexConversation(conv: Conversation, embedder: Embedder, opts: { graph?: boolean } = {}): Promise<ConversationStore> {
  const dir = mkdtempSync(join(tmpdir(), 'engram-locomo-'));
  const store = await openStore({ dataDir: dir, keyProvider: resolveKeyProvider(dir, {}), embedder });
  const diaOf = new Map<string, string>();
  let graphMs = 0;
  for (const s of conv.sessions) {
    const written: GraphSourceMemory[] = [];
    store.transaction(() => {
      for (const t of s.turns) {
        const m = store.memories.insert({
          kind: 'episodic',
          text: turnText(t),
          fields: { event_type: 'message', actor: t.speaker },
          occurred_at: s.at,
          segment: `session-${s.index}`,
        });
        diaOf.set(m.id, t.diaId);
        written.push({ id: m.id, kind: m.kind, title: m.title, text: m.text, fields: m.fields, at: s.at ?? Date.now() });
      }
    });
    // The graph is read out of the written memories by the brain's own builder (no LoCoMo rules).
    if (opts.graph !== false) {
      const g0 = performance.now();
      buildGraph(store, written);
      graphMs += performance.now() - g0;
    }
  }
  await store.flushEmbeddings();
  if (store.embeddingError) throw new Error(`embedding failed: ${store.embeddingError}`);
  return { conv, store, dir, diaOf, graphMs, graph: store.graph.counts() };
}

export type CategoryMetrics = Record<string, Metrics>;
export type Results = Record<Mode, Metrics & { by_category: CategoryMetrics }>;

/** Asks every scored question of the indexed conversations in each mode. */
export async function evaluate(stores: ConversationStore[], modes: readonly Mode[] = MODES): Promise<Results> {
  const sums = Object.fromEntries(modes.map((m) => [m, { all: new MetricSum(), cat: new Map<number, MetricSum>() }])) as Record<
    Mode,
    { all: MetricSum; cat: Map<number, MetricSum> }
  >;
  for (const { conv, store, diaOf } of stores) {
    for (const q of conv.questions) {
      if (q.category === 5 || q.evidence.length === 0) continue;
      for (const mode of modes) {
        const hits = await store.search({ query: q.question, mode, limit: 10 });
        const ranked = hits.map((h) => diaOf.get(h.memory.id) ?? '?');
        const s = sums[mode];
        s.all.add(ranked, q.evidence);
        if (!s.cat.has(q.category)) s.cat.set(q.category, new MetricSum());
        s.cat.get(q.category)!.add(ranked, q.evidence);
      }
    }
  }
  const out = {} as Results;
  for (const mode of modes) {
    const s = sums[mode];
    const byCat: CategoryMetrics = {};
    for (const c of [...s.cat.keys()].sort()) byCat[String(c)] = s.cat.get(c)!.result();
    out[mode] = { ...s.all.result(), by_category: byCat };
  }
  return out;
}

export async function closeAll(stores: ConversationStore[]): Promise<void> {
  for (const s of stores) {
    await s.store.close();
    rmSync(s.dir, { recursive: true, force: true });
  }
}

/** The static query table for every text, turns as well as questions (does it hold recall as the whole embedder?). */
function tableEmbedder(): Embedder {
  const t = StaticQueryTable.loadShipped();
  if (!t) throw new Error(`--embedder table: no ${QUERY_TABLE_FILE} (build it: node scripts/distill-query-table.mjs)`);
  return { id: 'use-lite-512-table', dimensions: 512, embed: async (texts) => texts.map((x) => t.embedOne(x)) };
}

const CATEGORY_NAMES: Record<string, string> = { '1': 'multi-hop', '2': 'temporal', '3': 'open-domain', '4': 'single-hop' };

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      file: { type: 'string' },
      json: { type: 'boolean' },
      'cache-dir': { type: 'string' },
      weights: { type: 'string' },
      details: { type: 'boolean' },
      'no-graph': { type: 'boolean' },
      modes: { type: 'string' },
      embedder: { type: 'string' },
      queries: { type: 'string' },
    },
    strict: true,
  });
  const parsed = Args.safeParse({ file: values.file ?? '', ...values });
  if (!parsed.success) throw new Error(parsed.error.issues[0]!.message);
  const args = parsed.data;
  const weights = args.weights ? (JSON.parse(args.weights) as Partial<RetrievalWeights>) : {};
  const log = (s: string) => process.stderr.write(`${s}\n`);
  const convs = loadLocomo(resolve(args.file));
  const table = args.embedder === 'use' && args.queries === 'table' ? StaticQueryTable.loadShipped() : null;
  if (args.queries === 'table' && !table) throw new Error(`--queries table: no ${QUERY_TABLE_FILE} (build it: node scripts/distill-query-table.mjs)`);
  const inner: Embedder =
    args.embedder === 'hash' ? new HashEmbedder(256) : args.embedder === 'table' ? tableEmbedder() : new UseEmbedder(60_000, table);
  const embedder: Embedder = args['cache-dir'] ? new CachingEmbedder(inner, resolve(args['cache-dir'])) : inner;
  const stores: ConversationStore[] = [];
  const t0 = Date.now();
  try {
    for (const conv of convs) {
      const turns = conv.sessions.reduce((n, s) => n + s.turns.length, 0);
      const cs = await indexConversation(conv, embedder, { graph: !args['no-graph'] });
      Object.assign(cs.store.retriever.weights, weights);
      stores.push(cs);
      log(`indexed ${conv.id}: ${conv.sessions.length} sessions, ${turns} turns (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
    }
    const t1 = Date.now();
    const modes = args.modes ? (args.modes.split(',').filter((m): m is Mode => (MODES as readonly string[]).includes(m))) : [...MODES];
    if (!modes.includes('hybrid')) modes.push('hybrid');
    const res = await evaluate(stores, modes);
    log(`queried in ${((Date.now() - t1) / 1000).toFixed(1)} s`);
    const graph = stores.reduce(
      (g, s) => ({ entities: g.entities + s.graph.entities, facts: g.facts + s.graph.facts, mentions: g.mentions + s.graph.mentions, ms: g.ms + s.graphMs }),
      { entities: 0, facts: 0, mentions: 0, ms: 0 },
    );
    const turnsTotal = stores.reduce((n, s) => n + s.diaOf.size, 0);
    const graphLine = args['no-graph']
      ? 'graph: off (--no-graph)'
      : `graph: ${graph.entities} entities, ${graph.facts} facts, ${graph.mentions} mentions; built in ${(graph.ms / 1000).toFixed(2)} s (${Math.round(turnsTotal / Math.max(graph.ms / 1000, 1e-3))} memories/s)`;
    const dropped = stores.flatMap((s) => s.conv.droppedEvidence.map((e) => `${s.conv.id}:${e}`));
    if (args.json) {
      const pick = (m: Mode) => {
        const { by_category, ...rest } = res[m];
        return args.details ? { ...rest, by_category } : rest;
      };
      const g = args['no-graph'] ? null : { entities: graph.entities, facts: graph.facts, mentions: graph.mentions, build_ms: Math.round(graph.ms) };
      const out: Record<string, unknown> = { hybrid: { ...pick('hybrid'), by_category: res.hybrid.by_category }, graph: g };
      for (const m of modes) if (m !== 'hybrid') out[m] = pick(m);
      process.stdout.write(`${JSON.stringify(out)}\n`);
    } else {
      const f = (x: number) => x.toFixed(3);
      console.log(`LoCoMo retrieval, ${stores.length} conversations, ${res.hybrid.questions} questions (category 5 and questions without valid evidence skipped)`);
      console.log('recall@k = fraction of a question\'s gold evidence turns in the top k, averaged over questions; MRR = 1/rank of the first gold turn in the top 10');
      console.log(`bm25 = the store's FTS5 index alone (porter; a unit's row also holds the previous turn of its session, weight 0.3); vector = ${embedder.id} cosine alone (questions embedded by the ${args.embedder === 'use' ? args.queries : 'same embedder'}); hybrid = store.search defaults\n`);
      console.log(`${graphLine}\n`);
      console.log('mode     recall@5  recall@10  MRR');
      for (const m of modes) console.log(`${m.padEnd(8)} ${f(res[m]['recall@5']).padStart(8)}  ${f(res[m]['recall@10']).padStart(9)}  ${f(res[m].mrr)}`);
      console.log('\nrecall@10 by category');
      console.log(`category          n    ${modes.map((m) => m.padStart(7)).join(' ')}`);
      for (const c of Object.keys(res.hybrid.by_category)) {
        const name = `${c} ${CATEGORY_NAMES[c] ?? ''}`.padEnd(15);
        console.log(`${name} ${String(res.hybrid.by_category[c]!.questions).padStart(4)}    ${modes.map((m) => f(res[m].by_category[c]!['recall@10']).padStart(7)).join(' ')}`);
      }
      console.log('\nhybrid by category  recall@5  recall@10  MRR');
      for (const c of Object.keys(res.hybrid.by_category)) {
        const m = res.hybrid.by_category[c]!;
        console.log(`${`${c} ${CATEGORY_NAMES[c] ?? ''}`.padEnd(18)} ${f(m['recall@5']).padStart(8)}  ${f(m['recall@10']).padStart(9)}  ${f(m.mrr)}`);
      }
      if (dropped.length) console.log(`\nunusable evidence ids (malformed or naming no turn, not scored): ${dropped.join(', ')}`);
    }
  } finally {
    await closeAll(stores);
    await embedder.close?.();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((err: unknown) => {
    console.error(`locomo bench: ${(err as Error).message ?? String(err)}`);
    process.exit(1);
  });
}

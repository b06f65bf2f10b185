/**
 * `npm run bench -- agents [--observations N] [--embedder use|hash|none] [--passages before|concurrent] [--hours H] [--offline-only] [--json]`
 *
 * 1. Offline pipeline throughput: a scripted day of screen observations (realistic OCR-sized text,
 *    apps switching every few minutes, unchanged screens repeated) is stored first, as capture
 *    would; then the timer runs from handing them to the brain until every memory is written AND
 *    embedded (the graph is built from them inside that time). Default embedder: the real one (USE
 *    lite in a worker, ~50 CPU-ms per memory-sized text in a batch, ~150 per 1,000-character screen
 *    passage): the brain embeds memories, not observations. Target >= 150 observations/s (issue 17);
 *    the load average and the CPU seconds (main thread apart from the others) are printed beside it,
 *    since the machine may be shared. The embedder's calls and texts are counted by who asked
 *    (memory queue, passage queue, queries): memory texts per memory is the proof that nothing is
 *    embedded twice.
 *    The screen passages stored with the observations (issue 15) are embedded by the store's own
 *    background queue, as capture stores them. By default (--passages before) they are embedded
 *    before the brain's clock starts and timed as their own figure: during capture, a screen's
 *    passages are embedded within seconds, long before a batch of them reaches the brain.
 *    --passages concurrent leaves the whole backlog to the same start (a catch-up of screens never
 *    embedded): the passages then share the embedding worker, yielding to memories between pieces.
 * 2. LLM mode against the fake Anthropic server: H hours of scripted capture; model calls and
 *    tokens per hour, counted by the server. Target: at most one extraction call per flush and no
 *    call for a flush of duplicates.
 */
import { BenchTargets } from './targets.js';
import { appendFileSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { AnthropicProvider, OfflineProvider } from '../../agents/llm/index.js';
import { HashEmbedder, StaticKeyProvider, UseEmbedder, openStore, type Embedder, type EngramStore, type NewObservation } from '../../agents/store/index.js';
import { createBrain } from '../../agents/meta/index.js';
import { startFakeAnthropic, type RecordedRequest } from '../fakes/fake-anthropic-server.js';

const { values: args } = parseArgs({
  options: {
    observations: { type: 'string', default: '1000' },
    embedder: { type: 'string', default: 'use' },
    hours: { type: 'string', default: '1' },
    json: { type: 'boolean', default: false },
    // Skip part 2 (LLM mode): for profiling the offline pipeline alone.
    'offline-only': { type: 'boolean', default: false },
    // before: screen passages are embedded before the brain's clock starts, as capture does while it
    // stores them, and timed as their own figure; concurrent: their backlog shares the embedder with
    // the brain's memories from the same start (a catch-up of screens never embedded).
    passages: { type: 'string', default: 'before' },
  },
});
const N = Number(args.observations);
/** Offline observations per second with the real embedder (issue 17). */
const OFFLINE_TARGET = 150;
const HOURS = Number(args.hours);
const log = (s: string): void => {
  if (!args.json) console.log(s);
};

// ---- a scripted capture stream -----------------------------------------------------------------

let seed = 7;
const rand = (): number => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
const PEOPLE = ['Ana Lima', 'Bruno Costa', 'Carla Mendes', 'Diego Souza', 'Eva Novak'];
const WORDS = 'the budget forecast review quarter team plan launch release migration customer invoice report draft meeting notes design roadmap metrics hiring'.split(' ');
const sentence = (n: number): string => Array.from({ length: n }, () => pick(WORDS)).join(' ');
const paragraph = (lines: number): string => Array.from({ length: lines }, () => sentence(6 + Math.floor(rand() * 8))).join('\n');

interface Activity {
  app: string;
  title: string;
  url: string | null;
  body: () => string;
}

function activity(k: number): Activity {
  const n = Math.floor(rand() * 40);
  switch (k % 8) {
    case 0:
      return { app: 'LibreOffice Calc', title: `budget-${n}.xlsx - LibreOffice Calc`, url: null, body: () => `Q${1 + (n % 4)} Budget\n${Array.from({ length: 25 }, (_, i) => `Line ${i} ${pick(WORDS)} ${Math.floor(rand() * 9000)}`).join('\n')}` };
    case 1:
      return { app: 'Firefox', title: `Docs page ${n} — Mozilla Firefox`, url: `https://docs.example.com/guide/page-${n}?utm_source=x`, body: () => paragraph(18) };
    case 2:
      return { app: 'Slack', title: `#team-${n % 5} - Acme - Slack`, url: null, body: () => Array.from({ length: 12 }, () => `${pick(PEOPLE)}: ${sentence(9)}`).join('\n') };
    case 3:
      return { app: 'Code', title: `module-${n}.ts — engram — Visual Studio Code`, url: null, body: () => Array.from({ length: 30 }, (_, i) => `  const v${i} = ${pick(WORDS)}(${i});`).join('\n') };
    case 4:
      return {
        app: 'Thunderbird',
        title: `Re: ${pick(WORDS)} ${n} - Inbox - Mozilla Thunderbird`,
        url: null,
        body: () => {
          const who = pick(PEOPLE);
          return `From: ${who} <${who.split(' ')[0]!.toLowerCase()}@acme-corp.com>\n${paragraph(10)}\nBest,\n${who}\nMobile: +351 91${n % 10} 345 6${n % 10}8`;
        },
      };
    case 5:
      return { app: 'GNOME Terminal', title: 'sam@laptop: ~/engram', url: null, body: () => Array.from({ length: 20 }, () => `$ npm run ${pick(WORDS)}\n${sentence(5)}`).join('\n') };
    case 6:
      return { app: 'Google Chrome', title: 'Checkout - Example Shop - Google Chrome', url: 'https://shop.example.com/checkout', body: () => `Order summary\n${paragraph(6)}\nCard number [redacted:card]\nPay now` };
    default:
      return {
        app: 'Google Chrome',
        title: `How to ${pick(WORDS)} the ${pick(WORDS)} - Help - Google Chrome`,
        url: `https://help.example.com/how-to-${n}`,
        body: () => `How to ${pick(WORDS)} the ${pick(WORDS)}\n1. ${sentence(5)}\n2. ${sentence(5)}\n3. ${sentence(5)}\n${paragraph(8)}`,
      };
  }
}

/** Observations every `stepS` seconds; an activity lasts 5–40 captures, a third of them repeating the screen unchanged; every fifth activity is a still screen of 30–60 identical captures. */
function scriptedStream(count: number, start: number, stepS: number): NewObservation[] {
  const out: NewObservation[] = [];
  let t = start;
  let k = 0;
  while (out.length < count) {
    const a = activity(k++);
    // Every fifth activity is a screen left as it is (reading, a call): long runs of identical captures.
    const still = k % 5 === 4;
    const len = still ? 30 + Math.floor(rand() * 30) : 5 + Math.floor(rand() * 36);
    let text = a.body();
    for (let i = 0; i < len && out.length < count; i++) {
      if (!still && rand() > 0.33) text = `${text.split('\n').slice(1).join('\n')}\n${sentence(7)}`;
      out.push({ kind: 'screen', frame_id: null, audio_id: null, display: ':0', observed_at: t, app: a.app, title: a.title, url: a.url, text, caption: null });
      t += stepS * 1000;
    }
  }
  return out;
}

/**
 * Counts what reaches the embedder, by who asked: the memory queue, the passage queue (background
 * lane), or anything else (query embeddings). The cheapest proof of re-embedding is memory texts
 * embedded per memory written; the memory text versions (distinct title+text per memory, as the
 * store's events show them) are the floor if every version were embedded once.
 */
class CountingEmbedder implements Embedder {
  readonly id: string;
  readonly dimensions: number;
  readonly calls = { memory: 0, passage: 0, query: 0 };
  readonly texts = { memory: 0, passage: 0, query: 0 };
  readonly chars = { memory: 0, passage: 0, query: 0 };
  constructor(private readonly inner: Embedder) {
    this.id = inner.id;
    this.dimensions = inner.dimensions;
  }
  embed(texts: string[], opts?: { background?: boolean }): Promise<Float32Array[]> {
    const fromQueue = new Error().stack?.includes('embed-queue') ?? false;
    const who = !fromQueue ? 'query' : opts?.background ? 'passage' : 'memory';
    this.calls[who]++;
    this.texts[who] += texts.length;
    this.chars[who] += texts.reduce((n, t) => n + t.length, 0);
    if (process.env.BENCH_DUMP) appendFileSync(process.env.BENCH_DUMP, `${JSON.stringify({ who, texts })}\n`);
    const t = performance.now();
    if (process.env.BENCH_TRACE) console.log(`embed ${who} ${texts.length} at ${t.toFixed(0)}`);
    return this.inner.embed(texts, opts).then((v) => {
      if (process.env.BENCH_TRACE) console.log(`  done ${who} ${texts.length} at ${performance.now().toFixed(0)} (+${(performance.now() - t).toFixed(0)} ms)`);
      return v;
    });
  }
  reset(): void {
    for (const k of ['memory', 'passage', 'query'] as const) this.calls[k] = this.texts[k] = this.chars[k] = 0;
  }
  close(): Promise<void> {
    return this.inner.close?.() ?? Promise.resolve();
  }
}

async function withStore<T>(embedder: Embedder | null, fn: (store: EngramStore) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'engram-bench-agents-'));
  const store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(randomBytes(32)), embedder });
  try {
    return await fn(store);
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * CPU seconds of this process's threads from /proc (Linux): the main thread (the brain, SQLite)
 * apart from the others (the embedding worker, V8's helpers). null elsewhere.
 */
function threadCpu(): { main: number; others: number } | null {
  try {
    const tick = 100; // USER_HZ: 100 on every Linux Node supports
    let main = 0;
    let others = 0;
    for (const tid of readdirSync('/proc/self/task')) {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const s = (Number(f[11]) + Number(f[12])) / tick; // utime, stime
      if (Number(tid) === process.pid) main += s;
      else others += s;
    }
    return { main, others };
  } catch {
    return null;
  }
}

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
}

// ---- 1. offline throughput ---------------------------------------------------------------------

async function offlineThroughput(embedderName: string) {
  const inner: Embedder | null = embedderName === 'use' ? new UseEmbedder() : embedderName === 'hash' ? new HashEmbedder(256) : null;
  const embedder = inner ? new CountingEmbedder(inner) : null;
  if (embedder) await embedder.embed(['warm up the model before the clock starts']);
  return withStore(embedder, async (store) => {
    const stream = scriptedStream(N, Date.parse('2025-03-03T08:00:00Z'), 10);
    const p0 = performance.now();
    const pCpu0 = process.cpuUsage();
    const records = store.transaction(() => stream.map((o) => store.observations.insert(o)));
    const passagesFirst = args.passages !== 'concurrent';
    let passagesBefore: { s: number; cpu_s: number; texts: number } | null = null;
    if (passagesFirst) {
      await store.flushPassageEmbeddings();
      const c = process.cpuUsage(pCpu0);
      passagesBefore = { s: (performance.now() - p0) / 1000, cpu_s: (c.user + c.system) / 1e6, texts: embedder?.texts.passage ?? 0 };
    }
    const brain = createBrain({ store, llm: new OfflineProvider(), subscribe: false });
    // Every version of every memory's text the brain wrote (inserts, and updates that changed title or text).
    const versions = new Set<string>();
    let memoryEvents = 0;
    store.events.on('memory', (e) => {
      if (e.op !== 'insert' && e.op !== 'update') return;
      for (const id of e.ids) {
        memoryEvents++;
        const m = store.memories.get(id);
        if (m) versions.add(`${id}|${m.title}\u0000${m.text}`);
      }
    });
    embedder?.reset();
    const flushMs: number[] = [];
    const cpu0 = process.cpuUsage();
    const threads0 = threadCpu();
    const t0 = performance.now();
    let lastFlush = t0;
    // Hand observations over in capture-sized steps, timing each flush the rules trigger.
    for (const r of records) {
      const before = brain.meta.queuedJobs;
      brain.ingestObservations(r);
      if (brain.meta.queuedJobs > before) {
        await brain.meta.idle();
        const now = performance.now();
        flushMs.push(now - lastFlush);
        lastFlush = now;
      }
    }
    await brain.flush();
    const tWritten = performance.now();
    const atWritten = store.stats();
    await store.flushMemoryEmbeddings();
    const tEmbedded = performance.now();
    const cpu = process.cpuUsage(cpu0);
    const threads1 = threadCpu();
    const atEmbedded = embedder ? { calls: { ...embedder.calls }, texts: { ...embedder.texts } } : null;
    // Screen passages (issue 15) have their own background queue: timed apart, not the brain's figure.
    const passagesLeft = store.stats().pending_passage_embeddings;
    await store.flushPassageEmbeddings();
    const tPassages = performance.now();
    const stats = store.stats();
    const memories = Object.entries(stats.counts)
      .filter(([k]) => !['frames', 'observations', 'messages'].includes(k))
      .reduce((n, [, v]) => n + v, 0);
    return {
      embedder: embedder?.id ?? 'none',
      observations: N,
      flushes: flushMs.length + 1,
      memories,
      by_kind: Object.fromEntries(Object.entries(stats.counts).filter(([k]) => !['frames', 'observations', 'messages'].includes(k))),
      written_s: (tWritten - t0) / 1000,
      total_s: (tEmbedded - t0) / 1000,
      obs_per_s: N / ((tEmbedded - t0) / 1000),
      // CPU time of the whole process (main thread and the embedding worker, passages included) until the memories were embedded.
      cpu_s: (cpu.user + cpu.system) / 1e6,
      cpu_main_s: threads0 && threads1 ? threads1.main - threads0.main : null,
      cpu_other_threads_s: threads0 && threads1 ? threads1.others - threads0.others : null,
      passages_mode: passagesFirst ? 'before' : 'concurrent',
      passages_before: passagesBefore,
      pending_at_written: { memories: atWritten.pending_embeddings, passages: atWritten.pending_passage_embeddings },
      passages: store.passages.count(),
      passages_left_after_memories: passagesLeft,
      passages_embedded_s: (tPassages - t0) / 1000,
      memory_writes: memoryEvents,
      memory_text_versions: versions.size,
      embedder_at_memories_done: atEmbedded,
      embedder_total: embedder ? { calls: { ...embedder.calls }, texts: { ...embedder.texts }, chars: { ...embedder.chars } } : null,
      flush_p50_ms: pct(flushMs, 50),
      flush_p95_ms: pct(flushMs, 95),
    };
  });
}

// ---- 2. LLM mode: calls and tokens per hour ----------------------------------------------------

async function llmPerHour() {
  const fake = await startFakeAnthropic();
  const kindsOf = (req: RecordedRequest): string[] => {
    const text = JSON.stringify(req.body.messages);
    const kinds = ['episodic'];
    if (/https?:\/\//.test(text)) kinds.push('resource');
    if (text.includes('[redacted:')) kinds.push('knowledge_vault');
    return kinds;
  };
  fake.setHandler((req) => {
    const choice = req.body.tool_choice as { name?: string } | undefined;
    if (choice?.name === 'route_memories') return { toolUses: [{ name: 'route_memories', input: { kinds: kindsOf(req) } }] };
    const m = /\[1\] [^·]+· ([^·\n]+)(?:· ([^\n·]+))?/.exec(typeof req.body.messages[0]?.content === 'string' ? req.body.messages[0].content : '');
    return { toolUses: [{ name: 'episodic_save', input: { summary: `Worked in ${m?.[1]?.trim() ?? 'an app'}${m?.[2] ? ` on ${m[2].trim().slice(0, 60)}` : ''}` } }] };
  });
  try {
    return await withStore(null, async (store) => {
      const perHour = 360; // one observation every 10 s after change detection
      const stream = scriptedStream(Math.round(perHour * HOURS), Date.parse('2025-03-03T08:00:00Z'), 10);
      const records = store.transaction(() => stream.map((o) => store.observations.insert(o)));
      const llm = new AnthropicProvider({ apiKey: 'bench', baseURL: fake.url, usage: store.llmCalls, retry: { maxRetries: 0 } });
      const brain = createBrain({ store, llm, subscribe: false });
      let flushes = 0;
      let duplicateFlushes = 0;
      let callsOnDuplicates = 0;
      let maxExtractionPerFlush = 0;
      const t0 = performance.now();
      const seen = new Set<string>();
      const onReport = (calls: number, extraction: number, duplicate: boolean): void => {
        flushes++;
        if (duplicate) {
          duplicateFlushes++;
          callsOnDuplicates += calls;
        }
        maxExtractionPerFlush = Math.max(maxExtractionPerFlush, extraction);
      };
      let batch: typeof records = [];
      const flushBatch = async (): Promise<void> => {
        if (!batch.length) return;
        const dup = batch.every((o) => seen.has(`${o.app}|${o.title}|${o.text}`));
        for (const o of batch) seen.add(`${o.app}|${o.title}|${o.text}`);
        const before = fake.requests.length;
        const extractionBefore = fake.requests.filter((r) => !(r.body.tool_choice as { name?: string } | undefined)?.name).length;
        await brain.meta.idle();
        const extraction = fake.requests.filter((r) => !(r.body.tool_choice as { name?: string } | undefined)?.name).length - extractionBefore;
        onReport(fake.requests.length - before, extraction, dup);
        batch = [];
      };
      for (const r of records) {
        const before = brain.meta.queuedJobs;
        brain.ingestObservations(r);
        batch.push(r);
        if (brain.meta.queuedJobs > before) {
          const last = batch.pop()!;
          await flushBatch();
          batch = [last];
        }
      }
      await brain.flush();
      await flushBatch();
      const ms = performance.now() - t0;
      const usage = store.llmCalls.summary();
      const routing = fake.requests.filter((r) => (r.body.tool_choice as { name?: string } | undefined)?.name === 'route_memories').length;
      return {
        hours: HOURS,
        observations: records.length,
        flushes,
        duplicate_flushes: duplicateFlushes,
        calls_on_duplicate_flushes: callsOnDuplicates,
        max_extraction_calls_per_flush: maxExtractionPerFlush,
        calls_per_hour: fake.requests.length / HOURS,
        routing_calls_per_hour: routing / HOURS,
        extraction_calls_per_hour: (fake.requests.length - routing) / HOURS,
        input_tokens_per_hour: usage.input_tokens / HOURS,
        output_tokens_per_hour: usage.output_tokens / HOURS,
        cache_read_tokens_per_hour: usage.cache_read_tokens / HOURS,
        cache_write_tokens_per_hour: usage.cache_write_tokens / HOURS,
        cost_usd_per_hour: usage.cost_usd / HOURS,
        wall_s: ms / 1000,
      };
    });
  } finally {
    await fake.close();
  }
}

const loadBefore = loadavg();
const offline = await offlineThroughput(args.embedder ?? 'use');
const loadAfter = loadavg();
const load = `load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')} before, ${loadAfter.map((l) => l.toFixed(2)).join(' ')} after (1/5/15 min)`;
log(`agents bench on ${cpus().length} cores, ${load}`);
log(`offline pipeline, embedder ${offline.embedder}: ${offline.observations} observations → ${offline.memories} memories in ${offline.flushes} flushes`);
log(
  `  written in ${offline.written_s.toFixed(2)} s (then waiting for vectors: ${offline.pending_at_written.memories} memories, ${offline.pending_at_written.passages} screen passages), ` +
    `memories embedded by ${offline.total_s.toFixed(2)} s → ${offline.obs_per_s.toFixed(1)} observations/s (target >= ${OFFLINE_TARGET}), ${(offline.memories / offline.total_s).toFixed(1)} memories/s`,
);
log(
  `  CPU meanwhile: ${offline.cpu_s.toFixed(2)} CPU-s, all threads` +
    (offline.cpu_main_s !== null && offline.cpu_other_threads_s !== null
      ? ` (main thread: brain, store, graph ${offline.cpu_main_s.toFixed(2)} s; other threads: embedding worker, V8 helpers ${offline.cpu_other_threads_s.toFixed(2)} s)`
      : '') +
    ` → ${(offline.observations / offline.cpu_s).toFixed(0)} observations per CPU-s`,
);
if (offline.passages_before) {
  const p = offline.passages_before;
  log(
    `  screen passages, before the brain's clock (as capture embeds them while it stores them): ${offline.passages} stored and ${p.texts} embedded in ${p.s.toFixed(2)} s, ` +
      `${p.cpu_s.toFixed(2)} CPU-s → ${(offline.passages / p.s).toFixed(1)} passages/s`,
  );
} else {
  log(
    `  screen passages, concurrent (their own background queue, from the same start): ${offline.passages} stored with the observations before the clock, ${offline.passages_left_after_memories} still waiting when the memories were done, ` +
      `all embedded by ${offline.passages_embedded_s.toFixed(2)} s (${(offline.passages / offline.passages_embedded_s).toFixed(1)} passages/s)`,
  );
}
if (offline.embedder_total) {
  const e = offline.embedder_total;
  log(
    `  embedder: ${e.texts.memory} memory texts (${(e.chars.memory / Math.max(e.texts.memory, 1)).toFixed(0)} characters on average) in ${e.calls.memory} calls for ${offline.memories} memories (${(e.texts.memory / Math.max(offline.memories, 1)).toFixed(2)} per memory; ` +
      `${offline.memory_text_versions} distinct text versions written in ${offline.memory_writes} memory writes), ` +
      `${e.texts.query} query texts in ${e.calls.query} calls, ${e.texts.passage} passage texts in ${e.calls.passage} calls`,
  );
}
log(`  flush p50 ${offline.flush_p50_ms.toFixed(1)} ms, p95 ${offline.flush_p95_ms.toFixed(1)} ms · by kind ${JSON.stringify(offline.by_kind)}`);
const llm = args['offline-only'] ? null : await llmPerHour();
if (llm) {
log(`LLM mode (fake server), ${llm.hours} h of scripted capture: ${llm.observations} observations, ${llm.flushes} flushes (${llm.duplicate_flushes} of duplicates)`);
log(`  calls/h ${llm.calls_per_hour.toFixed(0)} (routing ${llm.routing_calls_per_hour.toFixed(0)}, extraction ${llm.extraction_calls_per_hour.toFixed(0)}) · max extraction calls per flush ${llm.max_extraction_calls_per_flush} · calls on duplicate flushes ${llm.calls_on_duplicate_flushes}`);
log(
  `  tokens/h, as the fake server estimates them (its own count, not a real API's tokenizer): input ${llm.input_tokens_per_hour.toFixed(0)}, output ${llm.output_tokens_per_hour.toFixed(0)}, ` +
    `cache read ${llm.cache_read_tokens_per_hour.toFixed(0)}, cache write ${llm.cache_write_tokens_per_hour.toFixed(0)} · ~$${llm.cost_usd_per_hour.toFixed(3)}/h at list prices for those estimated tokens`,
);
}
if (args.json) console.log(JSON.stringify({ offline: { ...offline, load_before: loadBefore, load_after: loadAfter }, llm: llm ? { ...llm, token_source: 'fake server estimate' } : null }));
const targets = new BenchTargets('agents');
targets.check(`offline pipeline ≥ ${OFFLINE_TARGET} observations/s`, offline.obs_per_s >= OFFLINE_TARGET, `${offline.obs_per_s.toFixed(1)} observations/s (${load})`);
targets.finish({ json: args.json });

/**
 * A scripted "capture + agents" process, the part of the app that writes continuously: the real
 * CaptureService (change detection, privacy gate, WebP, encrypted frame files, OCR queue,
 * redaction) on a BarcodeDesktop, the brain (meta-agent and sub-agents, vault for redacted
 * secrets) listening to the store, and optionally chat turns. Crash tests kill it with SIGKILL at
 * random moments; the soak benchmark reads its resource figures; privacy tests scan what it leaves.
 *
 *   node --import tsx test/fakes/scripted-session.ts --data-dir DIR [options]
 *
 * Key: $ENGRAM_KEY or the key file in DIR (as the CLI). Options:
 *   --frames N          stop after N captures (0: until stdin closes or killed)       default 0
 *   --interval-ms MS    capture interval (the scheduler's floor is 100 ms)             default 200
 *   --script NAME       steady | privacy                                               default steady
 *   --tokens-file PATH  PrivacyTokens (JSON) for --script privacy; a file, so the values never
 *                       appear in the command line (ps, /proc, crash reports)
 *   --ocr KIND          scripted (reads the frame number, returns its text) | tesseract  default scripted
 *   --ocr-delay-ms MS   scripted OCR latency                                           default 0
 *   --llm URL           brain in LLM mode against this (fake) Anthropic server; else offline
 *   --embedder KIND     hash (HashEmbedder(256), as the CLI's ENGRAM_EMBEDDER=hash) | use (the
 *                       sentence encoder in its worker, as the app) | none              default hash
 *   --chat-every N      every N frames, store a chat turn and hand it to the brain      default 0
 *   --stats-ms MS       print a `stats {json}` line this often (RSS, fds, lag, backlog) default 0
 *   --settings JSON     capture settings on top of the defaults (retention, ocr, privacy)
 *   --throw-after N     throw an uncaught exception after N frames (crash-report tests); with
 *                       --script privacy its first line carries the canary
 *   --crash-journal     install the CLI's crash journal (DIR/crashes), as `engram capture` does
 *   --cache-mib N       the store's page cache (default: the store's own)
 *   --sharp-cache off   no libvips operation cache (the soak's memory comparison)
 *   --sharp-threads N   libvips threads per image operation (sharp.concurrency; the soak's A/B)
 *   --heap-dir DIR      write V8 heap snapshots there: start.heapsnapshot at the first stats line
 *                       after 60 s (warm), end.heapsnapshot before stopping (the soak's leak hunt)
 *
 * Protocol on stdout, one line each, written synchronously after the store committed:
 *   ready {recovered}   frame ID   obs ID   msg ID   stats {...}   done {...}
 * Diagnostics go to stderr.
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { writeHeapSnapshot } from 'node:v8';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { join } from 'node:path';
import { AnthropicProvider } from '../../agents/llm/index.js';
import { createBrain } from '../../agents/meta/index.js';
import { modelGetter } from '../../electron/engine/index.js';
import { HashEmbedder, openStore, resolveKeyProvider, UseEmbedder } from '../../agents/store/index.js';
import { installCrashJournal } from '../../electron/hosts/cli/crash-install.js';
import { CaptureService } from '../../electron/sensing/capture/index.js';
import { TesseractPool, type OcrEngine } from '../../electron/sensing/perception/index.js';
import { CaptureSettingsSchema } from '../../shared/settings/index.js';
import { BarcodeDesktop } from './barcode-desktop.js';
import { rssParts } from './rss-parts.js';
import { privacyScript, steadyWork, type PrivacyTokens } from './session-scripts.js';

const { values: opt } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    frames: { type: 'string', default: '0' },
    'interval-ms': { type: 'string', default: '200' },
    script: { type: 'string', default: 'steady' },
    'tokens-file': { type: 'string' },
    ocr: { type: 'string', default: 'scripted' },
    'ocr-delay-ms': { type: 'string', default: '0' },
    llm: { type: 'string' },
    embedder: { type: 'string', default: 'hash' },
    'chat-every': { type: 'string', default: '0' },
    'stats-ms': { type: 'string', default: '0' },
    settings: { type: 'string', default: '{}' },
    'throw-after': { type: 'string', default: '0' },
    'crash-journal': { type: 'boolean', default: false },
    'heap-dir': { type: 'string' },
    'cache-mib': { type: 'string' },
    'sharp-cache': { type: 'string', default: 'on' },
    'sharp-threads': { type: 'string' },
  },
});

const dataDir = opt['data-dir'];
if (!dataDir) {
  process.stderr.write('scripted-session: --data-dir is required\n');
  process.exit(2);
}
const frames = Number(opt.frames);
const intervalMs = Number(opt['interval-ms']);
const chatEvery = Number(opt['chat-every']);
const statsMs = Number(opt['stats-ms']);
const throwAfter = Number(opt['throw-after']);
const out = (line: string) => process.stdout.write(line + '\n');
const log = (line: string) => process.stderr.write(`session: ${line}\n`);

const tokens = opt.script === 'privacy' ? (JSON.parse(readFileSync(opt['tokens-file']!, 'utf8')) as PrivacyTokens) : null;
const script = tokens ? privacyScript(tokens) : steadyWork;
if (opt['crash-journal']) installCrashJournal(process, dataDir, 'engram capture', (line) => process.stderr.write(line));

if (opt['sharp-cache'] === 'off') sharp.cache(false);
if (opt['sharp-threads']) sharp.concurrency(Number(opt['sharp-threads']));
const store = await openStore({ dataDir, keyProvider: resolveKeyProvider(dataDir), embedder: opt.embedder === 'none' ? null : opt.embedder === 'use' ? new UseEmbedder() : new HashEmbedder(256), ...(opt['cache-mib'] ? { cacheMiB: Number(opt['cache-mib']) } : {}) });
// Each run of a data dir numbers its frames from its own block of 10 000 (a multiple of every
// script's cycle), so texts stay unique across killed and restarted runs.
const run = store.counters.get('session.runs');
store.counters.bump('session.runs');
const desktop = new BarcodeDesktop(script, { ocrDelayMs: Number(opt['ocr-delay-ms']), start: run * 10_000 });
const firstFrame = desktop.drawn;

const settings = CaptureSettingsSchema.parse(JSON.parse(opt.settings ?? '{}'));
// Below the schema's 0.5 s floor on purpose: the soak compresses hours into minutes.
settings.interval_s = intervalMs / 1000;

let ocr: OcrEngine;
let ownOcr: TesseractPool | null = null;
if (opt.ocr === 'tesseract') {
  ownOcr = new TesseractPool({ cachePath: join(dataDir, 'ocr-cache'), workers: settings.ocr.workers, idleStopMs: settings.ocr.idle_stop_s * 1000 });
  ocr = ownOcr;
} else {
  ocr = desktop.ocr;
}

const llm = opt.llm
  ? new AnthropicProvider({ apiKey: 'test-key', baseURL: opt.llm, usage: store.llmCalls, retry: { maxRetries: 1, baseDelayMs: 5, maxDelayMs: 20 } })
  : modelGetter({ settings: store.settings, env: {} });
const brain = createBrain({ store, llm, tickMs: 500, log });

store.events.on('frame', (e: { op?: string; ids?: string[] }) => {
  if (e.op === 'insert') for (const id of e.ids ?? []) out(`frame ${id}`);
});
store.events.on('observation', (e: { op?: string; ids?: string[] }) => {
  if (e.op === 'insert') for (const id of e.ids ?? []) out(`obs ${id}`);
});
// A memory's event may fire inside the brain's enclosing transaction: printed on the next turn (every
// transaction is synchronous, so it has committed or rolled back by then) and only if it is there.
store.events.on('memory', (e: { op?: string; ids?: string[] }) => {
  const ids = e.ids ?? [];
  const stored = (id: string) => {
    try {
      return store.memories.get(id) !== null;
    } catch {
      return false; // the store closed meanwhile (the session is ending): not reported
    }
  };
  if (e.op === 'insert') setImmediate(() => ids.filter(stored).forEach((id) => out(`mem ${id}`)));
  else if (e.op === 'delete' || e.op === 'recycle') for (const id of ids) out(`memdel ${id}`);
});

const recovered = await brain.start();
out(`ready ${JSON.stringify({ observations: recovered.observations, messages: recovered.messages, batches: recovered.batches })}`);

const capture = new CaptureService({
  store,
  screen: desktop.screen,
  windows: desktop.windows,
  ocr,
  settings,
  onError: (err) => log(`capture: ${err instanceof Error ? err.message : String(err)}`),
});
capture.onSecrets((ev) => {
  brain.recordRedacted(ev.observation_id, ev.secrets).catch((err: unknown) => log(`vault: ${String(err)}`));
});

// Chat turns between frames: the message path of the brain under the same crashes.
let thread: string | null = null;
let kept = 0;
capture.pipeline.on('frame', () => {
  kept++;
  if (throwAfter > 0 && kept >= throwAfter) {
    setImmediate(() => {
      throw new Error(tokens ? `scripted crash while showing ${tokens.canary}\nsecond line` : 'scripted crash for the crash-report test');
    });
  }
  if (chatEvery > 0 && kept % chatEvery === 0) {
    try {
      thread ??= store.threads.create('scripted chat').id;
      const m = store.messages.insert({ thread_id: thread, role: 'user', text: `Remember that build ${kept} of the scripted session passed on the first try`, raw: {} });
      out(`msg ${m.id}`);
      store.messages.insert({ thread_id: thread, role: 'assistant', text: `Noted: build ${kept} passed.`, raw: {} });
      brain.ingestMessages(thread).catch((err: unknown) => log(`chat ingest: ${String(err)}`));
    } catch (err) {
      log(`chat: ${String(err)}`);
    }
  }
});

// Resource figures for the soak benchmark.
const lag = monitorEventLoopDelay({ resolution: 10 });
lag.enable();
// The whole run's lag (the per-line one is reset after each stats line).
const lagTotal = monitorEventLoopDelay({ resolution: 10 });
lagTotal.enable();
const fds = () => {
  try {
    return readdirSync('/proc/self/fd').length;
  } catch {
    return -1;
  }
};
const stats = () => ({
  at: Date.now(),
  frames: desktop.drawn - firstFrame,
  kept,
  rss: process.memoryUsage().rss,
  heap: process.memoryUsage().heapUsed,
  external: process.memoryUsage().external,
  array_buffers: process.memoryUsage().arrayBuffers,
  rss_parts: rssParts(),
  fds: fds(),
  ocr_backlog: capture.status().ocr_backlog,
  lag_p99_ms: lag.percentile(99) / 1e6,
  lag_max_ms: lag.max / 1e6,
  lag_p99_total_ms: lagTotal.percentile(99) / 1e6,
  lag_p50_total_ms: lagTotal.percentile(50) / 1e6,
  memories: store.memories.count({}),
  ocr_calls: desktop.ocrCalls,
  brain_buffered: brain.status().buffered,
  brain_queued: brain.status().queued_jobs,
  unprocessed: store.observations.listUnprocessed(10_000).length,
});
const heapDir = opt['heap-dir'];
// A missing folder would throw at the first snapshot and end the session mid-soak.
if (heapDir) mkdirSync(heapDir, { recursive: true });
const startedAt = Date.now();
let heapStartTaken = false;
let statsTimer: NodeJS.Timeout | null = null;
if (statsMs > 0) {
  statsTimer = setInterval(() => {
    out(`stats ${JSON.stringify(stats())}`);
    if (heapDir && !heapStartTaken && Date.now() - startedAt >= 60_000) {
      heapStartTaken = true;
      writeHeapSnapshot(join(heapDir, 'start.heapsnapshot'));
    }
    // Each line reports the lag since the previous one.
    lag.reset();
  }, statsMs);
}

capture.start();

let stopping = false;
async function finish(): Promise<void> {
  if (stopping) return;
  stopping = true;
  if (statsTimer) clearInterval(statsTimer);
  // Stopped early (stdin closed before the frame count): this watch would keep the process alive.
  if (frameWatch) clearInterval(frameWatch);
  await capture.stop();
  if (heapDir) writeHeapSnapshot(join(heapDir, 'end.heapsnapshot'));
  await capture.drain();
  await brain.flush();
  await brain.stop({ flush: true });
  await store.flushEmbeddings();
  const final = { ...stats(), unreadable_frames: desktop.unreadable, status: capture.status() };
  await capture.close();
  await ownOcr?.stop();
  await store.close();
  out(`done ${JSON.stringify(final)}`);
  process.stdin.destroy();
}

let frameWatch: NodeJS.Timeout | null = null;
if (frames > 0) {
  frameWatch = setInterval(() => {
    if (desktop.drawn - firstFrame >= frames) void finish();
  }, 20);
}
process.stdin.on('end', () => void finish());
process.stdin.on('close', () => void finish());
process.stdin.resume();

import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatService } from '../../agents/chat/index.js';
import { createBrain, type Brain } from '../../agents/meta/index.js';
import { modelGetter } from '../../electron/engine/index.js';
import { HashEmbedder, openStore, StaticKeyProvider, type EngramStore } from '../../agents/store/index.js';
import { exportMemories } from '../../agents/portability/index.js';
import { captureControlOf, createApi, type EngramApi } from '../../electron/api/index.js';
import { CaptureService } from '../../electron/sensing/capture/index.js';
import { inProcessClient } from '../../electron/engine/index.js';
import { VaultGuard } from '../../electron/engine/vault-guard.js';
import { createEngramMcpServer } from '../../electron/hosts/mcp/index.js';
import { CaptureSettingsSchema } from '../../shared/settings/index.js';
import { BarcodeDesktop, type SessionScene } from '../fakes/barcode-desktop.js';
import { decryptedPageScan, decryptedRowScan, decryptedWalScan, filesUnder, ftsMatches, rawScan } from './data-scan.js';
import { storeRecommender } from '../helpers/experience-recommender.js';
import { connectInProcess } from '../helpers/mcp-client.js';

/**
 * Delete proof: a session spans 40 minutes (frames, OCR text, memories, a chat), capture still
 * running, OCR lagging behind. "Forget the last 15 minutes" through the API. Afterwards nothing
 * from that window is reachable through search, the timeline, chat, MCP or an export, nor present
 * in the decrypted database (every page, WAL frame and row, FTS index included) or the frame folder;
 * what came before the window is still there. No test-side checkpoint: the WAL scanned is the one the
 * product left, right after the forget and again at the end. Tests run in any order: the chat test
 * forgets its own turn again.
 */
const tag = randomBytes(4).toString('hex');
const OLD = `oldmark${tag}`;
const RECENT = `recentmark${tag}`;
const LIVE = `livemark${tag}`;
/** A memory written after the forget, by the test: what every "nothing found" check is compared with. */
const AFTER = `aftermark${tag}`;
/** Written into the WAL by the scan test itself, just before it scans: the scan's own positive control. */
const WALMARK = `walmark${tag}`;
const MIN = 60_000;

let root: string;
let key: Buffer;
let store: EngramStore;
let api: EngramApi;
let brain: Brain;
let capture: CaptureService;
let desktop: BarcodeDesktop;
let forgot: { from: string; to: string; report: Record<string, number> };
let forgottenFrames: string[] = [];
/** The WAL as forget left it (scanned the moment forget.run answered), and the database just before. */
let walAfterForget: ReturnType<typeof decryptedWalScan>;
let beforeForget: ReturnType<typeof decryptedPageScan>;
/** When the AFTER control was written: the chat test's own forget starts after it, whatever runs first. */
let controlWrittenAt = 0;
const started = Date.now();
/** Phase of the scripted clock: old (40-25 min ago), recent (12-2 min ago), live (real time). */
let phase: 'old' | 'recent' | 'live' = 'old';
let tick = 0;

const clock = () => {
  tick++;
  if (phase === 'old') return started - 40 * MIN + tick * 90_000;
  // Small steps, capped at 2 minutes ago: however many ticks a slow machine needs, recent frames stay inside the window.
  if (phase === 'recent') return started - 12 * MIN + Math.min(tick * 20_000, 10 * MIN);
  return Date.now();
};
const marker = () => (phase === 'old' ? OLD : phase === 'recent' ? RECENT : LIVE);
const scenes = new Map<number, SessionScene>();
const script = (n: number): SessionScene => {
  let s = scenes.get(n);
  if (!s) {
    const m = marker();
    const apps = ['Visual Studio Code', 'Firefox', 'Slack', 'Terminal'];
    s = { app: apps[n % 4]!, title: `${m} window ${n}`, dark: n % 2 === 1, lines: [`Notes about ${m}n${n}`, `The ${m} project review is on Thursday`, `Frame ${n}`] };
    scenes.set(n, s);
  }
  return s;
};

async function waitFor(cond: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'engram-forget-'));
  key = randomBytes(32);
  store = await openStore({ dataDir: join(root, 'data'), keyProvider: new StaticKeyProvider(key), embedder: new HashEmbedder(256) });
  desktop = new BarcodeDesktop(script, { clock, ocrDelayMs: 250 });
  const settings = CaptureSettingsSchema.parse({});
  settings.interval_s = 0.12;
  settings.ocr.workers = 1;
  capture = new CaptureService({ store, screen: desktop.screen, windows: desktop.windows, ocr: desktop.ocr, settings });
  const llm = modelGetter({ settings: store.settings, env: {} });
  brain = createBrain({ store, llm, subscribe: true, tickMs: 200 });
  api = createApi({ store, host: 'headless', version: 't', capture: captureControlOf(capture), chat: new ChatService({ store, llm, recommender: storeRecommender(store), onTurnStored: (t) => brain.ingestMessages(t.threadId) }), checkOutputs: true });
  await brain.start();

  capture.start();
  await waitFor(() => store.observations.count() >= 8, 60_000, 'old frames');
  phase = 'recent';
  tick = 0;
  // Count observations that carry the recent marker: frames captured in the old phase may still be
  // in OCR when the phase flips, so a plain count would credit them to the window.
  const recentObs = () => store.observations.list({ limit: 10_000 }).filter((o) => o.text.includes(RECENT)).length;
  await waitFor(() => recentObs() >= 8, 60_000, 'recent frames');
  const chat = await api.dispatch('chat.send', { text: `Remind me what the ${RECENT}chat plan was`, time_zone: 'UTC' });
  expect(chat.ok).toBe(true);
  await brain.flush();
  // From now on frames carry real times; OCR lags 250 ms behind, so some are in flight when we forget.
  phase = 'live';
  await new Promise((r) => setTimeout(r, 600));
  const before = Date.now();
  const frames = store.frames.list({ since: before - 15 * MIN, until: before, limit: 10_000 });
  const dbPath = join(root, 'data', 'engram.db');
  beforeForget = decryptedPageScan(dbPath, key, [RECENT]);
  // dispatch runs forget synchronously inside; the scan follows before any other task can write.
  const res = await api.dispatch('forget.run', { what: { span: 'last', minutes: 15 } });
  walAfterForget = decryptedWalScan(dbPath, key, [RECENT]);
  expect(res.ok).toBe(true);
  forgot = (res as { output: typeof forgot }).output;
  forgottenFrames = frames.filter((f) => f.captured_at <= Date.parse(forgot.to)).map((f) => f.id);
  // Capture goes on a little after the forget, then everything settles.
  await new Promise((r) => setTimeout(r, 1200));
  await capture.stop();
  await capture.drain();
  await brain.flush();
  await brain.stop({ flush: true });
  // Positive control, written after the forget (and after its checkpoint): it must be found where the
  // window's text is not, so an empty answer means "forgotten", not "the check finds nothing at all".
  const oldObs = store.observations.list({ limit: 10_000 }).find((o) => o.text.includes(OLD))!;
  store.memories.insert({ kind: 'semantic', title: `${AFTER} control`, text: `The ${AFTER} control note, written after the forget`, provenance: [{ source_type: 'observation', source_id: oldObs.id }] });
  await store.flushEmbeddings();
  controlWrittenAt = Date.now();
  console.log(`forget ${forgot.from} .. ${forgot.to}: ${JSON.stringify(forgot.report)}; frames drawn ${desktop.drawn}, OCR calls ${desktop.ocrCalls}`);
}, 240_000);

afterAll(async () => {
  api?.dispose();
  await capture?.close();
  await store?.close();
  rmSync(root, { recursive: true, force: true });
});

const inWindow = (iso: string | number) => {
  const t = typeof iso === 'number' ? iso : Date.parse(iso);
  return t >= Date.parse(forgot.from) && t <= Date.parse(forgot.to);
};

describe('forget the last 15 minutes: nothing from the window is reachable', { timeout: 120_000 }, () => {
  it('removed something real, and kept what came before', () => {
    expect(forgot.report.frames).toBeGreaterThanOrEqual(8);
    // The frames listed before the forget as inside the window: the loops below check each one.
    expect(forgottenFrames.length).toBeGreaterThanOrEqual(8);
    expect(forgottenFrames.length).toBeLessThanOrEqual(forgot.report.frames!);
    expect(forgot.report.observations).toBeGreaterThanOrEqual(8);
    expect(forgot.report.messages).toBeGreaterThanOrEqual(2);
    expect(store.observations.list({ limit: 10_000 }).some((o) => o.text.includes(OLD))).toBe(true);
  });

  it('no observation, frame, message or memory of the window is left in the store', () => {
    const obs = store.observations.list({ limit: 100_000 });
    const leaked = obs.filter((o) => inWindow(o.observed_at) || o.text.includes(RECENT));
    expect(leaked.map((o) => `${new Date(o.observed_at).toISOString()} ${o.text.slice(0, 60)}`)).toEqual([]);
    expect(store.frames.list({ since: Date.parse(forgot.from), until: Date.parse(forgot.to), limit: 10_000 })).toEqual([]);
    expect(forgottenFrames.length).toBeGreaterThan(0);
    for (const id of forgottenFrames) expect(store.frames.get(id)).toBeNull();
    const mems = store.memories.list({ limit: 100_000, includeSuperseded: true });
    expect(mems.filter((m) => `${m.title} ${m.text} ${m.details}`.includes(RECENT)).map((m) => `${m.kind}: ${m.title}`)).toEqual([]);
  });

  it('search (store and API) finds nothing of it', async () => {
    // Hybrid search may return unrelated older memories by meaning; none may carry the window's content.
    const direct = await store.search({ query: RECENT });
    expect(JSON.stringify(direct)).not.toContain(RECENT);
    // Positive control: the memory written after the forget is found by its marker. (Every memory
    // written inside the window went, the old phase's too: forget takes what was written in the
    // window as well as what cites it.)
    expect(JSON.stringify(await store.search({ query: AFTER, mode: 'bm25' }))).toContain(AFTER);
    expect(JSON.stringify(await store.search({ query: AFTER }))).toContain(AFTER);
    expect(await store.search({ query: RECENT, mode: 'bm25' })).toEqual([]);
    expect(await store.search({ query: `${RECENT}chat plan` })).toSatisfy((r: { memory: { text: string } }[]) => r.every((x) => !x.memory.text.includes(RECENT)));
    const r = await api.dispatch('memories.search', { query: `${RECENT} project review` });
    expect(r.ok).toBe(true);
    expect(JSON.stringify(r)).not.toContain(RECENT);
    for (const tab of ['episodic', 'semantic', 'procedural', 'resource', 'knowledge_vault', 'core', 'experience']) {
      const l = await api.dispatch('memories.list', { tab });
      expect(l.ok, tab).toBe(true);
      expect(JSON.stringify(l), tab).not.toContain(RECENT);
    }
  });

  it('the timeline (API) shows nothing of it', async () => {
    const r = await api.dispatch('timeline.range', { range: { from: new Date(started - 60 * MIN).toISOString(), to: new Date().toISOString() } });
    expect(r.ok).toBe(true);
    const items = (r as { output: { items: { at: string; type: string }[] } }).output.items;
    expect(JSON.stringify(items)).not.toContain(RECENT);
    expect(items.filter((i) => i.type !== 'memory' && inWindow(i.at))).toEqual([]);
    expect(JSON.stringify(items)).toContain(OLD);
    const days = await api.dispatch('timeline.days', { range: { from: new Date(started - 60 * MIN).toISOString(), to: new Date().toISOString() }, timeZone: 'UTC' });
    expect(days.ok).toBe(true);
    expect(JSON.stringify(days)).not.toContain(RECENT);
  });

  it('MCP tools do not return it', async () => {
    const client = await connectInProcess(createEngramMcpServer({ client: inProcessClient(api), vault: new VaultGuard(store), now: () => new Date(), log: () => undefined }, 't'), 'proof');
    try {
      const calls: [string, Record<string, unknown>][] = [
        ['search_memory', { query: `${RECENT} project review` }],
        ['search_memory', { query: RECENT, time_range: 'last hour' }],
        ['recent_activity', { time_range: 'last 2 hours', limit: 200 }],
        ['recall_experiences', { task: RECENT }],
        ['memory_stats', {}],
      ];
      for (const [name, args] of calls) {
        const r = (await client.callTool({ name, arguments: args })) as CallToolResult;
        expect(r.isError ?? false, `${name}: ${JSON.stringify(r).slice(0, 200)}`).toBe(false);
        // "No memories match <query>" repeats the question: only what comes back counts.
        const answer = JSON.stringify(r).replaceAll(`\\"${String(args['query'] ?? args['task'] ?? '')}\\"`, '');
        expect(answer, name).not.toContain(RECENT);
      }
    } finally {
      await client.close();
    }
  });

  it('an export does not contain it (JSON and Markdown)', () => {
    for (const format of ['json', 'markdown'] as const) {
      const chunks: string[] = [];
      exportMemories(store, { write: (c) => void chunks.push(String(c)) }, { format, includeSecrets: true });
      const text = chunks.join('');
      expect(text.length).toBeGreaterThan(0);
      expect(text, format).not.toContain(RECENT);
    }
  });

  it('forget itself leaves nothing of the window in the WAL (no checkpoint but its own)', () => {
    // Positive control: just before the forget the window's text was in the database (pages or WAL).
    expect(beforeForget.found).toContain(RECENT);
    expect(beforeForget.badHmac).toBe(0);
    console.log(`WAL right after forget: ${walAfterForget.walBytes} bytes, ${walAfterForget.walFrames} frames, found: ${walAfterForget.found.join(', ') || 'nothing'}`);
    expect(walAfterForget.badHmac).toBe(0);
    expect(walAfterForget.found).not.toContain(RECENT);
  });

  it('the decrypted database (pages, WAL, rows, FTS) and the frame folder hold nothing of it', () => {
    const dbPath = join(root, 'data', 'engram.db');
    const rows = decryptedRowScan(dbPath, key, [RECENT]);
    expect(rows.tables).toBeGreaterThan(10);
    expect(rows.rows).toBeGreaterThan(20);
    expect(rows.hits.map((h) => `${h.table}: ${h.row}`)).toEqual([]);
    // A row written now lands in the WAL whatever checkpoints ran before (the chat test's forget
    // checkpoints too): the WAL scan must find it, or "nothing found" means nothing.
    store.memories.insert({ kind: 'semantic', title: `${WALMARK} control`, text: `The ${WALMARK} control note` });
    const pages = decryptedPageScan(dbPath, key, [RECENT, OLD, AFTER]);
    const wal = decryptedWalScan(dbPath, key, [RECENT, WALMARK]);
    console.log(`decrypted scan: ${rows.rows} rows in ${rows.tables} tables; ${pages.pages} pages + ${pages.walFrames} WAL frames (WAL found: ${wal.found.join(', ') || 'nothing'}), bad HMAC ${pages.badHmac}, found: ${pages.found.join(', ')}`);
    expect(pages.pages).toBeGreaterThan(10);
    expect(wal.walFrames).toBeGreaterThan(0);
    expect(wal.found).toContain(WALMARK);
    expect(wal.found).not.toContain(RECENT);
    expect(pages.badHmac).toBe(0);
    expect(pages.found).not.toContain(RECENT);
    expect(pages.found).toContain(OLD);
    const fts = ftsMatches(dbPath, key, [RECENT, `${RECENT}n`, AFTER]);
    expect(fts[RECENT]).toBe(0);
    expect(fts[`${RECENT}n`]).toBe(0);
    // The same query finds the memory written after the forget: the index is there and answers.
    expect(fts[AFTER]).toBeGreaterThan(0);
    // The frame folder: one file per remaining frame kept whole, none for a forgotten frame, no
    // plaintext. Capture keeps frames as bands in the database (migration 021): no band is left that
    // no remaining frame shows (every band is counted by the frames that show it: the integrity check).
    const files = filesUnder(join(root, 'data', 'frames'));
    const ids = new Set(files.map((f) => f.split('/').pop()!.replace(/\.bin$/, '')));
    expect(forgottenFrames.length).toBeGreaterThan(0);
    for (const id of forgottenFrames) expect(ids.has(id), id).toBe(false);
    const banded = store.db.prepare('SELECT count(*) FROM frames WHERE bands IS NOT NULL').pluck().get() as number;
    expect(store.frames.count()).toBeGreaterThan(0);
    expect(files.length).toBe(store.frames.count() - banded);
    expect(store.db.prepare('SELECT count(*) FROM frame_bands WHERE refs <= 0').pluck().get()).toBe(0);
    expect(store.db.prepare('SELECT count(*) FROM frame_band_pixels p WHERE NOT EXISTS (SELECT 1 FROM frame_bands b WHERE b.id = p.id)').pluck().get()).toBe(0);
    expect(rawScan(filesUnder(join(root, 'data')), [RECENT, OLD])).toEqual([]);
    expect(store.checkIntegrity().problems).toEqual([]);
  });
  // The question is itself stored (a new chat turn, after the forget) and would show in the scans
  // above: the test forgets its own turn again (through the API), so it may run in any order.
  it('chat does not bring it back', async () => {
    const events: string[] = [];
    const off = api.events.subscribe((name, payload) => {
      if (name.startsWith('chat.')) events.push(JSON.stringify(payload));
    });
    // The turn's own span, which must not reach back to the AFTER control the other tests look for.
    while (Date.now() <= controlWrittenAt + 1) await new Promise((r) => setTimeout(r, 2));
    const t0 = new Date(Math.max(Date.now() - 1000, controlWrittenAt + 1)).toISOString();
    try {
      const question = `What was the ${RECENT} project review about, and the chat plan?`;
      const r = await api.dispatch('chat.send', { text: question, time_zone: 'UTC' });
      expect(r.ok).toBe(true);
      const out = (r as { output: { answer: string; citations: unknown[] } }).output;
      // "I found nothing about "<the question's words>"" repeats the question: only what came back counts.
      const words = new Set(question.toLowerCase().match(/[\p{L}\p{N}]+/gu));
      const echoed = (quote: string) => (quote.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).every((w) => words.has(w));
      const answer = out.answer.replace(/"([^"]*)"/g, (m, quote: string) => (echoed(quote) ? '""' : m));
      expect(answer).not.toContain(RECENT);
      expect(JSON.stringify(out.citations)).not.toContain(RECENT);
      // The question itself carries the marker; what came back must not.
      const retrieval = events.filter((e) => e.includes('"memories"'));
      expect(retrieval.length).toBeGreaterThan(0);
      for (const e of retrieval) expect(JSON.parse(e).memories.map((m: { memory: { text: string } }) => m.memory.text).join(' ')).not.toContain(RECENT);
    } finally {
      off();
      // The brain turns the stored turn into memories in the background: let it finish, then forget the turn.
      await brain.flush();
      const undo = await api.dispatch('forget.run', { what: { span: 'range', from: t0, to: new Date().toISOString() } });
      expect(undo.ok).toBe(true);
    }
    expect(decryptedRowScan(join(root, 'data', 'engram.db'), key, [RECENT]).hits).toEqual([]);
  });

});

describe('forget while a batch is with the model (LLM mode)', { timeout: 60_000 }, () => {
  it('what the model answers for forgotten sources is not kept', async () => {
    const { startFakeAnthropic } = await import('../fakes/fake-anthropic-server.js');
    const { AnthropicProvider } = await import('../../agents/llm/index.js');
    const fake = await startFakeAnthropic();
    const word = `zebra${randomBytes(3).toString('hex')}`;
    fake.setHandler((req) =>
      (req.body.tool_choice as { name?: string } | undefined)?.name === 'route_memories'
        ? { toolUses: [{ name: 'route_memories', input: { kinds: ['episodic', 'semantic'], reason: 'scripted' } }] }
        : { delayMs: 1500, text: 'Saving.', toolUses: [{ name: 'episodic_save', input: { summary: `Discussed the ${word} plan in Slack`, sources: [1] } }, { name: 'semantic_save', input: { name: word, summary: `${word} is the codename` } }] },
    );
    const dir = mkdtempSync(join(tmpdir(), 'engram-forget-llm-'));
    const s = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(randomBytes(32)), embedder: null });
    try {
      const b = createBrain({ store: s, llm: new AnthropicProvider({ apiKey: 'test-key', baseURL: fake.url, usage: s.llmCalls }), subscribe: false });
      const now = Date.now();
      const obs = [0, 1, 2].map((i) => s.observations.insert({ kind: 'screen', frame_id: null, audio_id: null, display: '0', observed_at: now - 60_000 + i * 1000, app: 'Slack', title: `${word} channel`, url: null, text: `talk about ${word} ${i}`, caption: null }));
      b.ingestObservations(obs);
      const flushing = b.flush();
      // The extraction call is under way (it answers after 1.5 s) when the user forgets.
      await waitFor(() => fake.requests.length >= 2, 20_000, 'the extraction call');
      s.forget({ from: now - 15 * MIN, to: Date.now() });
      await flushing;
      await b.stop();
      expect(s.memories.list({ limit: 100 }).map((m) => m.title)).toEqual([]);
      expect(await s.search({ query: word })).toEqual([]);
    } finally {
      await s.close();
      await fake.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('forget while speech is being transcribed', { timeout: 60_000 }, () => {
  it('a transcript that arrives after its audio was forgotten is not stored', async () => {
    const { AudioPipeline, PushAudioSource } = await import('../../electron/sensing/capture/index.js');
    const dir = mkdtempSync(join(tmpdir(), 'engram-forget-audio-'));
    const s = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(randomBytes(32)), embedder: null });
    try {
      const RATE = 16_000;
      const speech = new Int16Array(RATE * 2);
      for (let i = 0; i < speech.length; i++) speech[i] = i % (RATE / 4) > RATE / 5 ? 0 : Math.round(8000 * Math.sin((2 * Math.PI * 220 * i) / RATE));
      const source = new PushAudioSource();
      const at = Date.now() - 60_000;
      source.push(speech, RATE, at);
      source.push(new Int16Array(RATE * 3), RATE, at + 2000);
      source.end();
      let called!: () => void;
      const transcribing = new Promise<void>((r) => (called = r));
      let release!: () => void;
      const released = new Promise<void>((r) => (release = r));
      const word = `audiomark${randomBytes(3).toString('hex')}`;
      const pipeline = new AudioPipeline({
        store: s,
        source,
        transcriber: {
          name: 'held',
          transcribe: async () => {
            called();
            await released;
            return { text: `we agreed on the ${word} plan`, language: 'en' };
          },
        },
      });
      const run = pipeline.run();
      await transcribing;
      s.forget({ from: Date.now() - 15 * MIN, to: Date.now() });
      release();
      const report = await run;
      expect(report.chunks).toBe(1);
      // Not a failure either (before, the insert hit the deleted audio row's foreign key and was
      // reported to the user as a capture error).
      expect(report.failed).toBe(0);
      expect(report.observation_ids).toEqual([]);
      expect(s.observations.list({ limit: 100 }).map((o) => o.text)).toEqual([]);
      expect(s.stats().counts.observations).toBe(0);
    } finally {
      await s.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

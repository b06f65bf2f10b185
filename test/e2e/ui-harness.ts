import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LLM_SETTINGS } from '../../agents/llm/index.js';
import { openStore, StaticKeyProvider, type EngramStore } from '../../agents/store/index.js';
import { captureControlOf } from '../../electron/api/index.js';
import { CaptureService, type PowerSource } from '../../electron/sensing/capture/index.js';
import { startEngramServer, type EngramServer } from '../../electron/hosts/http/index.js';
import { CAPTURE_SETTINGS_KEY, defaultCaptureSettings } from '../../shared/settings/index.js';
import { startFakeAnthropic, type FakeAnthropic } from '../fakes/fake-anthropic-server.js';
import { ScriptedDesktop } from '../fakes/scripted-screen.js';
import { SCENES, seedUiFixture, type SeededIds } from '../fixtures/ui-seed.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const RENDERER_DIR = path.join(ROOT, 'dist/renderer');
/**
 * Data dirs in memory where the machine has /dev/shm: the store fsyncs every frame file, folder and
 * commit, and on this disk (discard-mounted) a harness's writes and removal cost seconds of waiting.
 * The UI tests are about the window, not durability (the store's own tests cover that).
 */
const SCRATCH = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

function fresh(): boolean {
  const index = path.join(RENDERER_DIR, 'index.html');
  const sources = Math.max(newestMtime(path.join(ROOT, 'renderer')), newestMtime(path.join(ROOT, 'shared')));
  return existsSync(index) && statSync(index).mtimeMs >= sources;
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Builds the renderer (vite build) when dist/renderer is missing or older than its sources. Test
 * files run in parallel processes: a lock directory makes one build while the others wait, so no
 * test serves a folder another process is emptying.
 */
export function ensureRendererBuilt(): void {
  if (fresh()) return;
  const lock = path.join(ROOT, 'dist', '.renderer-build.lock');
  mkdirSync(path.dirname(lock), { recursive: true });
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock left by a killed run is stale after three minutes.
      const st = statSync(lock, { throwIfNoEntry: false });
      if (st && Date.now() - st.mtimeMs > 180_000) rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error('timed out waiting for another renderer build');
      sleep(250);
    }
  }
  try {
    if (fresh()) return;
    // NODE_ENV=production explicitly: under vitest it is "test", which would bundle React's development build.
    execFileSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export interface UiHarness {
  dir: string;
  store: EngramStore;
  server: EngramServer;
  url: string;
  base: string;
  token: string;
  seeded: SeededIds | null;
  fake: FakeAnthropic | null;
  desktop: ScriptedDesktop | null;
  capture: CaptureService | null;
  close(): Promise<void>;
}

export interface UiHarnessOptions {
  seed?: boolean;
  /** Run the real CaptureService on a scripted desktop (ticks every captureIntervalS). */
  capture?: boolean;
  captureIntervalS?: number;
  /** The capture's power source (battery or AC); default: the machine's. */
  capturePower?: PowerSource;
  /** Start the fake Anthropic server and store an API key, so chat streams through the real SDK. */
  llm?: boolean;
  /** The environment the engine reads (default process.env): {} keeps a developer's model keys out. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Run the brain, so Consolidate is offered (off by default: fixtures stay exactly as seeded). */
  brain?: boolean;
}

interface SeededDir {
  dir: string;
  key: Buffer;
  seeded: SeededIds;
  at: number;
}

/**
 * A seed this old is made again: the seeded "12, 6 and 1 minutes ago" must still fall in a test's
 * "last 15 minutes" (a minute of drift keeps them there).
 */
const SEED_MAX_AGE_MS = 60_000;
let seedDir: Promise<SeededDir> | null = null;
let seedPath: string | null = null;

const SEED_PREFIX = 'engram-ui-seed-';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the seeds of test processes that have ended: vitest stops its workers without an 'exit'
 * event, so a seed (1.5 MB, in memory on /dev/shm) would otherwise outlive every run.
 */
function sweepSeeds(): void {
  for (const name of readdirSync(SCRATCH)) {
    const pid = Number(/^engram-ui-seed-(\d+)-/.exec(name)?.[1]);
    if (pid && pid !== process.pid && !alive(pid)) rmSync(path.join(SCRATCH, name), { recursive: true, force: true });
  }
}

/**
 * The seeded week, written once per test file into a closed data dir that each harness copies:
 * seeding writes ~70 frame files, each fsynced with its folder, and copying them is a fraction of
 * that. Every harness still gets its own copy, so tests that delete or change data stay independent.
 */
async function seededDir(): Promise<SeededDir> {
  const current = seedDir ? await seedDir.catch(() => null) : null;
  // Nor is a seed from before midnight used after it: "yesterday" would be two days ago.
  if (current && Date.now() - current.at < SEED_MAX_AGE_MS && new Date(current.at).toDateString() === new Date().toDateString()) return current;
  if (current) rmSync(current.dir, { recursive: true, force: true });
  if (seedPath === null) {
    sweepSeeds();
    process.once('exit', () => seedPath && rmSync(seedPath, { recursive: true, force: true }));
  }
  const dir = mkdtempSync(path.join(SCRATCH, `${SEED_PREFIX}${process.pid}-`));
  seedPath = dir;
  seedDir = (async () => {
    const key = randomBytes(32);
    const store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder: null });
    try {
      const at = Date.now();
      return { dir, key, seeded: await seedUiFixture(store, { now: at }), at };
    } finally {
      await store.close();
    }
  })();
  return seedDir;
}

/** One request to the host's handler map over HTTP, as a script would make it: its output, or an error with its message. */
export async function callApi<T>(h: UiHarness, name: string, input: unknown = {}): Promise<T> {
  const r = await fetch(`${h.base}/api/call`, { method: 'POST', headers: { Authorization: `Bearer ${h.token}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ name, input }) });
  const body = (await r.json()) as { ok: boolean; output: T; error?: { message: string } };
  if (!body.ok) throw new Error(`${name}: ${body.error?.message}`);
  return body.output;
}

/** A headless host on a temporary encrypted data dir, seeded, with the fake model and scripted capture. */
export async function startUiHarness(opts: UiHarnessOptions = {}): Promise<UiHarness> {
  ensureRendererBuilt();
  const dir = mkdtempSync(path.join(SCRATCH, 'engram-ui-'));
  let key: Buffer = randomBytes(32);
  let seeded: SeededIds | null = null;
  if (opts.seed !== false) {
    const template = await seededDir();
    cpSync(template.dir, dir, { recursive: true });
    key = template.key;
    seeded = structuredClone(template.seeded);
  }
  const store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder: null });
  const fake = opts.llm ? await startFakeAnthropic() : null;
  if (fake) store.settings.set(LLM_SETTINGS.apiKey, 'sk-ant-e2e-test-key-0000000000');
  let desktop: ScriptedDesktop | null = null;
  let capture: CaptureService | null = null;
  if (opts.capture) {
    desktop = new ScriptedDesktop([SCENES.code, SCENES.browser, SCENES.slack, SCENES.terminal]);
    // Stored, not passed as an override, so a change in Settings reaches the running capture as in the app.
    store.settings.set(CAPTURE_SETTINGS_KEY, { ...defaultCaptureSettings(), interval_s: opts.captureIntervalS ?? 1 });
    capture = new CaptureService({ store, screen: desktop.screen, windows: desktop.windows, ocr: desktop.ocr, ...(opts.capturePower ? { power: opts.capturePower } : {}) });
    capture.start();
  }
  const server = await startEngramServer({
    store,
    version: 'test',
    rendererDir: RENDERER_DIR,
    capture: capture ? captureControlOf(capture) : null,
    anthropicBaseUrl: fake?.url,
    checkOutputs: true,
    env: opts.env,
    brain: opts.brain ?? false,
    log: () => undefined,
  });
  return {
    dir,
    store,
    server,
    // A fresh one-time link each time it is read, as `engram serve` prints (each works once).
    get url() {
      return server.host.newLink();
    },
    base: `http://127.0.0.1:${server.host.port}`,
    token: server.host.token,
    seeded,
    fake,
    desktop,
    capture,
    close: async () => {
      await server.close();
      await capture?.close();
      await fake?.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

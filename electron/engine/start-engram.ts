import type { ChatService } from '../../agents/chat/index.js';
import type { LlmProvider } from '../../agents/llm/index.js';
import type { Brain } from '../../agents/meta/index.js';
import type { SyncKeyStore } from '../../agents/sync/index.js';
import { SyncKeyFile, type EngramStore } from '../../agents/store/index.js';
import type { StoreSource } from '../locate/index.js';
import type { CaptureService, SecretsEvent } from '../sensing/capture/index.js';
import { captureControlOf, captureDriverOf, createApi, type CaptureDriver, portabilityExporter, type CaptureControl, type EngramApi, type ExporterOptions, type HostSession, type StartAtLoginControl } from '../api/index.js';
import type { ApiClient } from '../../shared/api/index.js';
import { errorLine } from '../../shared/text/index.js';
import { inProcessClient } from './in-process-client.js';
import { VaultGuard } from './vault-guard.js';
import type { CaptureSources } from './capture-sources.js';
import { openEngramStore, storeOf, type OpenedStore } from './open-engram.js';
import { modelGetter, type EnvReader, type ModelOverrides } from './model-choice.js';
import { engineSecretStore } from './secret-store.js';
import { syncthingControl } from './syncthing-control.js';
import { captionNotice, recordCaptionChoice } from './caption-choice.js';
import { readCaptureSettings, writeCaptureSettings } from '../sensing/sources/index.js';
import { engineBrain, type BrainChoice, type EngineBrain } from './engine-brain.js';
import { engineConsolidator, engineDirectives } from './engine-consolidation.js';
import { pendingWork, type PendingWork } from './pending-work.js';
import { engineChat } from './engine-chat.js';

export { DEFERRED_BRAIN_MS, type BrainChoice } from './engine-brain.js';

export type { StoreLocation, StoreSource } from '../locate/index.js';

/** Where a failure of a running part came from: the host tells the user (tray, stderr) its own way. */
export interface EngineProblem {
  source: 'capture' | 'brain';
  error: unknown;
}

export interface EngineOptions {
  /**
   * Where the engine opens its store (it closes it on close()), or a store the host opened (openEngram;
   * tests: the store itself), which the host closes after close().
   */
  store: EngramStore | OpenedStore | StoreSource;
  /**
   * A one-shot command's wait for a query's vector (as waitForMeaning), given at start so it holds
   * from the store's open: what the command writes is then not embedded by a cold encoder either.
   */
  meaningWaitMs?: number | null;
  host: 'electron' | 'headless';
  version: string;
  /** Environment read for the model, embedder and transcriber (default process.env). */
  env?: EnvReader;
  model?: ModelOverrides;
  /** IANA zone for times in answers and memories (default the machine's). */
  timeZone?: string;
  /**
   * What the user said of captioning on a host without the window (--captions, ENGRAM_CAPTIONS):
   * recorded before capture starts, where the Privacy switch keeps it; null or absent: the stored switch holds.
   */
  captions?: boolean | null;
  /** The first run's consent page said whether to record audio: kept as Settings' "Record audio" before capture starts. */
  recordAudio?: boolean;
  /** Capture with these sources; off when absent. */
  capture?: CaptureSources | null;
  /** A capture the caller runs itself (tests' scripted desktop): the window drives it; nothing else is wired. */
  externalCapture?: CaptureControl | null;
  /** Opens the OS's Screen Recording settings for the window's "grant" button (the desktop app). */
  openScreenSettings?: () => Promise<boolean>;
  /** Opens a checked local file or folder with its default app (the desktop app's shell.openPath). */
  openPath?: (path: string) => Promise<string>;
  /** Consent and Quit asked in the window (browser mode). */
  session?: HostSession | null;
  /** Wraps the capture control the window drives (browser mode: refused until consent). */
  gateCapture?: (control: CaptureControl) => CaptureControl;
  /** The brain (meta-agent, sub-agents, dream): observations and chat turns become memories. Default off. */
  brain?: boolean | BrainChoice;
  /** Chat (default on); topics: let the model pick search topics first (default on with a model). */
  chat?: boolean | { topics?: boolean };
  /** Fast host start: chat loads with the first question, the brain DEFERRED_BRAIN_MS later. */
  lazy?: boolean;
  /** Where export.run/export.write write, and what they may (the CLI: --out or standard output, --include-secrets). Default: the data dir, secrets masked. */
  exporter?: ExporterOptions;
  /** Requests may name files on this machine (import.file, backup.write): the CLI only. */
  fileAccess?: boolean;
  /** Validate handler outputs against the contract (tests). */
  checkOutputs?: boolean;
  /** Continuous sync while sync is on (serve, the app, capture): after writes, when the folder changes, and periodically. */
  sync?: boolean | { periodMs?: number; debounceMs?: number };
  /** Where the sync key is kept (the desktop app: the OS keychain); default the key file outside the data folder. */
  syncKeys?: SyncKeyStore;
  keyDescription?: string;
  /** Desktop app: Chromium's sandbox status, for the Privacy screen. */
  sandbox?: { on: boolean; detail: string };
  /** Desktop app: the login item behind Settings' "Start Engram when I log in". */
  startAtLogin?: StartAtLoginControl;
  log?: (line: string) => void;
  /** A running part failed; default: one log line. */
  onProblem?: (problem: EngineProblem) => void;
}

export interface Engram {
  /** The one handler map every host speaks: IPC, HTTP/WebSocket, and in process (CLI, MCP). */
  api: EngramApi;
  /** The typed client over `api`, in process: what the CLI and MCP call. */
  client: ApiClient;
  /** The vault rule for outside agents (MCP): copies of vault values cut out of answers. */
  vault: VaultGuard;
  capture: CaptureService | null;
  /** Frames kept without their text read yet (a hard stop leaves them for the next start). */
  framesUnread(): number;
  /**
   * The caption choice given at start (options.captions), or null: its line for the user, once the
   * model is known, and an undo for a host that fails after the engine started.
   */
  captions: { notice(): string; undo(): void } | null;
  /**
   * How long a search waits for its query's vector before answering by keywords alone: one-shot
   * commands, where the encoder's cold load (seconds) would be most of the wait. Null (the default):
   * every search waits for the full hybrid.
   */
  waitForMeaning(ms: number | null): void;
  /** Searches so far answered by keywords alone because meaning was still loading (see waitForMeaning). */
  keywordOnlySearches(): number;
  /**
   * What still waits for its vector (memories, screen passages), or null when this engine has no
   * embedder. What `engram capture` stores waits for the next process with an embedder: the app and
   * `engram serve` embed it in the background, `engram index` at once.
   */
  pendingEmbeddings(): { memories: number; passages: number } | null;
  /**
   * Embeds everything waiting (see pendingEmbeddings); resolves with the embedder's failure as one
   * line when rows stay waiting, else null. close() stops it after the batch in hand; what is done stays done.
   */
  embedPending(): Promise<string | null>;
  /** True while the microphone should run: capture running and on, "Record audio" on, a microphone given. Follows Settings live. */
  audioWanted(): boolean;
  /** The model chosen from settings and environment, re-read on each call. */
  model: () => LlmProvider;
  /** The brain once loaded (null when off, or after close). */
  brain(): Promise<Brain | null>;
  chat(): Promise<ChatService | null>;
  /**
   * Waits until every chat turn and redacted secret handed over so far is written; resolves with
   * the first failure as one line, or null (the data stays queued and is taken up next time).
   */
  settle(): Promise<string | null>;
  /** Stops capture, the brain (flush: process buffered observations first) and the API feeds; closes the store if the engine opened it. */
  close(opts?: { flush?: boolean }): Promise<void>;
}

/** The sync room loads only in engines that run sync continuously; its status goes to the window after each pass. */
async function startSyncRunner(store: EngramStore, api: EngramApi, keys: SyncKeyStore, timing: { periodMs?: number; debounceMs?: number }, log: (line: string) => void) {
  const { SyncRunner, SyncControl, syncStatusDto } = await import('../../agents/sync/index.js');
  const runner = new SyncRunner(store, keys, { ...timing, log, onPass: () => api.events.emit('sync.status', syncStatusDto(new SyncControl(store, keys).status())) });
  runner.start();
  return runner;
}


/**
 * The one composition of Engram's core, behind every host (as Mockoon runs one engine behind its
 * app and CLI): the store, the model and embedder chosen from settings and environment, capture
 * with its secrets handed to the vault, the brain, chat, consolidation, and the handler map. Hosts
 * bring only what is theirs: sources, a transport, a way to show problems. A store the engine
 * opened is closed again when the start fails, and a caption choice undone.
 */
export async function startEngram(opts: EngineOptions): Promise<Engram> {
  const given = opts.store;
  const held = typeof given === 'function' ? null : 'events' in given ? given : storeOf(given);
  const ownsStore = held === null;
  const store: EngramStore = held ?? (typeof given === 'function' ? await given() : 'keyProvider' in given ? await openEngramStore({ ...given, env: opts.env ?? process.env, meaningWaitMs: opts.meaningWaitMs }) : null) ?? unknownStore();
  if (opts.meaningWaitMs !== undefined) store.retriever.meaningWaitMs = opts.meaningWaitMs;
  if (opts.recordAudio !== undefined) {
    const s = readCaptureSettings(store);
    writeCaptureSettings(store, { ...s, audio: { ...s.audio, enabled: opts.recordAudio } });
  }
  const undoCaptions = opts.captions === true || opts.captions === false ? recordCaptionChoice(store, opts.captions) : null;
  try {
    return await composeEngram(store, ownsStore, undoCaptions, opts);
  } catch (err) {
    undoCaptions?.();
    if (ownsStore) await store.close().catch(() => undefined);
    throw err;
  }
}

function unknownStore(): never {
  throw new Error('startEngram: the store handle was not opened by openEngram');
}

/** What a running engine is made of, as its handle (the Engram a host gets) closes and reports on it. */
interface EngineParts {
  store: EngramStore;
  ownsStore: boolean;
  env: EnvReader;
  model: () => LlmProvider;
  brain: EngineBrain;
  chat: () => Promise<ChatService | null>;
  work: PendingWork;
  composed: import('./capture-composition.js').ComposedCapture | null;
  api: EngramApi;
  client: ApiClient;
  syncRunner: { stop(): Promise<void> } | null;
  captions: Engram['captions'];
  problem: (p: EngineProblem) => void;
  closed: { value: boolean };
  /**
   * Where no brain runs in the background: the re-scrub run to its end. At start, before any command
   * reads; at close too, because a one-shot command that kept a secret in the vault (a remembered
   * password in `engram chat`) makes a sweep for its other copies due, and that sweep must not wait
   * for whichever process opens the store next.
   */
  finishRescrub: (() => Promise<void>) | null;
}

async function composeEngram(store: EngramStore, ownsStore: boolean, undoCaptions: (() => void) | null, opts: EngineOptions): Promise<Engram> {
  const env = opts.env ?? process.env;
  const log = opts.log ?? (() => undefined);
  const problem = (p: EngineProblem) => (opts.onProblem ? opts.onProblem(p) : log(`${p.source}: ${errorLine(p.error)}`));
  const model = modelGetter({ settings: store.settings, env, usage: store.llmCalls, overrides: opts.model, log });
  const brainChoice: BrainChoice | null = opts.brain === true ? {} : opts.brain ? opts.brain : null;
  const chatChoice = opts.chat === false ? null : opts.chat === true || opts.chat === undefined ? {} : opts.chat;
  const closed = { value: false };
  const work = pendingWork(log);
  // A store kept before this version's detectors is re-scrubbed before any command reads it when
  // no brain runs here to do it in the background (the CLI's one-shot commands).
  const noBackgroundBrain = !brainChoice || brainChoice.start === 'manual';
  const finishRescrub = noBackgroundBrain ? () => rescrubHere(store, opts.timeZone, log) : null;
  if (finishRescrub) await finishRescrub();
  const brain = await engineBrain({
    store,
    model,
    choice: brainChoice,
    lazy: opts.lazy ?? false,
    timeZone: opts.timeZone,
    work,
    isClosed: () => closed.value,
    log,
    onStartFailure: (error) => problem({ source: 'brain', error }),
  });
  const chat = engineChat({ store, model, choice: chatChoice, timeZone: opts.timeZone, brain: brainChoice ? brain : null, work, log });
  const eagerChat = chatChoice && !opts.lazy ? await chat.get() : null;

  let composed: import('./capture-composition.js').ComposedCapture | null = null;
  if (opts.capture) {
    // Loaded only when asked for: the capture stack pulls native modules other hosts do not need.
    const { composeCapture } = await import('./capture-composition.js');
    composed = composeCapture(store, opts.capture, env, (error) => problem({ source: 'capture', error }), (ev) => brain.toVault(ev), model);
    const { queued, left } = composed.requeued;
    if (queued > 0) log(`capture: reading the text of ${queued} frame${queued === 1 ? '' : 's'} the last run kept unread${left > 0 ? ` (${left} more at the next start)` : ''}`);
  }

  const control = composed ? captureControlOf(composed.service) : (opts.externalCapture ?? null);
  const syncKeys = opts.syncKeys ?? new SyncKeyFile(store.dataDir);
  const api = createApi({
    store,
    host: opts.host,
    version: opts.version,
    capture: control && opts.gateCapture ? opts.gateCapture(control) : control,
    // A host that starts capture itself (start: false) drives it through capture.start, tick, stop, drain, audio.
    captureDriver: composed && opts.capture?.start === false ? hostCaptureDriver(composed, opts.capture, { store, env, problem, brain }) : null,
    // A brain the host starts by hand (engram capture) is started through brain.start.
    startBrain: brainChoice?.start === 'manual' ? () => startManualBrain(brain) : null,
    ...(opts.openScreenSettings ? { openScreenSettings: opts.openScreenSettings } : {}),
    ...(opts.openPath ? { openPath: opts.openPath } : {}),
    session: opts.session ?? null,
    ...(eagerChat ? { chat: eagerChat } : chatChoice ? { chatLoader: async () => (await chat.get())! } : {}),
    consolidator: brainChoice ? engineConsolidator(() => brain.get(), store) : null,
    directives: engineDirectives(() => brain.get(), store, model, { timeZone: opts.timeZone, log }),
    ingest: brainChoice ? (threadId) => ingestThread(brain, threadId) : null,
    exporter: portabilityExporter(store, opts.exporter),
    fileAccess: opts.fileAccess ?? false,
    secrets: engineSecretStore(store, env),
    openaiSecrets: engineSecretStore(store, env, 'openai'),
    model,
    envBaseUrl: env.ENGRAM_LLM_BASE_URL?.trim().replace(/\/+$/, '') || null,
    keyDescription: opts.keyDescription,
    syncKeys,
    sandbox: opts.sandbox,
    startAtLogin: opts.startAtLogin,
    syncthing: syncthingControl(store.dataDir, env),
    checkOutputs: opts.checkOutputs,
    log,
  });
  const client = inProcessClient(api);
  chat.bind(client);
  const syncRunner = opts.sync ? await startSyncRunner(store, api, syncKeys, opts.sync === true ? {} : opts.sync, log) : null;
  const captions: Engram['captions'] = undoCaptions ? { notice: () => captionNotice(store, model()), undo: undoCaptions } : null;
  return engramHandle({ store, ownsStore, env, model, brain, chat: () => chat.get(), work, composed, api, client, syncRunner, captions, problem, closed, finishRescrub });
}

/** The re-scrub run to its end in this process, when one is due (rescrub-before-reading.ts). */
async function rescrubHere(store: EngramStore, timeZone: string | undefined, log: (line: string) => void): Promise<void> {
  if (!store.rescrubDue) return;
  const { rescrubBeforeReading } = await import('../../agents/meta/index.js');
  await rescrubBeforeReading(store, { timeZone, log });
}

/** The capture driver of a host that runs capture itself, with the audio stream it gave, if any. */
function hostCaptureDriver(
  composed: import('./capture-composition.js').ComposedCapture,
  sources: CaptureSources,
  p: { store: EngramStore; env: EnvReader; problem: (p: EngineProblem) => void; brain: EngineBrain },
): CaptureDriver {
  const driver = captureDriverOf(composed.service);
  const stream = sources.audioStream;
  if (!stream) return driver;
  const audio = async () => {
    const { runAudioStream } = await import('./capture-composition.js');
    // An unreadable stream (not a WAV) reaches the host as the handler map's UNAVAILABLE with its words.
    const report = await runAudioStream({
      store: p.store,
      source: stream.source,
      env: p.env,
      isPaused: (at) => composed.service.pipeline.pausedAt(at),
      signal: stream.signal,
      onError: stream.onError ?? ((error) => p.problem({ source: 'capture', error })),
      onSecrets: (ev: SecretsEvent) => p.brain.toVault(ev),
      onNoTranscriber: stream.onNoTranscriber,
    });
    return { chunks: report.chunks, speech_ms: report.speech_ms, observation_ids: report.observation_ids };
  };
  return { ...driver, audio };
}

async function startManualBrain(brain: EngineBrain): Promise<void> {
  const b = await brain.get();
  if (!b) throw new Error('the memory agents did not start');
  await b.start();
}

/** messages.add's second half: the brain turns the stored thread into memories. */
async function ingestThread(brain: EngineBrain, threadId: string): Promise<{ memory_ids: string[]; deferred: number }> {
  const b = await brain.get();
  if (!b) throw new Error('the memory agents did not start');
  const report = await b.ingestMessages(threadId);
  return { memory_ids: report.memory_ids, deferred: report.deferred };
}

/** The running engine as a host holds it: its handler map and client, its parts' state, and close(). */
function engramHandle(p: EngineParts): Engram {
  const { store, composed, brain } = p;
  return {
    api: p.api,
    client: p.client,
    vault: new VaultGuard(store),
    capture: composed?.service ?? null,
    framesUnread: () => store.frames.countUnread(),
    captions: p.captions,
    waitForMeaning: (ms) => {
      store.retriever.meaningWaitMs = ms;
      // Writes the one-shot wait left pending are embedded now that the command waits for meaning.
      if (ms === null) store.resumeEmbedding();
    },
    keywordOnlySearches: () => store.retriever.keywordOnlySearches,
    pendingEmbeddings: () => (store.embedder ? { memories: store.pendingMemoryEmbeddings(), passages: store.pendingPassageEmbeddings() } : null),
    embedPending: async () => {
      await store.flushEmbeddings();
      return store.embeddingError;
    },
    audioWanted: () => composed?.service.audioWanted() ?? false,
    model: p.model,
    brain: () => (p.closed.value ? Promise.resolve(null) : brain.get()),
    chat: p.chat,
    settle: () => p.work.settle(),
    async close(o = {}) {
      if (p.closed.value) return;
      p.closed.value = true;
      brain.cancel();
      try {
        composed?.stopSecrets();
        await composed?.service.close();
        await p.work.settle();
        await brain.stop({ flush: o.flush });
        await p.syncRunner?.stop();
        // Upkeep, not the command's answer: a failure is said and left for the next start.
        await p.finishRescrub?.().catch((e: unknown) => p.problem({ source: 'brain', error: e }));
      } finally {
        p.api.dispose();
        // A command that answered without waiting for meaning does not wait for it at exit either.
        if (p.ownsStore) await store.close({ leaveEmbeddings: store.retriever.meaningWaitMs !== null });
      }
    },
  };
}

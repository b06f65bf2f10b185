import type { ActionRecommender, ChatService } from '../../agents/chat/index.js';
import type { LlmProvider } from '../../agents/llm/index.js';
import type { Brain, QueuedDreamReview } from '../../agents/meta/index.js';
import { DreamApplyError } from '../../agents/dream/index.js';
import { SyncKeyFile, type EngramStore, type KeyProvider } from '../../agents/store/index.js';
import type { AudioRunReport, AudioSource, CaptureService, SecretsEvent } from '../sensing/capture/index.js';
import { captureControlOf, createApi, portabilityExporter, type CaptureControl, type Consolidator, type DirectiveReviewer, type EngramApi, type ExporterOptions, type HostSession, type StartAtLoginControl } from '../api/index.js';
import type { ApiClient } from '../../shared/api/index.js';
import { errorLine } from '../../shared/text/index.js';
import { inProcessClient } from './in-process-client.js';
import { VaultGuard } from './vault-guard.js';
import type { CaptureSources } from './capture-sources.js';
import { appliedSummary, dreamSummary } from './dream-summary.js';
import { openEngram } from './open-engram.js';
import { modelGetter, type EnvReader, type ModelOverrides } from './model-choice.js';
import { engineSecretStore } from './secret-store.js';
import { syncthingControl } from './syncthing-control.js';

/** The lazy brain loads this long after start, so its libraries do not delay a host's first answer. */
export const DEFERRED_BRAIN_MS = 1500;

/** Where a failure of a running part came from: the host tells the user (tray, stderr) its own way. */
export interface EngineProblem {
  source: 'capture' | 'brain';
  error: unknown;
}

export interface BrainChoice {
  /**
   * now: started with the engine. manual: built, the host starts it (engram capture --once ticks
   * first). With `lazy`, the brain loads and starts DEFERRED_BRAIN_MS after the engine.
   */
  start?: 'now' | 'manual';
  /** Listen to the store's observation events (default true). */
  subscribe?: boolean;
  /** Delay of the lazy brain (ms). */
  delayMs?: number;
}

export interface EngineOptions {
  /** The store to run on (the host keeps it and closes it after close()), or where to open one (the engine closes it). */
  store: EngramStore | { dataDir: string; keyProvider: KeyProvider; embedder?: 'default' | 'none' };
  host: 'electron' | 'headless';
  version: string;
  /** Environment read for the model, embedder and transcriber (default process.env). */
  env?: EnvReader;
  model?: ModelOverrides;
  /** IANA zone for times in answers and memories (default the machine's). */
  timeZone?: string;
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
  store: EngramStore;
  /** The one handler map every host speaks: IPC, HTTP/WebSocket, and in process (CLI, MCP). */
  api: EngramApi;
  /** The typed client over `api`, in process: what the CLI and MCP call. */
  client: ApiClient;
  /** The vault rule for outside agents (MCP): copies of vault values cut out of answers. */
  vault: VaultGuard;
  capture: CaptureService | null;
  /** True while the microphone should run: capture running and on, "Record audio" on, a microphone given. Follows Settings live. */
  audioWanted(): boolean;
  /** The model chosen from settings and environment, re-read on each call. */
  model: () => LlmProvider;
  /** The brain once loaded (null when off, or after close). */
  brain(): Promise<Brain | null>;
  chat(): Promise<ChatService | null>;
  /** Audio from a stream (a WAV file, stdin) alongside capture, until it ends or `signal` aborts. */
  captureAudio(source: AudioSource, signal: AbortSignal, tell?: { onError?: (err: unknown) => void; onNoTranscriber?: () => void }): Promise<AudioRunReport>;
  /**
   * Waits until every chat turn and redacted secret handed over so far is written; resolves with
   * the first failure as one line, or null (the data stays queued and is taken up next time).
   */
  settle(): Promise<string | null>;
  /** Stops capture, the brain (flush: process buffered observations first) and the API feeds; closes the store if the engine opened it. */
  close(opts?: { flush?: boolean }): Promise<void>;
}

/** The sync room loads only in engines that run sync continuously; its status goes to the window after each pass. */
async function startSyncRunner(store: EngramStore, api: EngramApi, timing: { periodMs?: number; debounceMs?: number }, log: (line: string) => void) {
  const { SyncRunner, SyncControl, syncStatusDto } = await import('../../agents/sync/index.js');
  const keys = new SyncKeyFile(store.dataDir);
  const runner = new SyncRunner(store, keys, { ...timing, log, onPass: () => api.events.emit('sync.status', syncStatusDto(new SyncControl(store, keys).status())) });
  runner.start();
  return runner;
}

/** A timer that close() can cut short. */
function cancellableDelay(ms: number): { done: Promise<boolean>; cancel(): void } {
  let finish: (ran: boolean) => void = () => undefined;
  const done = new Promise<boolean>((resolve) => (finish = resolve));
  const timer = setTimeout(() => finish(true), ms);
  return {
    done,
    cancel: () => {
      clearTimeout(timer);
      finish(false);
    },
  };
}

/**
 * The one composition of Engram's core, behind every host (as Mockoon runs one engine behind its
 * app and CLI): the store, the model and embedder chosen from settings and environment, capture
 * with its secrets handed to the vault, the brain, chat, consolidation, and the handler map. Hosts
 * bring only what is theirs: sources, a transport, a way to show problems.
 */
export async function startEngram(opts: EngineOptions): Promise<Engram> {
  const env = opts.env ?? process.env;
  const log = opts.log ?? (() => undefined);
  const problem = (p: EngineProblem) => (opts.onProblem ? opts.onProblem(p) : log(`${p.source}: ${errorLine(p.error)}`));
  const ownsStore = !('events' in opts.store);
  const store: EngramStore = 'events' in opts.store ? opts.store : await openEngram({ ...opts.store, env });

  const model = modelGetter({ settings: store.settings, env, usage: store.llmCalls, overrides: opts.model, log });
  const brainChoice: BrainChoice | null = opts.brain === true ? {} : opts.brain ? opts.brain : null;
  const chatChoice = opts.chat === false ? null : opts.chat === true || opts.chat === undefined ? {} : opts.chat;
  let closed = false;

  // Work handed over and not yet written (chat turns to learn from, secrets to keep): close() waits for it.
  const pending = new Set<Promise<unknown>>();
  let failure: string | null = null;
  const track = (work: Promise<unknown>, what: string): Promise<void> => {
    const p: Promise<void> = work
      .then(() => undefined)
      .catch((err: unknown) => {
        failure ??= errorLine(err);
        log(`${what}: ${errorLine(err)}`);
      })
      .finally(() => pending.delete(p));
    pending.add(p);
    return p;
  };

  // ---- the brain -----------------------------------------------------------------------------
  const makeBrain = async (subscribe: boolean): Promise<Brain> => {
    const { createBrain } = await import('../../agents/meta/index.js');
    return createBrain({ store, llm: model, timeZone: opts.timeZone, subscribe, log });
  };
  let deferral: { done: Promise<boolean>; cancel(): void } | null = null;
  let brainReady: Promise<Brain | null>;
  if (!brainChoice) brainReady = Promise.resolve(null);
  else if (opts.lazy) {
    deferral = cancellableDelay(brainChoice.delayMs ?? DEFERRED_BRAIN_MS);
    brainReady = deferral.done.then(async (ran) => {
      if (!ran || closed) return null;
      const b = await makeBrain(brainChoice.subscribe ?? true);
      if (brainChoice.start !== 'manual') await b.start();
      return b;
    });
    brainReady.catch((err: unknown) => log(`brain: failed to start: ${errorLine(err)}`));
  } else {
    const b = await makeBrain(brainChoice.subscribe ?? true);
    if (brainChoice.start !== 'manual') void b.start().catch((err: unknown) => problem({ source: 'brain', error: err }));
    brainReady = Promise.resolve(b);
  }
  const brain = () => brainReady.catch(() => null);

  // Redacted secrets always reach the vault: through the running brain, or (brain off) one built
  // only for this, never started. No host wires it, so no host can forget it.
  let vaultOnly: Promise<Brain> | null = null;
  const vaultBrain = async (): Promise<Brain> => (await brain()) ?? (await (vaultOnly ??= makeBrain(false)));
  const toVault = (ev: SecretsEvent): void => {
    if (ev.secrets.length === 0) return;
    void track(
      vaultBrain().then((b) => b.recordRedacted(ev.observation_id, ev.secrets)),
      'vault',
    );
  };

  // ---- chat ----------------------------------------------------------------------------------
  // Chat's recommend_action asks the handler map, as the window, the CLI and MCP do, so it honours
  // the experience half-life setting; bound once the map exists (chat is built before it).
  let client: ApiClient | null = null;
  const recommender: ActionRecommender = {
    recommend: async (task) => {
      if (!client) throw new Error('the handler map is not ready yet');
      return (await client.call('experiences.recommend', { task })).recommendation;
    },
  };
  let chatReady: Promise<ChatService> | null = null;
  const chat = (): Promise<ChatService | null> => {
    if (!chatChoice) return Promise.resolve(null);
    chatReady ??= import('../../agents/chat/index.js').then(
      ({ ChatService }) =>
        new ChatService({
          store,
          llm: model,
          // Active retrieval is on by default wherever a model is configured (the service's default).
          topicExtraction: chatChoice.topics,
          timeZone: opts.timeZone,
          recommender,
          // Each stored turn is handed to the brain (what the user said about themselves, what they asked about).
          onTurnStored: brainChoice ? (turn) => track(brainReady.then((b) => b?.ingestMessages(turn.threadId)), 'chat: learning from the conversation') : undefined,
          onHookError: (err) => log(`chat: hook failed: ${errorLine(err)}`),
        }),
    );
    return chatReady;
  };
  const eagerChat = chatChoice && !opts.lazy ? await chat() : null;

  // ---- capture -------------------------------------------------------------------------------
  let composed: import('./capture-composition.js').ComposedCapture | null = null;
  if (opts.capture) {
    // Loaded only when asked for: the capture stack pulls native modules other hosts do not need.
    const { composeCapture } = await import('./capture-composition.js');
    composed = composeCapture(store, opts.capture, env, (error) => problem({ source: 'capture', error }), toVault, model);
    const { queued, left } = composed.requeued;
    if (queued > 0) log(`capture: reading the text of ${queued} frame${queued === 1 ? '' : 's'} the last run kept unread${left > 0 ? ` (${left} more at the next start)` : ''}`);
  }

  // ---- consolidation and the handler map -----------------------------------------------------
  // The window's latest dry run, kept until the next one: what consolidation.apply applies from.
  let review: QueuedDreamReview | null = null;
  const dreamingBrain = async (): Promise<Brain> => {
    const b = await brain();
    if (!b) throw new Error('the memory agents did not start');
    return b;
  };
  const consolidator: Consolidator | null = brainChoice
    ? {
        run: async ({ onProgress, dryRun, kinds }) => {
          onProgress(null, null, dryRun ? 'looking for what consolidation would change' : 'merging, resolving and rolling up');
          const b = await dreamingBrain();
          return { summary: dreamSummary(await b.dream({ dryRun: dryRun ?? false, ...(kinds?.length ? { kinds } : {}) })) };
        },
        preview: async ({ onProgress, kinds }) => {
          onProgress(null, null, 'looking for what consolidation would change');
          const b = await dreamingBrain();
          review = await b.reviewDream(kinds?.length ? { kinds } : {});
          return { preview_id: review.id, changes: review.proposals, summary: dreamSummary(review.report), review_error: review.report.review_error };
        },
        apply: async ({ previewId, accept }) => {
          const r = review;
          if (!r || r.id !== previewId) throw new DreamApplyError('NOT_FOUND', 'that dry run is no longer current: run the dry run again');
          const done = await r.apply(accept);
          return { applied: done.applied.length, summary: appliedSummary(done) };
        },
      }
    : null;
  // Directives are reviewed on the brain's queue when it runs, else on their own with the same model.
  const directives: DirectiveReviewer = {
    synthesize: async () => {
      const b = await brain();
      if (b) return b.synthesizeDirectives();
      const { BehaviourKeeper } = await import('../../agents/behaviour/index.js');
      return new BehaviourKeeper(store, model, { timeZone: opts.timeZone, log }).synthesize();
    },
  };
  const control = composed ? captureControlOf(composed.service) : (opts.externalCapture ?? null);
  const windowCapture = control && opts.gateCapture ? opts.gateCapture(control) : control;
  const api = createApi({
    store,
    host: opts.host,
    version: opts.version,
    capture: windowCapture,
    ...(opts.openScreenSettings ? { openScreenSettings: opts.openScreenSettings } : {}),
    ...(opts.openPath ? { openPath: opts.openPath } : {}),
    session: opts.session ?? null,
    ...(eagerChat ? { chat: eagerChat } : chatChoice ? { chatLoader: async () => (await chat())! } : {}),
    consolidator,
    directives,
    exporter: portabilityExporter(store, opts.exporter),
    fileAccess: opts.fileAccess ?? false,
    secrets: engineSecretStore(store, env),
    openaiSecrets: engineSecretStore(store, env, 'openai'),
    model,
    envBaseUrl: env.ENGRAM_LLM_BASE_URL?.trim().replace(/\/+$/, '') || null,
    keyDescription: opts.keyDescription,
    sandbox: opts.sandbox,
    startAtLogin: opts.startAtLogin,
    syncthing: syncthingControl(store.dataDir, env),
    checkOutputs: opts.checkOutputs,
    log,
  });
  const apiClient = inProcessClient(api);
  client = apiClient;
  const syncRunner = opts.sync ? await startSyncRunner(store, api, opts.sync === true ? {} : opts.sync, log) : null;

  const settle = async (): Promise<string | null> => {
    while (pending.size) await Promise.all([...pending]);
    return failure;
  };

  return {
    store,
    api,
    client: apiClient,
    vault: new VaultGuard(store),
    capture: composed?.service ?? null,
    audioWanted: () => composed?.service.audioWanted() ?? false,
    model,
    brain: () => (closed ? Promise.resolve(null) : brain()),
    chat,
    async captureAudio(source, signal, tell = {}) {
      const { runAudioStream } = await import('./capture-composition.js');
      return runAudioStream({
        store,
        source,
        env,
        isPaused: (at) => composed?.service.pipeline.pausedAt(at) ?? false,
        signal,
        onError: tell.onError ?? ((error) => problem({ source: 'capture', error })),
        onSecrets: toVault,
        onNoTranscriber: tell.onNoTranscriber,
      });
    },
    settle,
    async close(o = {}) {
      if (closed) return;
      closed = true;
      deferral?.cancel();
      try {
        composed?.stopSecrets();
        await composed?.service.close();
        await settle();
        // Buffered observations stay unprocessed and are taken up at the next start, unless flushed.
        const b = await brainReady.catch(() => null);
        await b?.stop({ flush: o.flush });
        const v = vaultOnly ? await vaultOnly.catch(() => null) : null;
        await v?.stop();
        await syncRunner?.stop();
      } finally {
        api.dispose();
        if (ownsStore) await store.close();
      }
    },
  };
}

import { ChatService } from '../../../agents/chat/index.js';
import { createBrain, type Brain } from '../../../agents/meta/index.js';
import { createLlmProvider } from '../../../agents/llm/index.js';
import { HashEmbedder, StoreError, UseEmbedder, type EngramStore, type Embedder } from '../../../agents/store/index.js';
import { captureControlOf, createApi, portabilityExporter, type Consolidator, type EngramApi } from '../../api/index.js';
import {
  CaptureError,
  CaptureService,
  GetWindowsActiveWindowSource,
  OpenAiTranscriber,
  readCaptureSettings,
  type AudioSource,
  type IdleSource,
  type ScreenSource,
} from '../../sensing/capture/index.js';
import { KeyWrapError, type Problem } from '../policy/index.js';

/** ENGRAM_EMBEDDER=none|hash|use, as for the CLI: the same data dir works with both. */
export function embedderFromEnv(env: NodeJS.ProcessEnv): Embedder | null {
  const choice = (env.ENGRAM_EMBEDDER ?? 'use').toLowerCase();
  if (choice === 'none') return null;
  if (choice === 'hash') return new HashEmbedder(256);
  return new UseEmbedder();
}

/** A failure from any service, as the one-line problem the tray and notifications show. */
export function problemOf(err: unknown): Problem {
  const message = err instanceof Error ? err.message.split('\n')[0]! : String(err);
  if (err instanceof CaptureError) {
    if (err.code === 'OCR') return { source: 'ocr', message };
    if (err.code === 'BAD_AUDIO' || err.code === 'TRANSCRIBER') return { source: 'audio', message };
    return { source: 'capture', message };
  }
  if (err instanceof KeyWrapError) return { source: 'key', message };
  if (err instanceof StoreError) return { source: err.code === 'WRONG_KEY' ? 'key' : 'storage', message };
  return { source: 'capture', message };
}

export interface CoreOptions {
  store: EngramStore;
  version: string;
  screen: ScreenSource;
  idle: IdleSource;
  /** The microphone source; used only when audio capture is enabled in settings. */
  microphone: AudioSource;
  /** Engram's own process, so the privacy gate skips frames with our window in front. */
  selfPids: number[];
  keyDescription: string;
  onProblem: (problem: Problem) => void;
  log: (line: string) => void;
}

export interface Core {
  api: EngramApi;
  capture: CaptureService;
  brain: Brain;
  audioEnabled: boolean;
  close(): Promise<void>;
}

/**
 * The desktop composition: capture (desktopCapturer, powerMonitor idle, microphone), chat with the
 * configured model (or offline), and the one API the window talks to. The store belongs to main.
 */
export function startCore(opts: CoreOptions): Core {
  const { store } = opts;
  const settings = readCaptureSettings(store);
  const audioEnabled = settings.audio.enabled;
  const capture = new CaptureService({
    store,
    screen: opts.screen,
    windows: new GetWindowsActiveWindowSource(),
    idle: opts.idle,
    self: { pids: opts.selfPids, apps: ['engram'] },
    audio: audioEnabled
      ? {
          source: opts.microphone,
          transcriber: settings.audio.transcriber_url ? new OpenAiTranscriber({ url: settings.audio.transcriber_url, model: settings.audio.transcriber_model }) : null,
        }
      : null,
    onError: (err) => opts.onProblem(problemOf(err)),
  });
  // The meta-agent turns stored observations and chat turns into memories; the model comes from
  // the settings (Anthropic with a key, offline rules without), re-read when they change.
  const brain = createBrain({ store, log: opts.log });
  const stopSecrets = capture.onSecrets((ev) => {
    brain.recordRedacted(ev.observation_id, ev.secrets).catch((err: unknown) => opts.log(`vault: ${String(err)}`));
  });
  // A function, so a key saved in Settings is used from the next question on.
  const llm = () => createLlmProvider({ settings: store.settings, usage: store.llmCalls });
  const chat = new ChatService({
    store,
    llm,
    onTurnStored: (turn) => brain.ingestMessages(turn.threadId),
    onHookError: (err) => opts.log(`chat: hook failed: ${String(err)}`),
  });
  const consolidator: Consolidator = {
    run: async ({ onProgress }) => {
      onProgress(null, null, 'consolidating memories');
      const r = await brain.dream();
      const c = r.counts;
      return { summary: `examined ${c.examined}: merged ${c.merged}, superseded ${c.superseded}, rolled up ${c.rolled_up}, compressed ${c.compressed}` };
    },
  };
  const api = createApi({
    store,
    host: 'electron',
    version: opts.version,
    capture: captureControlOf(capture),
    chat,
    consolidator,
    exporter: portabilityExporter(store),
    keyDescription: opts.keyDescription,
    log: opts.log,
  });
  capture.pipeline.seedFromStore();
  capture.start();
  void brain.start().catch((err: unknown) => opts.onProblem({ source: 'model', message: err instanceof Error ? err.message.split('\n')[0]! : String(err) }));
  return {
    api,
    capture,
    brain,
    audioEnabled,
    close: async () => {
      stopSecrets();
      await capture.close();
      // Buffered observations stay unprocessed and are taken up at the next start.
      await brain.stop();
      api.dispose();
    },
  };
}

import type { LlmProvider } from '../../agents/llm/index.js';
import type { EngramStore } from '../../agents/store/index.js';
import type { AudioSettings } from '../../shared/settings/index.js';
import {
  AudioPipeline,
  CaptureService,
  GetWindowsActiveWindowSource,
  ModelCaptioner,
  OpenAiTranscriber,
  readCaptureSettings,
  type AudioRunReport,
  type AudioSource,
  type SecretsEvent,
  type Transcriber,
} from '../sensing/capture/index.js';
import type { CaptureSources } from './capture-sources.js';
import type { EnvReader } from './model-choice.js';

/** Loaded only by hosts that capture: this module pulls in the screen, OCR and audio stacks. */

/** The speech-to-text server from settings (key from $ENGRAM_TRANSCRIBER_KEY), or none: speech is kept but not transcribed. */
export function transcriberFrom(audio: AudioSettings, env: EnvReader): Transcriber | null {
  if (!audio.transcriber_url) return null;
  return new OpenAiTranscriber({ url: audio.transcriber_url, apiKey: env.ENGRAM_TRANSCRIBER_KEY ?? null, model: audio.transcriber_model });
}

export interface ComposedCapture {
  service: CaptureService;
  stopSecrets: () => void;
  /** Frames an earlier run kept without reading their text, queued again at start (see requeueUnread). */
  requeued: { queued: number; left: number; observations: Promise<string[]> };
}

export function composeCapture(
  store: EngramStore,
  sources: CaptureSources,
  env: EnvReader,
  onError: (err: unknown) => void,
  onSecrets: (ev: SecretsEvent) => void,
  model: () => LlmProvider,
): ComposedCapture {
  const transcriber = liveTranscriber(env);
  const service = new CaptureService({
    store,
    screen: sources.screen,
    windows: sources.windows ?? new GetWindowsActiveWindowSource(),
    ...(sources.windowList ? { windowList: sources.windowList } : {}),
    idle: sources.idle,
    ...(sources.power ? { power: sources.power } : {}),
    ...(sources.load ? { load: sources.load } : {}),
    self: sources.selfPids ? { pids: sources.selfPids, apps: ['engram'] } : undefined,
    settings: sources.intervalS !== undefined ? { ...readCaptureSettings(store), interval_s: sources.intervalS } : sources.settings,
    ...(sources.ocr !== undefined ? { ocr: sources.ocr } : {}),
    // Asked only for frames whose captioning the settings allow (capture.captioning, the Privacy switch).
    captioner: new ModelCaptioner(model),
    // The microphone runs exactly while "Record audio" is on, switched from Settings without a restart.
    audio: sources.microphone ? { source: sources.microphone, transcriber, followSettings: true } : null,
    onError,
  });
  const stopSecrets = service.onSecrets(onSecrets);
  service.pipeline.seedFromStore();
  // Nothing taken is lost: frames a hard stop left without text are read now, behind fresh frames.
  const requeued = service.pipeline.requeueUnread();
  if (sources.start ?? true) service.start();
  return { service, stopSecrets, requeued };
}

/** The transcriber for the current audio settings, built again only when the server or model changed. */
function liveTranscriber(env: EnvReader): (audio: AudioSettings) => Transcriber | null {
  let key = '';
  let current: Transcriber | null = null;
  return (audio) => {
    const next = `${audio.transcriber_url ?? ''}\u0000${audio.transcriber_model}`;
    if (next !== key) {
      key = next;
      current = transcriberFrom(audio, env);
    }
    return current;
  };
}

/**
 * Audio from a stream (a WAV file, stdin) until it ends or `signal` aborts: silence dropped,
 * speech kept encrypted and transcribed; its redacted secrets go the same way as the screen's.
 */
export async function runAudioStream(opts: {
  store: EngramStore;
  source: AudioSource;
  env: EnvReader;
  isPaused: (endedAt: number) => boolean;
  signal: AbortSignal;
  onError: (err: unknown) => void;
  onSecrets: (ev: SecretsEvent) => void;
  onNoTranscriber?: () => void;
}): Promise<AudioRunReport> {
  const settings = readCaptureSettings(opts.store).audio;
  const transcriber = transcriberFrom(settings, opts.env);
  if (!transcriber) opts.onNoTranscriber?.();
  const pipeline = new AudioPipeline({
    store: opts.store,
    source: opts.source,
    transcriber,
    language: settings.language,
    segmenter: { chunkMs: settings.chunk_s * 1000 },
    isPaused: opts.isPaused,
  });
  pipeline.on('error', opts.onError);
  pipeline.on('secrets', opts.onSecrets);
  return pipeline.run(opts.signal);
}

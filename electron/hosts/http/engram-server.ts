import { startEngram, type EngineOptions, type CaptureControl, type CaptureSources, type Engram, type EngineProblem, type EngramApi, type HostSession } from '../../engine/index.js';
import { startHeadlessHost, type HeadlessHost } from './headless-host.js';
import { lateApi } from './late-api.js';
import { defaultRendererDir } from './renderer-dir.js';

export interface EngramServerOptions {
  /** Where the engine opens the store (it closes what it opens), or a store the caller keeps and closes. */
  store: EngineOptions['store'];
  /** A caption choice said on the command line (engram serve --captions): recorded at start, undone if the start fails. */
  captions?: boolean | null;
  version: string;
  port?: number;
  token?: string;
  rendererDir?: string;
  /**
   * Capture with these sources, composed by the engine (engram serve --capture); a function is
   * called once the host listens, so the capture room loads after the link is out.
   */
  captureSources?: CaptureSources | null | (() => Promise<CaptureSources | null>);
  /** A capture the caller runs itself (tests' scripted desktop): the window drives it. */
  capture?: CaptureControl | null;
  /** Consent and Quit asked in the window (browser mode). */
  session?: HostSession | null;
  /** Wraps the capture control the window drives (browser mode: refused until consent). */
  gateCapture?: (control: CaptureControl) => CaptureControl;
  /** Points the Anthropic SDK elsewhere (tests' fake server, a proxy). */
  anthropicBaseUrl?: string;
  /** The environment the engine reads (model key, embedder, transcriber); default process.env. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Validate handler outputs against the contract (tests). */
  checkOutputs?: boolean;
  /**
   * Run the brain (meta-agent and sub-agents): observations and chat turns become memories, and
   * Consolidate works. Off in UI tests, whose fixtures must stay exactly as seeded.
   */
  brain?: boolean;
  log?: (line: string) => void;
  onProblem?: (problem: EngineProblem) => void;
  /**
   * The host listens before the engine starts: told here at once, so the link can be given while
   * the store opens and the engine's parts start (the page is served; calls wait for the engine).
   */
  onListening?: (host: HeadlessHost) => void;
}

export interface EngramServer {
  host: HeadlessHost;
  api: EngramApi;
  engram: Engram;
  close(): Promise<void>;
}

/**
 * The browser-mode host: it listens first (the page is served at once, calls wait for the engine:
 * lateApi), then the engine starts lazily (chat with the first question, the brain a moment after
 * the host answers), served over HTTP + WebSocket. close() stops what the engine runs (capture
 * included) and the host, and closes the store if the engine opened it.
 */
export async function startEngramServer(opts: EngramServerOptions): Promise<EngramServer> {
  const late = lateApi();
  const host = await startHeadlessHost({ api: late.api, rendererDir: opts.rendererDir ?? defaultRendererDir(), port: opts.port, token: opts.token, log: opts.log });
  let engram: Engram;
  try {
    opts.onListening?.(host);
    engram = await startEngram({
      store: opts.store,
      captions: opts.captions,
      host: 'headless',
      version: opts.version,
      env: opts.env,
      model: opts.anthropicBaseUrl ? { baseURL: opts.anthropicBaseUrl } : undefined,
      capture: typeof opts.captureSources === 'function' ? await opts.captureSources() : (opts.captureSources ?? null),
      externalCapture: opts.capture ?? null,
      session: opts.session ?? null,
      gateCapture: opts.gateCapture,
      brain: opts.brain ?? false,
      lazy: true,
      sync: true,
      checkOutputs: opts.checkOutputs,
      log: opts.log,
      onProblem: opts.onProblem,
    });
  } catch (err) {
    late.fail(err instanceof Error ? err.message : String(err));
    await host.close().catch(() => undefined);
    throw err;
  }
  late.arrive(engram.api);
  return {
    host,
    api: engram.api,
    engram,
    close: async () => {
      await host.close();
      await engram.close();
    },
  };
}

import { ChatService } from '../../agents/chat/index.js';
import { createLlmProvider } from '../../agents/llm/index.js';
import type { Brain } from '../../agents/meta/index.js';
import type { EngramStore } from '../../agents/memory/index.js';
import { createApi, portabilityExporter, type CaptureControl, type Consolidator, type EngramApi } from '../api/index.js';
import { startHeadlessHost, type HeadlessHost } from './headless-host.js';
import { defaultRendererDir } from './renderer-dir.js';

export interface EngramServerOptions {
  store: EngramStore;
  version: string;
  port?: number;
  token?: string;
  rendererDir?: string;
  capture?: CaptureControl | null;
  /** Points the Anthropic SDK elsewhere (tests' fake server, a proxy). */
  anthropicBaseUrl?: string;
  /** Validate handler outputs against the contract (tests). */
  checkOutputs?: boolean;
  /**
   * Run the brain (meta-agent and sub-agents): observations and chat turns become memories, and
   * Consolidate works. Off in UI tests, whose fixtures must stay exactly as seeded.
   */
  brain?: boolean;
  log?: (line: string) => void;
}

export interface EngramServer {
  host: HeadlessHost;
  api: EngramApi;
  close(): Promise<void>;
}

/**
 * The headless composition: the store's API handlers (chat included) served by the HTTP/WebSocket
 * host. The caller owns the store and any capture service; close() stops only what this made.
 */
export async function startEngramServer(opts: EngramServerOptions): Promise<EngramServer> {
  const { store } = opts;
  // A function, so a key saved in Settings is used from the next question on.
  const llm = () =>
    createLlmProvider({
      settings: store.settings,
      usage: store.llmCalls,
      overrides: opts.anthropicBaseUrl ? { baseURL: opts.anthropicBaseUrl } : undefined,
    });
  // The brain (and its NLP libraries) loads after the host answers: starting is not held up by it.
  let brain: Brain | null = null;
  const brainReady: Promise<Brain | null> = opts.brain
    ? import('../../agents/meta/index.js').then(async (m) => {
        brain = m.createBrain({ store, llm, log: opts.log });
        await brain.start();
        return brain;
      })
    : Promise.resolve(null);
  if (opts.brain) brainReady.catch((err: unknown) => opts.log?.(`brain: failed to start: ${err instanceof Error ? err.message : String(err)}`));
  const chat = new ChatService({
    store,
    llm,
    onTurnStored: opts.brain ? async (turn) => (await brainReady)?.ingestMessages(turn.threadId) : undefined,
    onHookError: (err) => opts.log?.(`chat: hook failed: ${String(err)}`),
  });
  const consolidator: Consolidator | null = opts.brain
    ? {
        run: async ({ onProgress }) => {
          onProgress(null, null, 'merging, resolving and rolling up');
          const b = await brainReady;
          if (!b) throw new Error('the memory agents did not start');
          const c = (await b.dream()).counts;
          return { summary: `merged ${c.merged}, superseded ${c.superseded}, rolled up ${c.rolled_up}` };
        },
      }
    : null;
  const api = createApi({
    store,
    host: 'headless',
    version: opts.version,
    capture: opts.capture ?? null,
    chat,
    exporter: portabilityExporter(store),
    consolidator,
    checkOutputs: opts.checkOutputs,
    log: opts.log,
  });
  let host: HeadlessHost;
  try {
    host = await startHeadlessHost({ api, rendererDir: opts.rendererDir ?? defaultRendererDir(), port: opts.port, token: opts.token, log: opts.log });
  } catch (err) {
    api.dispose();
    await brainReady.then((b) => b?.stop()).catch(() => undefined);
    throw err;
  }
  return {
    host,
    api,
    close: async () => {
      await host.close();
      // Buffered observations stay unprocessed and are taken up at the next start.
      await brainReady.then((b) => b?.stop()).catch(() => undefined);
      api.dispose();
    },
  };
}

import type { ChatService } from '../../../agents/chat/index.js';
import type { LlmProvider } from '../../../agents/llm/index.js';
import type { Brain } from '../../../agents/meta/index.js';
import type { EngramStore } from '../../../agents/store/index.js';
import type { SecretsEvent } from '../../sensing/capture/index.js';
import { createApi, portabilityExporter, type CaptureControl, type Consolidator, type EngramApi } from '../../api/index.js';
import { startHeadlessHost, type HeadlessHost } from './headless-host.js';
import { defaultRendererDir } from './renderer-dir.js';

/** The brain starts a moment after the host answers, so its start-up work does not delay the first page. */
const BRAIN_DELAY_MS = 1500;

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
  /** Secrets the capture redactor removed: handed to the brain, which keeps them masked in the vault. */
  captureSecrets?: { onSecrets(listener: (ev: SecretsEvent) => void): () => void };
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
  // Chat, the model client and the brain load after the host answers (their libraries take a
  // while to load); a function, so a key saved in Settings is used from the next call on.
  const llmModule = () => import('../../../agents/llm/index.js');
  let makeLlm: (() => LlmProvider) | null = null;
  const llmReady = llmModule().then((m) => {
    makeLlm = () => m.createLlmProvider({ settings: store.settings, usage: store.llmCalls, overrides: opts.anthropicBaseUrl ? { baseURL: opts.anthropicBaseUrl } : undefined });
  });
  const llm = (): LlmProvider => {
    if (!makeLlm) throw new Error('the model client is still loading');
    return makeLlm();
  };
  // The brain (and its NLP libraries) loads after the host answers: starting is not held up by it.
  let brain: Brain | null = null;
  const brainReady: Promise<Brain | null> = opts.brain
    ? new Promise<void>((r) => setTimeout(r, BRAIN_DELAY_MS))
        .then(() => Promise.all([import('../../../agents/meta/index.js'), llmReady]))
        .then(async ([m]) => {
          brain = m.createBrain({ store, llm, log: opts.log });
          await brain.start();
          const b = brain;
          opts.captureSecrets?.onSecrets((ev) => {
            b.recordRedacted(ev.observation_id, ev.secrets).catch((err: unknown) => opts.log?.(`vault: ${err instanceof Error ? err.message : String(err)}`));
          });
          return brain;
        })
    : Promise.resolve(null);
  if (opts.brain) brainReady.catch((err: unknown) => opts.log?.(`brain: failed to start: ${err instanceof Error ? err.message : String(err)}`));
  const chatLoader = async (): Promise<ChatService> => {
    const [{ ChatService }] = await Promise.all([import('../../../agents/chat/index.js'), llmReady]);
    return new ChatService({
      store,
      llm,
      onTurnStored: opts.brain ? async (turn) => (await brainReady)?.ingestMessages(turn.threadId) : undefined,
      onHookError: (err) => opts.log?.(`chat: hook failed: ${String(err)}`),
    });
  };
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
    chatLoader,
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

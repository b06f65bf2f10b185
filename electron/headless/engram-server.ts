import { ChatService } from '../../agents/chat/index.js';
import { createLlmProvider } from '../../agents/llm/index.js';
import type { EngramStore } from '../../agents/memory/index.js';
import { createApi, portabilityExporter, type CaptureControl, type EngramApi } from '../api/index.js';
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
  const chat = new ChatService({ store, llm, onHookError: (err) => opts.log?.(`chat: hook failed: ${String(err)}`) });
  const api = createApi({
    store,
    host: 'headless',
    version: opts.version,
    capture: opts.capture ?? null,
    chat,
    exporter: portabilityExporter(store),
    checkOutputs: opts.checkOutputs,
    log: opts.log,
  });
  let host: HeadlessHost;
  try {
    host = await startHeadlessHost({ api, rendererDir: opts.rendererDir ?? defaultRendererDir(), port: opts.port, token: opts.token, log: opts.log });
  } catch (err) {
    api.dispose();
    throw err;
  }
  return {
    host,
    api,
    close: async () => {
      await host.close();
      api.dispose();
    },
  };
}

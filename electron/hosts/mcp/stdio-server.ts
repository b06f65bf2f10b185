import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Readable, Writable } from 'node:stream';
import type { ApiClient } from '../../../shared/api/index.js';
import { mcpSwitchAt, startEngram, type Engram, type EngineOptions, type StoreLocation, type VaultFilter } from '../../engine/index.js';
import { createEngramMcpServer } from './engram-mcp-server.js';
import { MCP_OFF_MESSAGE } from './mcp-settings.js';

export interface StdioServeOptions {
  /** Where the engine opens the store (it closes what it opens). */
  store: EngineOptions['store'];
  /** The data dir, for the log line. */
  dataDir: string;
  version: string;
  /** Diagnostics: stdout belongs to the protocol, so everything else goes here (stderr). */
  log: (line: string) => void;
  signal?: AbortSignal;
  /** The environment the engine reads (default process.env). */
  env?: Readonly<Record<string, string | undefined>>;
  stdin?: Readable;
  stdout?: Writable;
  /** Starts the engine (default startEngram); a test holds it to see the server answer before the engine is up. */
  startEngine?: (options: EngineOptions) => Promise<Engram>;
}

export class McpDisabledError extends Error {
  constructor() {
    super(MCP_OFF_MESSAGE);
    this.name = 'McpDisabledError';
  }
}

/** A store given by where it is (what the CLI passes), whose settings can be read before the engine opens it. */
function locationOf(store: EngineOptions['store']): StoreLocation | null {
  return typeof store === 'object' && 'keyProvider' in store && !('close' in store) ? store : null;
}

/** The engine's client as soon as it has started: each call waits for it. */
function clientWhenStarted(starting: Promise<Engram>): ApiClient {
  return {
    call: async (name, input) => (await starting).client.call(name, input),
    request: async (name, input) => (await starting).client.request(name, input),
    on(name, handler) {
      let off: (() => void) | null = null;
      let cancelled = false;
      void starting.then(
        (engram) => {
          if (!cancelled) off = engram.client.on(name, handler);
        },
        () => undefined,
      );
      return () => {
        cancelled = true;
        off?.();
      };
    },
  };
}

/**
 * Serves MCP over stdio until the client closes the pipe (or the signal aborts). Refuses to start
 * when the user has switched MCP off. The switch is read first, straight from the database; then
 * the server answers initialize and the tool list while the engine starts (issue 34: the client's
 * first answer within 500 ms), and each tool call waits for the engine.
 */
export async function serveMcpOverStdio(opts: StdioServeOptions): Promise<void> {
  // The engine without capture, brain or chat: the tools call the window's handler map in process.
  const engineOptions: EngineOptions = { store: opts.store, host: 'headless', version: opts.version, env: opts.env, chat: false, log: opts.log };
  const start = opts.startEngine ?? startEngram;
  const location = locationOf(opts.store);
  if (location && !(await mcpSwitchAt(location))) throw new McpDisabledError();
  const starting = start(engineOptions);
  let engram: Engram | null = null;
  // A store handed over open (tests, tools) has its switch read through the engine, before serving.
  if (!location) {
    engram = await starting;
    if (!(await engram.client.call('mcp.status', {})).enabled) {
      await engram.close();
      throw new McpDisabledError();
    }
  }
  const failure = starting.then(
    (e) => {
      engram = e;
      return null;
    },
    (err: unknown) => ({ err }),
  );
  // Tools use the vault rule only after a call to the client, so after the engine has started.
  const vault: VaultFilter = {
    text: (t) => started().vault.text(t),
    deep: (v) => started().vault.deep(v),
  };
  const started = (): Engram => {
    if (!engram) throw new Error('the engine has not started');
    return engram;
  };
  // Experiences too go through the handler map (experiences.*), which reads the half-life setting on each call.
  const server = createEngramMcpServer({ client: clientWhenStarted(starting), vault, now: () => new Date(), log: opts.log }, opts.version);
  const transport = new StdioServerTransport(opts.stdin, opts.stdout);
  const stdin = opts.stdin ?? process.stdin;
  let onEnd = (): void => undefined;
  const failed: { error?: { err: unknown } } = {};
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    opts.signal?.addEventListener('abort', () => void server.close().then(resolve, resolve), { once: true });
    // stdin ending is the client going away (StdioServerTransport itself only listens for data).
    onEnd = () => void server.close().then(resolve, resolve);
    stdin.once('end', onEnd);
    // An engine that fails to start (after the switch was read) ends serving with its error, as before the server answered.
    void failure.then((f) => {
      if (!f) return;
      failed.error = f;
      void server.close().then(resolve, resolve);
    });
  });
  await server.connect(transport);
  opts.log(`engram mcp: serving ${opts.dataDir} over stdio`);
  try {
    await closed;
    if (failed.error) throw failed.error.err;
  } finally {
    // Served in process more than once (tests, an embedding host): no listener left behind per run.
    stdin.off('end', onEnd);
    await (await starting.catch(() => null))?.close();
  }
}

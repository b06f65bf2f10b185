import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Readable, Writable } from 'node:stream';
import { startEngram, type EngineOptions } from '../../engine/index.js';
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
}

export class McpDisabledError extends Error {
  constructor() {
    super(MCP_OFF_MESSAGE);
    this.name = 'McpDisabledError';
  }
}

/**
 * Serves MCP over stdio until the client closes the pipe (or the signal aborts). Refuses to start
 * when the user has switched MCP off.
 */
export async function serveMcpOverStdio(opts: StdioServeOptions): Promise<void> {
  // The engine without capture, brain or chat: the tools call the window's handler map in process.
  const engram = await startEngram({ store: opts.store, host: 'headless', version: opts.version, env: opts.env, chat: false, log: opts.log });
  if (!(await engram.client.call('mcp.status', {})).enabled) {
    await engram.close();
    throw new McpDisabledError();
  }
  // Experiences too go through the handler map (experiences.*), which reads the half-life setting on each call.
  const server = createEngramMcpServer({ client: engram.client, vault: engram.vault, now: () => new Date(), log: opts.log }, opts.version);
  const transport = new StdioServerTransport(opts.stdin, opts.stdout);
  const stdin = opts.stdin ?? process.stdin;
  let onEnd = (): void => undefined;
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    opts.signal?.addEventListener('abort', () => void server.close().then(resolve, resolve), { once: true });
    // stdin ending is the client going away (StdioServerTransport itself only listens for data).
    onEnd = () => void server.close().then(resolve, resolve);
    stdin.once('end', onEnd);
  });
  await server.connect(transport);
  opts.log(`engram mcp: serving ${opts.dataDir} over stdio`);
  try {
    await closed;
  } finally {
    // Served in process more than once (tests, an embedding host): no listener left behind per run.
    stdin.off('end', onEnd);
    await engram.close();
  }
}

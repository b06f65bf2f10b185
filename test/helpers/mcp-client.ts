import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { engramCommand } from '../fixtures/mcp/cli-runner.js';

/** A client named `name`, connected to `server` in this process over linked in-memory transports. */
export async function connectInProcess(server: McpServer, name: string): Promise<Client> {
  const [a, b] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name, version: '1' });
  await Promise.all([server.connect(a), client.connect(b)]);
  return client;
}

/**
 * The stdio transport to a real `engram mcp` on the data dir `dir` (opened with `key`, the hash
 * embedder), not connected yet, and what the server has written to stderr so far.
 */
export function engramMcpTransport(dir: string, key: Buffer): { transport: StdioClientTransport; stderr: () => string } {
  const { cmd, args } = engramCommand();
  const transport = new StdioClientTransport({
    command: cmd,
    args: [...args, '--data-dir', dir, 'mcp'],
    env: { ...(process.env as Record<string, string>), ENGRAM_KEY: key.toString('hex'), ENGRAM_EMBEDDER: 'hash' },
    stderr: 'pipe',
  });
  let err = '';
  transport.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  return { transport, stderr: () => err };
}

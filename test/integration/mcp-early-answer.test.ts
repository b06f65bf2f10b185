import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, StaticKeyProvider } from '../../agents/store/index.js';
import { startEngram, type EngineOptions, type Engram } from '../../electron/engine/index.js';
import { McpDisabledError, MCP_SETTINGS_KEY, serveMcpOverStdio } from '../../electron/hosts/mcp/index.js';

/** A server on in-memory pipes: send a JSON-RPC message, wait for the answer to its id. */
function pipes() {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const answers = new Map<number, unknown>();
  const waiting = new Map<number, (v: unknown) => void>();
  let buf = '';
  stdout.on('data', (d: Buffer) => {
    buf += d.toString();
    let nl: number;
    while ((nl = buf.indexOf('\n')) >= 0) {
      const msg = JSON.parse(buf.slice(0, nl)) as { id?: number };
      buf = buf.slice(nl + 1);
      if (typeof msg.id !== 'number') continue;
      answers.set(msg.id, msg);
      waiting.get(msg.id)?.(msg);
    }
  });
  const send = (msg: object) => stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...msg })}\n`);
  const ask = (id: number, method: string, params: unknown) =>
    new Promise<unknown>((resolve) => {
      waiting.set(id, resolve);
      send({ id, method, params });
    });
  return { stdin, stdout, send, ask, answered: (id: number) => answers.has(id) };
}

/** An engine start that waits until the test lets it go: the seam for "while the engine is starting". */
function heldStart() {
  let release = (): void => undefined;
  const gate = new Promise<void>((r) => (release = r));
  const calls: EngineOptions[] = [];
  const start = async (o: EngineOptions): Promise<Engram> => {
    calls.push(o);
    await gate;
    return startEngram(o);
  };
  return { start, release, calls };
}

// Issue 34: the MCP client's first answer must not wait for the whole engine. engram mcp reads its
// switch straight from the database, then answers initialize and the tool list while the engine
// starts; a tool call waits for it. Switched off, it still refuses before answering anything.
describe('engram mcp answers before the engine has started', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'engram-mcp-early-'));
  const key = randomBytes(32);
  const store = { dataDir, keyProvider: new StaticKeyProvider(key), embedder: 'none' as const };
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  beforeAll(async () => {
    const s = await openStore({ dataDir, keyProvider: new StaticKeyProvider(key), embedder: null });
    try {
      s.memories.insert({ kind: 'semantic', title: 'Budget review', text: 'Ana moved the Q3 budget review to Thursday at 10:00' });
    } finally {
      await s.close();
    }
  });

  it('answers initialize and tools/list while the engine start is held, and a tool call once it is up', async () => {
    const io = pipes();
    const held = heldStart();
    const serving = serveMcpOverStdio({ store, dataDir, version: '0.0.0', log: () => undefined, stdin: io.stdin, stdout: io.stdout, startEngine: held.start });
    const init = (await io.ask(1, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } })) as { result: { serverInfo: { name: string } } };
    expect(init.result.serverInfo.name).toBe('engram');
    io.send({ method: 'notifications/initialized' });
    const list = (await io.ask(2, 'tools/list', {})) as { result: { tools: { name: string }[] } };
    expect(list.result.tools.map((t) => t.name)).toContain('search_memory');
    // Both answered while the engine's start was still held.
    expect(held.calls).toHaveLength(1);
    const search = io.ask(3, 'tools/call', { name: 'search_memory', arguments: { query: 'budget review' } });
    held.release();
    const found = (await search) as { result: { content: { text: string }[]; isError?: boolean } };
    expect(found.result.isError).toBeFalsy();
    expect(found.result.content[0]!.text).toContain('Q3 budget review');
    io.stdin.end();
    await serving;
  });

  /** The MCP switch as the user sets it (the other cases need it on: turned back on after). */
  async function setSwitch(enabled: boolean): Promise<void> {
    const s = await openStore({ dataDir, keyProvider: new StaticKeyProvider(key), embedder: null });
    s.settings.set(MCP_SETTINGS_KEY, { enabled });
    await s.close();
  }

  it('switched off, refuses before answering and never starts the engine', async () => {
    await setSwitch(false);
    try {
      const io = pipes();
      const held = heldStart();
      held.release();
      await expect(serveMcpOverStdio({ store, dataDir, version: '0.0.0', log: () => undefined, stdin: io.stdin, stdout: io.stdout, startEngine: held.start })).rejects.toBeInstanceOf(McpDisabledError);
      expect(held.calls).toHaveLength(0);
      expect(io.answered(1)).toBe(false);
    } finally {
      await setSwitch(true);
    }
  });

  it('a wrong key is refused before anything is served', async () => {
    const io = pipes();
    const held = heldStart();
    const wrong = { ...store, keyProvider: new StaticKeyProvider(randomBytes(32)) };
    await expect(serveMcpOverStdio({ store: wrong, dataDir, version: '0.0.0', log: () => undefined, stdin: io.stdin, stdout: io.stdout, startEngine: held.start })).rejects.toThrow(/wrong key/);
    expect(held.calls).toHaveLength(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isBusyError, openStore, retryOnBusy, StaticKeyProvider, verifyDatabaseFile, type EngramStore } from '../../agents/store/index.js';
import { backupStore } from '../../agents/portability/index.js';
import { harnessCommand } from '../helpers/harness-bundle.js';
import { engramMcpTransport } from '../helpers/mcp-client.js';

// One ES module built from the current sources, not tsx (seconds of CPU a start): harness-bundle.ts.
const WRITER = 'test/fixtures/portability/writer-process.ts';

describe('two processes writing one data dir (the MCP server and the app)', { timeout: 180_000 }, () => {
  let dir: string;
  let key: Buffer;
  let store: EngramStore;
  let client: Client;
  let serverErr: () => string = () => '';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'engram-mcp-conc-'));
    key = randomBytes(32);
    store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(key), embedder: null });
    const mcp = engramMcpTransport(dir, key);
    serverErr = mcp.stderr;
    client = new Client({ name: 'engram-test', version: '1.0.0' });
    await client.connect(mcp.transport);
  });

  afterAll(async () => {
    if (serverErr().trim()) console.log(`server stderr:\n${serverErr()}`);
    await client?.close();
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('every write of both lands, none fails with SQLITE_BUSY, and a backup taken meanwhile is whole', async () => {
    const WRITES = 400;
    const RECORDS = 60;
    const writer = spawn(process.execPath, [...harnessCommand(WRITER), dir, String(WRITES), 'app'], { env: { ...process.env, ENGRAM_KEY: key.toString('hex') } });
    let out = '';
    let err = '';
    writer.stdout.on('data', (d: Buffer) => (out += d.toString()));
    writer.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const exited = new Promise<number | null>((resolve) => writer.on('exit', resolve));
    await new Promise<void>((resolve, reject) => {
      const t = setInterval(() => {
        if (out.includes('ready')) {
          clearInterval(t);
          resolve();
        }
      }, 20);
      writer.on('exit', () => reject(new Error(`writer exited early: ${err}`)));
    });

    const results: CallToolResult[] = [];
    let backupMemories = -1;
    const busy: string[] = [];
    for (let i = 0; i < RECORDS; i += 5) {
      const batch = await Promise.all(
        [0, 1, 2, 3, 4].map(
          (j) =>
            client.callTool({
              name: j % 2 ? 'record_failure' : 'record_experience',
              arguments: j % 2 ? { task: `task ${i + j}`, action: 'try it', reason: 'it broke' } : { task: `task ${i + j}`, action: 'do it', outcome: 'success' },
            }) as Promise<CallToolResult>,
        ),
      );
      results.push(...batch);
      // This process writes too (retrying as every writer must: a deferred transaction that read
      // before another process committed fails at once with SQLITE_BUSY_SNAPSHOT), and takes a
      // backup half-way.
      await retryOnBusy(() => {
        try {
          return store.memories.insert({ kind: 'semantic', text: `test process fact ${i}` });
        } catch (e) {
          if (isBusyError(e)) busy.push((e as { code?: string }).code ?? 'BUSY');
          throw e;
        }
      });
      if (i === 30) backupMemories = backupStore(store, { out: join(dir, 'mid.db') }).memories;
    }
    expect(await exited).toBe(0);
    const [, written] = out.match(/done (\d+) (\d+)/) ?? [];
    expect(Number(written)).toBe(WRITES);

    const failed = results.filter((r) => r.isError);
    expect(failed.map((r) => JSON.stringify(r.content))).toEqual([]);
    expect(store.memories.count({ experiences: true })).toBe(RECORDS);
    expect(store.memories.count({ kinds: ['episodic'] })).toBe(WRITES);
    expect(store.memories.count({ kinds: ['semantic'] })).toBe(RECORDS / 5);
    expect(backupMemories).toBeGreaterThan(0);
    expect(verifyDatabaseFile(join(dir, 'mid.db'), key).memories).toBe(backupMemories);
    console.log(`busy retries: test process ${busy.length} (${[...new Set(busy)].join(', ')}), writer ${out.match(/done \d+ (\d+)/)?.[1]}`);
  });
});

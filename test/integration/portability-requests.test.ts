import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, StaticKeyProvider, type EngramStore } from '../../agents/store/index.js';
import { startEngram, type Engram } from '../../electron/engine/index.js';
import { hostFailureOf, type ProgressTask } from '../../shared/api/index.js';

// import.file and backup.write (issue 32): the CLI's import and backup go through the handler map;
// they name files on this machine, so only a host that says so (the CLI) may call them.
describe('import.file and backup.write through the handler map', () => {
  let dir: string;
  let store: EngramStore;
  const engines: Engram[] = [];
  const start = async (fileAccess: boolean) => {
    const e = await startEngram({ store, host: 'headless', version: 't', env: {}, chat: false, fileAccess });
    engines.push(e);
    return e;
  };

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'engram-port-req-'));
    store = await openStore({ dataDir: join(dir, 'data'), keyProvider: new StaticKeyProvider(Buffer.alloc(32, 7)), embedder: null });
  });
  afterEach(async () => {
    for (const e of engines.splice(0)) await e.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('are refused where the host names no files (a window): nothing read, nothing written', async () => {
    const { client } = await start(false);
    const out = join(dir, 'b.db');
    for (const call of [client.call('backup.write', { out }), client.call('import.file', { path: join(dir, 'x.json') })]) {
      const failed = hostFailureOf(await call.catch((e: unknown) => e));
      expect(failed).toMatchObject({ code: 'UNAVAILABLE', exitCode: 1 });
    }
    expect(existsSync(out)).toBe(false);
  });

  it('back up and import with progress, and refuse an existing file or a foreign one in one line', async () => {
    const { client } = await start(true);
    store.memories.insert({ kind: 'semantic', text: 'Ana Lopez is my manager' });
    const seen: ProgressTask[] = [];
    client.on('progress.changed', ({ tasks }) => seen.push(...tasks));
    const out = join(dir, 'b.db');
    const r = await client.call('backup.write', { out });
    expect(r).toMatchObject({ path: out, memories: 1 });
    expect(existsSync(out)).toBe(true);
    expect(hostFailureOf(await client.call('backup.write', { out }).catch((e: unknown) => e))?.line).toBe(`${out} already exists; choose another name`);

    const foreignFile = join(dir, 'e.json');
    const other = await openStore({ dataDir: join(dir, 'other'), keyProvider: new StaticKeyProvider(Buffer.alloc(32, 8)), embedder: null });
    try {
      const e2 = await startEngram({ store: other, host: 'headless', version: 't', env: {}, chat: false, fileAccess: true });
      engines.push(e2);
      // The window's exporter: a file in the data dir's exports/.
      const summary = await client.call('export.write', { format: 'json' });
      expect(summary.path).not.toBeNull();
      const dry = await e2.client.call('import.file', { path: summary.path!, dry_run: true });
      expect(dry).toMatchObject({ dry_run: true, memories: { inserted: 1, total: 1 } });
      // The dry run changed nothing: the real import still finds the memory new.
      const done = await e2.client.call('import.file', { path: summary.path! });
      expect(done).toMatchObject({ dry_run: false, format: 'json', memories: { inserted: 1, total: 1 }, sources: null });
      writeFileSync(foreignFile, '{"not":"an export"}');
      const foreign = hostFailureOf(await e2.client.call('import.file', { path: foreignFile }).catch((e: unknown) => e));
      expect(foreign).toMatchObject({ code: 'INVALID_INPUT' });
      expect(foreign?.line).toContain('is not an Engram export');
    } finally {
      for (const e of engines.splice(1)) await e.close();
      await other.close();
    }
    expect(seen.some((t) => t.id === 'backup' && t.state === 'done')).toBe(true);
    expect(seen.some((t) => t.id === 'import' && t.state === 'done')).toBe(false); // the other engine's tasks are its own
  });
});

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, StaticKeyProvider, SyncKeyFile } from '../../agents/store/index.js';
import { SyncControl } from '../../agents/sync/index.js';
import { SyncthingManager } from '../../electron/syncthing/index.js';
import { SYNCTHING_SETTINGS_KEY, SyncthingSettingsSchema } from '../../shared/settings/index.js';
import { harnessInline } from '../helpers/harness-bundle.js';
import { freeLocalPort, processAlive, processesMentioning, waitFor } from '../helpers/syncthing-pair.js';

/*
 * Issue 33: `engram serve` (the real CLI process) starts Engram's own Syncthing by itself when sync is
 * on and the user chose that instance, and stops it on SIGTERM: the process is gone, nothing running
 * mentions the data dir, and the choice stays for the next start. Real Syncthing on 127.0.0.1, its own
 * config dir inside the test's data dir.
 */
const key = randomBytes(32);
let root: string;
let dataDir: string;
let manager: SyncthingManager;
const env = () => ({
  ...process.env,
  ENGRAM_KEY: key.toString('hex'),
  ENGRAM_KEY_DIR: join(root, 'keys'),
  ENGRAM_EMBEDDER: 'none',
  // serve needs a built window to serve; this test is about what it starts beside it.
  ENGRAM_RENDERER_DIR: join(root, 'window'),
});

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'engram-serve-syncthing-'));
  dataDir = join(root, 'data');
  const folder = join(root, 'folder');
  mkdirSync(folder);
  mkdirSync(join(root, 'window'));
  writeFileSync(join(root, 'window', 'index.html'), '<!doctype html><title>Engram</title>');
  const store = await openStore({ dataDir, keyProvider: new StaticKeyProvider(key), embedder: null });
  try {
    new SyncControl(store, new SyncKeyFile(dataDir, env())).init(folder);
    store.settings.set(SYNCTHING_SETTINGS_KEY, { own_instance: true });
  } finally {
    await store.close();
  }
  // Its config, listening on 127.0.0.1 only, made before serve starts it.
  manager = new SyncthingManager({ dataDir, env: env() });
  await manager.start({ folder, listen: `tcp://127.0.0.1:${await freeLocalPort()}`, local_discovery: false });
  await manager.stop();
}, 120_000);

afterAll(async () => {
  const pid = manager?.pid();
  await manager?.stop().catch(() => undefined);
  if (pid) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // gone, as it should be
    }
  }
  rmSync(root, { recursive: true, force: true });
});

describe('engram serve and Engram\'s own Syncthing', () => {
  it('starts it by itself while sync is on and it was chosen, and stops it on SIGTERM, keeping the choice', async () => {
    expect(manager.pid()).toBeNull();
    const child = spawn(process.execPath, [...harnessInline("import { main } from './electron/hosts/cli/main.ts';\nawait main();"), 'serve', '--data-dir', dataDir, '--port', '0'], {
      cwd: process.cwd(),
      env: env(),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.resume();
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await waitFor('serve to start Syncthing', () => stderr.includes("Engram's own instance runs") || child.exitCode !== null, 120_000, 200);
      expect(stderr).toContain(`syncthing: Engram's own instance runs for ${join(root, 'folder')}`);
      const pid = manager.pid()!;
      expect(processAlive(pid)).toBe(true);
      expect((await manager.status()).running).toBe(true);

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(processAlive(pid)).toBe(false);
      expect(manager.pid()).toBeNull();
      expect(processesMentioning(dataDir)).toEqual([]);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    const store = await openStore({ dataDir, keyProvider: new StaticKeyProvider(key), embedder: null });
    try {
      expect(store.settings.get(SYNCTHING_SETTINGS_KEY, SyncthingSettingsSchema, { own_instance: false })).toEqual({ own_instance: true });
    } finally {
      await store.close();
    }
  }, 240_000);
});

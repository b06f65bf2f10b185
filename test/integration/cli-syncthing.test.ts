import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../electron/hosts/cli/main.js';
import { freeLocalPort, processAlive, processesMentioning, waitFor } from '../helpers/syncthing-pair.js';

/** `engram syncthing` with the real binary: start (generated private config), id, add-device, status, stop, and the refusals. */
// One instance's life in order (never started, started and stopped, killed as a group): npm test's
// shuffle keeps this file's order; the files still run in any order among the others.
describe('engram syncthing', { shuffle: false }, () => {
  let root: string;
  let dir: string;
  const env = { ENGRAM_KEY: randomBytes(32).toString('hex'), PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' };
  const OTHER = 'P56IOI7-MZJNU2Y-IQGDREY-DM2MGTI-MGL3BXN-PQ6W5BM-TBBZ4TJ-XZWICQ2';

  async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
    let out = '';
    let err = '';
    const code = await runCli([...argv, '--data-dir', dir], { stdout: (t) => (out += t), stderr: (t) => (err += t), isTty: false, stdin: Readable.from([]) }, env);
    return { code, out, err };
  }
  const pidFile = () => join(dir, 'syncthing', 'engram-syncthing.json');
  const pid = () => (JSON.parse(readFileSync(pidFile(), 'utf8')) as { pid: number | null }).pid;

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'engram-cli-syncthing-'));
    dir = join(root, 'data');
  });
  afterAll(async () => {
    const p = existsSync(pidFile()) ? pid() : null;
    if (p && processAlive(p)) {
      await cli('syncthing', 'stop');
      try {
        process.kill(-p, 'SIGKILL');
      } catch {
        // gone
      }
    }
    rmSync(root, { recursive: true, force: true });
  });

  it('says it is not running, and refuses a start without a folder, in one line', async () => {
    const st = await cli('syncthing');
    expect(st.code).toBe(0);
    expect(st.out).toMatch(/^syncthing +not running · .*syncthing\n/);
    expect(st.out).toMatch(/this device \(no id yet: engram syncthing start --folder DIR\)/);
    const none = await cli('syncthing', 'start');
    expect(none.code).toBe(2);
    expect(none.err).toMatch(/^engram: syncthing: start needs --folder DIR the first time/);
    const id = await cli('syncthing', 'id');
    expect(id.code).toBe(1);
    expect((await cli('syncthing', 'launch')).err).toMatch(/^engram: syncthing: unknown action "launch"/);
    // `engram sync syncthing …` is the same command.
    expect(await cli('sync', 'syncthing')).toEqual(st);
    expect((await cli('sync', 'syncthing', 'start')).err).toBe(none.err);
  });

  it('starts its own private instance, prints its id, adds a device, reports it, stops', async () => {
    const folder = join(root, 'sync');
    const port = await freeLocalPort();
    const started = await cli('syncthing', 'start', '--folder', folder, '--listen', `tcp://127.0.0.1:${port}`, '--rescan', '5', '--json');
    expect(started.err).toBe('');
    expect(started.code).toBe(0);
    const s = JSON.parse(started.out) as { running: boolean; own_instance: boolean; device_id: string; gui: string; folder: { path: string; id: string }; reach: Record<string, boolean> };
    // Started by hand: the choice is remembered, so the app and serve start it by themselves.
    expect(s).toMatchObject({ running: true, own_instance: true, folder: { path: folder, id: 'engram-sync' }, reach: { global_discovery: false, local_discovery: false, relays: false, nat: false } });
    expect(s.gui).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    // The API key is kept only where the user can read it.
    expect(statSync(pidFile()).mode & 0o077).toBe(0);
    expect(existsSync(join(folder, '.stfolder'))).toBe(true);

    const id = await cli('syncthing', 'id');
    expect(id.out).toBe(`${s.device_id}\n`);

    const bad = await cli('syncthing', 'add-device', 'NOT-AN-ID');
    expect(bad.code).not.toBe(0);
    expect(bad.err.trim().split('\n')).toHaveLength(1);
    expect(bad.err).toMatch(/a Syncthing device id is eight groups/);
    const own = await cli('syncthing', 'add-device', s.device_id);
    expect(own.err).toMatch(/that is this device's own id/);

    const added = await cli('syncthing', 'add-device', OTHER.toLowerCase(), '--address', 'tcp://127.0.0.1:1', '--name', 'laptop');
    expect(added.code).toBe(0);
    expect(added.out).toContain(`device      laptop ${OTHER} not connected`);
    expect(added.out).toContain('reach       only the devices you added');

    // A second start finds it running and keeps the remembered folder.
    const again = await cli('syncthing', 'start', '--json');
    expect((JSON.parse(again.out) as { folder: { path: string } }).folder.path).toBe(folder);
    const p = pid()!;
    expect(processAlive(p)).toBe(true);

    const stopped = await cli('syncthing', 'stop');
    expect(stopped.code).toBe(0);
    expect(stopped.out).toMatch(/^syncthing +not running/);
    // Stopped by hand: the choice is cleared.
    expect(stopped.out).toContain('starts      only when you start it');
    await waitFor('Syncthing to exit', () => !processAlive(p), 15_000);
    await waitFor('no process left running from this data dir', () => processesMentioning(dir).length === 0, 15_000);
  });

  it('is one process group: killing the group (a clean-up, a crash) leaves no Syncthing behind', async () => {
    // A home made before Engram set a GUI password: the next start locks the GUI all the same.
    const config = join(dir, 'syncthing', 'config.xml');
    const unlocked = readFileSync(config, 'utf8').replace(/\s*<user>[^<]*<\/user>/, '').replace(/\s*<password>[^<]*<\/password>/, '');
    expect(unlocked).not.toContain('<password>');
    writeFileSync(config, unlocked, { mode: 0o600 });
    const started = await cli('syncthing', 'start', '--json');
    expect(started.code).toBe(0);
    expect((await fetch((JSON.parse(started.out) as { gui: string }).gui)).status).toBe(401);
    const p = pid()!;
    process.kill(-p, 'SIGKILL');
    await waitFor('Syncthing to die', () => !processAlive(p), 15_000);
    await new Promise((r) => setTimeout(r, 500));
    expect(processesMentioning(dir)).toEqual([]);
    expect((await cli('syncthing')).out).toMatch(/^syncthing +not running/);
  });
});

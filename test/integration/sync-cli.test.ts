import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SyncKeyFile } from '../../agents/store/index.js';
import { addCommand } from '../../electron/hosts/cli/commands/add.js';
import { forgetCommand } from '../../electron/hosts/cli/commands/forget.js';
import { searchCommand } from '../../electron/hosts/cli/commands/search.js';
import { syncCommand } from '../../electron/hosts/cli/commands/sync.js';
import { SyncStatusSchema } from '../../shared/api/index.js';
import { runCommand } from '../helpers/run-command.js';

// Issue 33, step 3: engram sync init / join / now / status / off on two data folders and one plain folder.
// One pairing in order (init, a mistyped join, join, forget, off): each step starts where the last
// left the two devices, so npm test's shuffle keeps this file's order; the files still run in any order.
describe('engram sync', { shuffle: false }, () => {
  let root: string;
  let folder: string;
  let keysBefore: string | undefined;
  const a = { dataDir: '', key: randomBytes(32) };
  const b = { dataDir: '', key: randomBytes(32) };
  let code = '';
  const sync = (at: typeof a, ...argv: string[]) => runCommand(syncCommand, argv, at);

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'engram-sync-cli-'));
    folder = join(root, 'Sync', 'engram');
    a.dataDir = join(root, 'a');
    b.dataDir = join(root, 'b');
    keysBefore = process.env.ENGRAM_KEY_DIR;
    process.env.ENGRAM_KEY_DIR = join(root, 'keys');
  });
  afterAll(() => {
    if (keysBefore === undefined) delete process.env.ENGRAM_KEY_DIR;
    else process.env.ENGRAM_KEY_DIR = keysBefore;
    rmSync(root, { recursive: true, force: true });
  });

  it('init turns sync on and prints a 24-word pairing code; the key is kept outside the data and sync folders', async () => {
    const r = await sync(a, 'init', '--folder', folder);
    expect(r.code).toBe(0);
    const m = /engram sync join "([a-z ]+)" --folder DIR/.exec(r.out);
    expect(m).not.toBeNull();
    code = m![1]!;
    expect(code.split(' ')).toHaveLength(24);
    const keyFile = new SyncKeyFile(a.dataDir);
    expect(keyFile.path.startsWith(join(root, 'keys'))).toBe(true);
    expect(statSync(keyFile.path).mode & 0o777).toBe(0o600);
    expect(readdirSync(a.dataDir).some((n) => n.includes('key'))).toBe(false);
  });

  it('init again, or with the data folder itself, is refused with one line', async () => {
    const again = await sync(a, 'init', '--folder', join(root, 'other')).catch((e: Error) => ({ code: 2, out: e.message }));
    expect(again.code).not.toBe(0);
    expect(again.out).toMatch(/already on/);
    const inside = await sync(b, 'init', '--folder', join(b.dataDir, 'sync')).catch((e: Error) => ({ code: 2, out: e.message }));
    expect(inside.out).toMatch(/outside the data folder/);
    expect(inside.out.trim().split('\n')).toHaveLength(1);
  });

  it('a mistyped pairing code is refused with one line and turns nothing on', async () => {
    const words = code.split(' ');
    const typo = [...words.slice(0, 4), `${words[4]}q`, ...words.slice(5)].join(' ');
    const r = await sync(b, 'join', typo, '--folder', folder).catch((e: Error) => ({ code: 2, out: e.message }));
    expect(r.out).toMatch(/word 5 of the pairing code/);
    expect(r.out.trim().split('\n')).toHaveLength(1);
    const s = SyncStatusSchema.parse(JSON.parse((await sync(b, 'status', '--json')).out));
    expect(s.on).toBe(false);
  });

  it('join on the next device brings what the first wrote; status shows both devices', async () => {
    expect((await runCommand(addCommand, ['--text', 'The boiler code is 4471 and the plumber is Jonas.'], a)).code).toBe(0);
    expect((await sync(a, 'now')).out).toMatch(/wrote [1-9]\d* change/);
    const words = code.split(' ');
    const r = await sync(b, 'join', ...words, '--folder', folder);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/imported [1-9]\d* segment/);
    expect((await runCommand(searchCommand, ['plumber Jonas'], b)).out).toContain('Jonas');
    // A device shows up in the others' status once it has written something.
    expect((await runCommand(addCommand, ['--text', 'Jonas comes back on Tuesday.'], b)).code).toBe(0);
    await sync(b, 'now');
    await sync(a, 'now');
    expect((await runCommand(searchCommand, ['Tuesday'], a)).out).toContain('Tuesday');
    const s = SyncStatusSchema.parse(JSON.parse((await sync(a, 'status', '--json')).out));
    expect(s).toMatchObject({ on: true, folder, pending_changes: 0, last_error: null });
    expect(s.devices).toHaveLength(1);
    expect(s.devices[0]!.last_seen_at).not.toBeNull();
    expect((await sync(a, 'status')).out).toMatch(/sync is on: folder .*\n.*this device/);
    // Either device can show the code for a third one.
    expect(JSON.parse((await sync(b, 'code', '--json')).out)).toEqual({ code });
  });

  it('a forget on one device is a forget on the other, search included', async () => {
    const id = /"id":"(mem_[0-9a-z]+)"/.exec((await runCommand(searchCommand, ['plumber Jonas', '--json'], b)).out)![1]!;
    expect((await runCommand(forgetCommand, ['--id', id], b)).code).toBe(0);
    await sync(b, 'now');
    await sync(a, 'now');
    expect((await runCommand(searchCommand, ['plumber Jonas', '--json'], a)).out).not.toContain(id);
  });

  it('off forgets the key here and leaves the folder as it is', async () => {
    const files = readdirSync(folder).length;
    expect((await sync(b, 'off')).code).toBe(0);
    expect(existsSync(new SyncKeyFile(b.dataDir).path)).toBe(false);
    expect(readdirSync(folder)).toHaveLength(files);
    expect((await sync(b, 'status')).out).toMatch(/sync is off/);
    const r = await sync(b, 'now').catch((e: Error) => ({ code: 2, out: e.message }));
    expect(r.out).toMatch(/sync is off/);
  });
});

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { harnessInline } from '../helpers/harness-bundle.js';
import { PowerLossDisk } from './power-loss/power-loss-disk.js';

/**
 * The power-loss model itself (test/reliability/power-loss): after a cut, a file holds what its last
 * fsync saw and a name exists only if its directory was fsynced after it appeared. Each case is
 * done by a child process running under the preload, as the session under test is.
 */
describe('the power-loss disk keeps only what was fsynced', () => {
  const work = mkdtempSync(join(tmpdir(), 'engram-powerloss-disk-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  // Plain fs calls, as the product makes them (fs.fsyncSync is libc's fsync; a directory is opened 'r').
  const PRELUDE = `
    const fs = require('node:fs');
    const path = require('node:path');
    const root = process.env.POWERLOSS_ROOT;
    const at = (n) => path.join(root, n);
    const write = (n, text, sync) => { const fd = fs.openSync(at(n), 'w'); fs.writeSync(fd, text); if (sync) fs.fsyncSync(fd); fs.closeSync(fd); };
    const syncDir = (n) => { const fd = fs.openSync(n ? at(n) : root, 'r'); fs.fsyncSync(fd); fs.closeSync(fd); };
  `;
  const run = (disk: PowerLossDisk, script: string) => {
    const r = spawnSync(process.execPath, ['-e', PRELUDE + script], { env: { ...process.env, ...disk.env() }, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  };

  it('drops unsynced content and names, keeps fsynced ones, and survives a file that was there before', () => {
    const disk = new PowerLossDisk(join(work, 'a'), join(work, 'a-work'));
    // Durable before the child runs (a snapshot): its content must come back though the child only fsyncs the directory.
    writeFileSync(join(disk.root, 'before.txt'), 'from before');
    disk.snapshot();
    run(
      disk,
      `
      write('synced.txt', 'synced', true);
      write('unsynced-content.txt', 'lost', false);
      write('appended.txt', 'first', true);
      fs.appendFileSync(at('appended.txt'), ' second');
      fs.mkdirSync(at('sub'));
      syncDir();
      write('sub/new-name.txt', 'name never synced', true);
      write('late.txt', 'fsynced, its name is not', true);
      fs.writeFileSync(at('before.txt'), 'overwritten, not synced');
      `,
    );
    const cut = disk.cut();
    const read = (n: string) => readFileSync(join(disk.root, n), 'utf8');
    expect(read('synced.txt')).toBe('synced');
    // The name was made durable by the directory fsync, the bytes never were.
    expect(read('unsynced-content.txt')).toBe('');
    expect(read('appended.txt')).toBe('first');
    expect(read('before.txt')).toBe('from before');
    expect(existsSync(join(disk.root, 'sub'))).toBe(true);
    expect(existsSync(join(disk.root, 'sub', 'new-name.txt'))).toBe(false);
    expect(existsSync(join(disk.root, 'late.txt'))).toBe(false);
    expect(cut.which.sort()).toEqual(['appended.txt', 'before.txt', 'late.txt', 'sub/new-name.txt', 'unsynced-content.txt']);
  });

  it('a rename is durable only with its directory fsync (temp file, fsync, rename)', () => {
    const disk = new PowerLossDisk(join(work, 'b'), join(work, 'b-work'));
    run(disk, `write('settings.json', 'v1', true); syncDir();`);
    disk.cut();
    run(disk, `write('settings.json.tmp', 'v2', true); fs.renameSync(at('settings.json.tmp'), at('settings.json'));`);
    disk.cut();
    expect(readFileSync(join(disk.root, 'settings.json'), 'utf8')).toBe('v1');
    run(disk, `write('settings.json.tmp', 'v3', true); fs.renameSync(at('settings.json.tmp'), at('settings.json')); syncDir();`);
    disk.cut();
    expect(readFileSync(join(disk.root, 'settings.json'), 'utf8')).toBe('v3');
    expect(existsSync(join(disk.root, 'settings.json.tmp'))).toBe(false);
  });

  it("the store's durable writes survive the cut where plain ones do not (key, consent, new folders, removal)", () => {
    const disk = new PowerLossDisk(join(work, 'e'), join(work, 'e-work'));
    writeFileSync(join(disk.root, 'withdrawn.json'), 'consent once given');
    disk.snapshot();
    const r = spawnSync(
      process.execPath,
      harnessInline(`
        import { writeFileSync, mkdirSync } from 'node:fs';
        import { join } from 'node:path';
        import * as d from './agents/store/durable-file.ts';
        const root = process.env.POWERLOSS_ROOT;
        d.writeFileDurable(join(root, 'nested', 'deeper', 'engram.key'), 'k1', { exclusive: true });
        let refused = '';
        try { d.writeFileDurable(join(root, 'nested', 'deeper', 'engram.key'), 'k2', { exclusive: true }); } catch (e) { refused = e.code; }
        await d.writeFileDurableAsync(join(root, 'consent.json'), 'v1');
        await d.writeFileDurableAsync(join(root, 'consent.json'), 'v2');
        d.removeFileDurable(join(root, 'withdrawn.json'));
        d.mkdirDurable(join(root, 'frames', 'shard'));
        await d.mkdirDurableAsync(join(root, 'audio', 'shard'));
        // The same without the helpers: what a power cut takes back.
        mkdirSync(join(root, 'plain', 'sub'), { recursive: true });
        writeFileSync(join(root, 'plain.json'), 'never synced');
        process.stdout.write(refused);
        `),
      { env: { ...process.env, ...disk.env() }, encoding: 'utf8' },
    );
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('EEXIST');
    disk.cut();
    const read = (n: string) => readFileSync(join(disk.root, n), 'utf8');
    expect(read('nested/deeper/engram.key')).toBe('k1');
    expect(read('consent.json')).toBe('v2');
    expect(existsSync(join(disk.root, 'withdrawn.json'))).toBe(false);
    expect(existsSync(join(disk.root, 'frames', 'shard'))).toBe(true);
    expect(existsSync(join(disk.root, 'audio', 'shard'))).toBe(true);
    // No temp file left under any name.
    expect(readdirSync(join(disk.root, 'nested', 'deeper'))).toEqual(['engram.key']);
    expect(existsSync(join(disk.root, 'plain'))).toBe(false);
    expect(existsSync(join(disk.root, 'plain.json'))).toBe(false);
  });

  it('a reused inode number inherits nothing from the file that had it before', () => {
    const disk = new PowerLossDisk(join(work, 'c'), join(work, 'c-work'));
    mkdirSync(join(disk.root, 'd'));
    writeFileSync(join(disk.root, 'd', 'f.bin'), 'new file, never fsynced');
    disk.snapshot();
    // A record of the same inode number from an earlier file (born at another time), as the shadow
    // holds after a file is deleted and its number handed to the next one.
    const st = statSync(join(disk.root, 'd', 'f.bin'), { bigint: true });
    const shadow = join(work, 'c-work', 'shadow');
    rmSync(join(shadow, 'ino', `${st.dev}-${st.ino}-${st.birthtimeNs}`));
    writeFileSync(join(shadow, 'ino', `${st.dev}-${st.ino}-${st.birthtimeNs - 1_000_000n}`), 'an earlier file');
    disk.cut();
    expect(readFileSync(join(disk.root, 'd', 'f.bin'), 'utf8')).toBe('');
  });
});

import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { filesUnder, rawScan } from '../reliability/data-scan.js';

/**
 * The privacy and delete proofs scan a folder while a session writes to it: a file listed and then
 * gone before it is read (a frame's .tmp renamed into place) is not an error; anything else is.
 * (A fresh clone's npm test failed once with ENOENT on such a .tmp file.)
 */
describe('folder scanner beside a live writer', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'engram-scan-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('a file listed then gone is skipped by the listing and by the scan', () => {
    mkdirSync(join(dir, 'frames'));
    writeFileSync(join(dir, 'frames', 'a.bin'), 'needle-one');
    // Listed by readdir, gone by stat: what a rename between the two looks like.
    symlinkSync(join(dir, 'frames', 'renamed-away.tmp'), join(dir, 'frames', 'b.tmp'));
    const files = filesUnder(dir);
    expect(files).toEqual([join(dir, 'frames', 'a.bin')]);
    writeFileSync(join(dir, 'c.bin'), 'needle-one');
    const listed = [...filesUnder(dir)];
    rmSync(join(dir, 'c.bin'));
    expect(rawScan(listed, ['needle-one']).map((h) => h.file)).toEqual([join(dir, 'frames', 'a.bin')]);
    expect(filesUnder(join(dir, 'no-such-folder'))).toEqual([]);
  });

  it('other errors are not swallowed', () => {
    mkdirSync(join(dir, 'sub'));
    expect(() => rawScan([join(dir, 'sub')], ['x'])).toThrow(/EISDIR/);
    writeFileSync(join(dir, 'plain'), 'x');
    expect(() => filesUnder(join(dir, 'plain'))).toThrow(/ENOTDIR/);
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findElectronBinary } from '../../electron/desktop/policy/index.js';

const base = mkdtempSync(path.join(os.tmpdir(), 'engram-electron-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

function fakeProject(name: string, opts: { pathTxt?: string; binary?: boolean }) {
  const root = path.join(base, name);
  const pkg = path.join(root, 'node_modules', 'electron');
  mkdirSync(path.join(pkg, 'dist'), { recursive: true });
  writeFileSync(path.join(pkg, 'package.json'), '{"name":"electron","version":"41.7.1"}');
  if (opts.pathTxt !== undefined) writeFileSync(path.join(pkg, 'path.txt'), opts.pathTxt);
  if (opts.binary) {
    writeFileSync(path.join(pkg, 'dist', 'electron'), '#!/bin/sh\n');
    writeFileSync(path.join(pkg, 'dist', 'version'), '41.7.1');
  }
  return root;
}

describe('findElectronBinary', () => {
  it('finds a downloaded binary and its version', () => {
    const root = fakeProject('ok', { pathTxt: 'electron', binary: true });
    expect(findElectronBinary({}, root)).toEqual({ found: true, path: path.join(root, 'node_modules/electron/dist/electron'), version: '41.7.1' });
  });

  it('explains a skipped download', () => {
    const r = findElectronBinary({}, fakeProject('skipped', {}));
    expect(r).toMatchObject({ found: false, reason: expect.stringContaining('ELECTRON_SKIP_BINARY_DOWNLOAD') });
  });

  it('explains a missing file', () => {
    expect(findElectronBinary({}, fakeProject('gone', { pathTxt: 'electron' }))).toMatchObject({ found: false, reason: expect.stringContaining('does not exist') });
  });

  it('honours ELECTRON_OVERRIDE_DIST_PATH', () => {
    const root = fakeProject('override', {});
    const dist = path.join(base, 'custom-dist');
    mkdirSync(dist, { recursive: true });
    writeFileSync(path.join(dist, 'electron'), '');
    expect(findElectronBinary({ ELECTRON_OVERRIDE_DIST_PATH: dist }, root)).toMatchObject({ found: true, path: path.join(dist, 'electron') });
  });

  it('explains a missing package', () => {
    expect(findElectronBinary({}, path.join(base, 'nothing-here'))).toMatchObject({ found: false, reason: expect.stringContaining('not installed') });
  });
});

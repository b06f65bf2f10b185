import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiDeps } from '../../electron/api/deps.js';
import { NO_OPEN_PATH, openPathHandlers } from '../../electron/api/handlers/open-path-handlers.js';
import { checkOpenablePath } from '../../electron/api/open-path-check.js';
import { ApiCallError } from '../../shared/api/index.js';

/** "Open that again" for a file path on screen (issue 31): what may be opened, and what is refused in one line. */

let dir: string;
const refusal = (fn: () => unknown): { code: string; message: string } => {
  try {
    fn();
  } catch (err) {
    if (err instanceof ApiCallError) return { code: err.code, message: err.message };
    throw err;
  }
  throw new Error('not refused');
};

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'engram-open-path-'));
  writeFileSync(path.join(dir, 'Q3 review.pdf'), 'pdf');
  mkdirSync(path.join(dir, 'project'));
  writeFileSync(path.join(dir, 'notes.txt'), 'plain');
  writeFileSync(path.join(dir, 'deploy.sh'), '#!/bin/sh\nrm -rf ~\n');
  writeFileSync(path.join(dir, 'tool'), '#!/bin/sh\n');
  chmodSync(path.join(dir, 'tool'), 0o755);
  mkdirSync(path.join(dir, 'Evil.app'));
  symlinkSync(path.join(dir, 'deploy.sh'), path.join(dir, 'innocent.txt'));
  symlinkSync(path.join(dir, 'Q3 review.pdf'), path.join(dir, 'latest'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('checkOpenablePath', () => {
  it('opens an existing document or folder by its real path, ~ meaning home', () => {
    expect(checkOpenablePath(path.join(dir, 'Q3 review.pdf'))).toBe(path.join(dir, 'Q3 review.pdf'));
    expect(checkOpenablePath(`  ${path.join(dir, 'project')}  `)).toBe(path.join(dir, 'project'));
    expect(checkOpenablePath(path.join(dir, 'latest'))).toBe(path.join(dir, 'Q3 review.pdf'));
    expect(checkOpenablePath('~/notes.txt', dir)).toBe(path.join(dir, 'notes.txt'));
  });

  it('refuses programs, scripts, bundles and shortcuts by name, whatever the platform', () => {
    for (const name of ['deploy.sh', 'Evil.app', 'setup.exe', 'run.bat', 'start.command', 'engram.desktop', 'x.ps1', 'y.lnk', 'Installer.pkg', 'a.AppImage']) {
      const r = refusal(() => checkOpenablePath(path.join(dir, name)));
      expect(r.code, name).toBe('FORBIDDEN');
      expect(r.message).toMatch(/does not open programs or scripts/);
      expect(r.message).not.toContain('\n');
    }
    expect(refusal(() => checkOpenablePath('C:\\Users\\ana\\setup.exe', 'C:\\Users\\ana', 'win32')).code).toBe('FORBIDDEN');
  });

  it('refuses a link that leads to a script, and an executable file without a telling name', () => {
    expect(refusal(() => checkOpenablePath(path.join(dir, 'innocent.txt')))).toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('leads to a program or script (.sh)') });
    expect(refusal(() => checkOpenablePath(path.join(dir, 'tool')))).toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('is a program') });
  });

  it('refuses a relative path, an empty one, and one that is not there', () => {
    expect(refusal(() => checkOpenablePath('notes.txt'))).toMatchObject({ code: 'INVALID_INPUT', message: 'Only a full path can be opened, not "notes.txt".' });
    expect(refusal(() => checkOpenablePath('../etc/passwd')).code).toBe('INVALID_INPUT');
    expect(refusal(() => checkOpenablePath('C:notes.txt', 'C:\\Users\\ana', 'win32')).code).toBe('INVALID_INPUT');
    expect(refusal(() => checkOpenablePath('   ')).code).toBe('INVALID_INPUT');
    expect(refusal(() => checkOpenablePath(path.join(dir, 'gone.pdf')))).toMatchObject({ code: 'NOT_FOUND', message: `Nothing is at ${path.join(dir, 'gone.pdf')} any more.` });
  });
});

describe('system.open_path', () => {
  it('hands the checked real path to the host’s opener, and says why the opener failed', async () => {
    const opened: string[] = [];
    const h = openPathHandlers({ openPath: async (p: string) => (opened.push(p), '') } as unknown as ApiDeps);
    expect(await h['system.open_path']({ path: path.join(dir, 'latest') })).toEqual({ path: path.join(dir, 'Q3 review.pdf') });
    expect(opened).toEqual([path.join(dir, 'Q3 review.pdf')]);
    await expect(h['system.open_path']({ path: path.join(dir, 'deploy.sh') })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(opened).toHaveLength(1);
    const failing = openPathHandlers({ openPath: async () => 'No application knows how to open it' } as unknown as ApiDeps);
    await expect(failing['system.open_path']({ path: path.join(dir, 'notes.txt') })).rejects.toMatchObject({ code: 'IO', message: `Could not open ${path.join(dir, 'notes.txt')}: No application knows how to open it` });
  });

  it('is refused in one line where the host cannot open files (browser mode)', async () => {
    const h = openPathHandlers({} as ApiDeps);
    await expect(h['system.open_path']({ path: path.join(dir, 'notes.txt') })).rejects.toMatchObject({ code: 'UNAVAILABLE', message: NO_OPEN_PATH });
  });
});

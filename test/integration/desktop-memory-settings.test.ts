import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memoryRelaunchPlan, relaunchWithMemorySettings, RELAUNCH_MARK } from '../../electron/desktop/main/memory-relaunch.js';
import { electronJsFlags } from '../../electron/desktop/policy/index.js';
import { until } from '../helpers/desktop-main-run.js';

// Issue 34: the packaged app started from the desktop's menu on Linux runs with the capture's
// V8 flag (the menu entry electron-builder writes, from electron-builder.yml) and malloc settings
// (the app starts itself again once with them). Both are run here against a stand-in for the
// Electron binary that writes down what it was started with, as desktop-login-item does for the
// autostart entry.
const require = createRequire(import.meta.url);
const yaml = require('js-yaml') as { load(text: string): unknown };
const { LinuxTargetHelper } = require('app-builder-lib/out/targets/LinuxTargetHelper.js') as {
  LinuxTargetHelper: new (packager: unknown) => { computeDesktopEntry(options: Record<string, unknown>, exec?: string): Promise<string> };
};
const { default: AppImageTarget } = require('app-builder-lib/out/targets/appimage/AppImageTarget.js') as {
  default: new (ignored: null, packager: unknown, helper: unknown, outDir: string) => { desktopEntry: { value: Promise<string> } };
};

interface BuilderConfig {
  linux: Record<string, unknown> & { executableName: string };
  deb: Record<string, unknown>;
  appImage: Record<string, unknown>;
}
const config = yaml.load(readFileSync('electron-builder.yml', 'utf8')) as BuilderConfig;
/** What electron-builder's Linux targets are given of the project (enough for the menu entry). */
const packager = {
  appInfo: { sanitizedProductName: 'Engram', productName: 'Engram', description: 'Engram', buildVersion: '0.0.0' },
  executableName: config.linux.executableName,
  info: { metadata: { desktopName: 'engram.desktop' } },
  fileAssociations: [],
  config,
  platformSpecificBuildOptions: config.linux,
};
const helper = new LinuxTargetHelper(packager);

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'engram menu-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A stand-in for Engram's binary: writes its arguments, then its environment, to `out`. */
function standIn(name: string, out: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, `#!/bin/sh\n{ for a in "$@"; do echo "arg=$a"; done; env | sed 's/^/env=/'; } > "${out}.part" && mv "${out}.part" "${out}"\n`, { mode: 0o755 });
  return file;
}
function startedWith(out: string): { args: string[]; env: Record<string, string> } {
  const lines = readFileSync(out, 'utf8').trim().split('\n');
  const env = Object.fromEntries(lines.filter((l) => l.startsWith('env=')).map((l) => [l.slice(4, l.indexOf('=', 4)), l.slice(l.indexOf('=', 4) + 1)]));
  return { args: lines.filter((l) => l.startsWith('arg=')).map((l) => l.slice(4)), env };
}
/** Runs a menu entry's Exec= as a launcher does: the field code expanded to nothing (no file opened). */
function runExec(exec: string, from: string, to: string): void {
  expect(exec).toContain(from);
  const r = spawnSync('sh', ['-c', exec.replace(from, `"${to}"`).replace(/ %U$/, '')], { encoding: 'utf8', env: { PATH: process.env.PATH } });
  expect(r.status, r.stderr).toBe(0);
}
const execOf = (entry: string) => /^Exec=(.*)$/m.exec(entry)![1]!;

describe("the packaged app's menu entry on Linux (electron-builder's own, from electron-builder.yml)", () => {
  it('deb: starts Engram with the V8 setting', async () => {
    const out = path.join(dir, 'deb.out');
    // As the deb target merges them: the linux options, then deb's.
    const entry = await helper.computeDesktopEntry({ ...config.linux, ...config.deb });
    runExec(execOf(entry), '/opt/Engram/engram', standIn('engram', out));
    expect(startedWith(out).args).toEqual([electronJsFlags()]);
  });

  it("AppImage: starts AppRun with the V8 setting, keeping the AppImage's --no-sandbox", async () => {
    const out = path.join(dir, 'appimage.out');
    const entry = await new AppImageTarget(null, packager, helper, dir).desktopEntry.value;
    runExec(execOf(entry), 'AppRun', standIn('AppRun', out));
    expect(startedWith(out).args).toEqual(['--no-sandbox', electronJsFlags()]);
  });
});

describe('the packaged app started without the malloc settings starts again once with them', () => {
  it('the new process has them, the V8 flag and its arguments, and would not start a third', async () => {
    const out = path.join(dir, 'relaunch.out');
    const binary = standIn('engram', out);
    const input = { platform: 'linux' as const, isPackaged: true, env: { PATH: process.env.PATH ?? '' }, argv: [binary, '--hidden'], execPath: binary };
    expect(await relaunchWithMemorySettings(input, () => undefined)).toBe('relaunched');
    await until(() => existsSync(out), 'the relaunched stand-in');
    const child = startedWith(out);
    expect(child.args).toEqual([electronJsFlags(), '--hidden']);
    expect(child.env).toMatchObject({ MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '262144', [RELAUNCH_MARK]: '1' });
    // The relaunched process, as the OS started it, makes no plan of its own.
    expect(memoryRelaunchPlan({ ...input, env: child.env, argv: [binary, ...child.args] })).toBeNull();
  });

  it('a binary that cannot be started leaves the app to start in this process, with the defaults', async () => {
    const lines: string[] = [];
    const missing = path.join(dir, 'gone', 'engram');
    expect(await relaunchWithMemorySettings({ platform: 'linux', isPackaged: true, env: {}, argv: [missing], execPath: missing }, (l) => lines.push(l))).toBe('here');
    expect(lines.join('\n')).toMatch(/could not start again/);
  });

  it('the process started again drops the mark, so what it starts (Syncthing, a browser) is not taken for a relaunch', async () => {
    const env: NodeJS.ProcessEnv = { MALLOC_ARENA_MAX: '2', [RELAUNCH_MARK]: '1' };
    expect(await relaunchWithMemorySettings({ platform: 'linux', isPackaged: true, env, argv: ['/opt/Engram/engram'], execPath: '/opt/Engram/engram' }, () => undefined)).toBe('here');
    expect(env[RELAUNCH_MARK]).toBeUndefined();
  });
});

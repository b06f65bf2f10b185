import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HIDDEN_ARG, launchTarget, linuxAutostartEntry, linuxAutostartPath, linuxConfigHome, LOGIN_ITEM_TEXT, loginItemQuery, loginItemSettings, loginItemTruth, startedHidden, systemSettingsUrl } from '../../electron/desktop/policy/index.js';

describe('start at login', () => {
  it('macOS/Windows: login item that starts hidden in the tray', () => {
    // macOS 13+: the app's own SMAppService; args and openAsHidden do not reach it there.
    expect(loginItemSettings(true, 'darwin', '/Applications/Engram.app/Contents/MacOS/Engram')).toEqual({ openAtLogin: true, type: 'mainAppService' });
    expect(loginItemSettings(false, 'darwin', '/Applications/Engram.app/Contents/MacOS/Engram')).toEqual({ openAtLogin: false, type: 'mainAppService' });
    expect(loginItemSettings(false, 'win32', 'C:\\Engram\\Engram.exe')).toEqual({ openAtLogin: false, path: 'C:\\Engram\\Engram.exe', args: [HIDDEN_ARG] });
  });

  it('Linux: an XDG autostart entry that quotes the path', () => {
    const entry = linuxAutostartEntry('/home/ana/Apps/Engram 1.0.AppImage');
    expect(entry).toContain('[Desktop Entry]');
    expect(entry).toContain('Exec=env MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=262144 "/home/ana/Apps/Engram 1.0.AppImage" --js-flags=--max-semi-space-size=2 --hidden');
    expect(entry).toContain('Type=Application');
    expect(linuxAutostartPath('/home/ana/.config')).toBe('/home/ana/.config/autostart/engram.desktop');
  });

  it('Linux: the app started at login gets the capture malloc and V8 settings (issue 34)', () => {
    // Run the Exec line as a launcher would (the spec's quoting is a subset of sh's double quotes),
    // with a stand-in for Engram whose path has a space: it prints what the process started with.
    const dir = mkdtempSync(join(tmpdir(), 'engram autostart-'));
    try {
      const fake = join(dir, 'Engram 1.0.AppImage');
      writeFileSync(fake, '#!/bin/sh\necho "arena=$MALLOC_ARENA_MAX mmap=$MALLOC_MMAP_THRESHOLD_"\nfor a in "$@"; do echo "arg=$a"; done\n', { mode: 0o755 });
      const exec = /^Exec=(.*)$/m.exec(linuxAutostartEntry(fake, ['/opt/engram/app']))![1]!;
      const r = spawnSync('sh', ['-c', exec], { encoding: 'utf8', env: { PATH: process.env.PATH } });
      expect(r.status).toBe(0);
      expect(r.stdout.trim().split('\n')).toEqual(['arena=2 mmap=262144', 'arg=--js-flags=--max-semi-space-size=2', 'arg=/opt/engram/app', 'arg=--hidden']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('respects XDG_CONFIG_HOME only when absolute', () => {
    expect(linuxConfigHome({ XDG_CONFIG_HOME: '/x/cfg' }, '/home/ana')).toBe('/x/cfg');
    expect(linuxConfigHome({ XDG_CONFIG_HOME: 'rel' }, '/home/ana')).toBe('/home/ana/.config');
  });

  it('launches the AppImage file, not its temporary mount', () => {
    expect(launchTarget({ APPIMAGE: '/home/ana/Engram.AppImage' }, '/tmp/.mount_x/engram')).toBe('/home/ana/Engram.AppImage');
    expect(launchTarget({}, '/usr/bin/engram')).toBe('/usr/bin/engram');
  });

  it('knows when it was started hidden', () => {
    expect(startedHidden(['engram', HIDDEN_ARG], false)).toBe(true);
    expect(startedHidden(['engram'], true)).toBe(true);
    expect(startedHidden(['engram'], false)).toBe(false);
  });

  it('macOS 13+: Settings shows what SMAppService says, not the saved choice', () => {
    const approval = { text: LOGIN_ITEM_TEXT.approval, action: 'open_login_items' };
    expect(loginItemTruth('darwin', true, { openAtLogin: true, status: 'enabled' })).toEqual({ enabled: true, attention: null });
    // Registered, waiting for the user (or switched off by them in Login Items).
    expect(loginItemTruth('darwin', true, { openAtLogin: false, status: 'requires-approval' })).toEqual({ enabled: true, attention: approval });
    expect(loginItemTruth('darwin', false, { status: 'requires-approval' })).toEqual({ enabled: true, attention: approval });
    // Chosen, but macOS has nothing: the switch tells the truth and says how to mend it.
    expect(loginItemTruth('darwin', true, { status: 'not-registered' })).toEqual({ enabled: false, attention: { text: LOGIN_ITEM_TEXT.notRegistered, action: 'open_login_items' } });
    expect(loginItemTruth('darwin', false, { status: 'not-registered' })).toEqual({ enabled: false, attention: null });
    expect(loginItemTruth('darwin', true, { status: 'not-found' })).toEqual({ enabled: false, attention: { text: LOGIN_ITEM_TEXT.notFound, action: null } });
    // The item asked about is the app's own service.
    expect(loginItemQuery('darwin', '/Applications/Engram.app/Contents/MacOS/Engram')).toEqual({ type: 'mainAppService' });
    expect(systemSettingsUrl('login_items', 'darwin')).toBe('x-apple.systempreferences:com.apple.LoginItems-Settings.extension');
  });

  it('Windows: an entry Task Manager turned off is off, with the way to Startup apps', () => {
    expect(loginItemTruth('win32', true, { openAtLogin: true, executableWillLaunchAtLogin: true })).toEqual({ enabled: true, attention: null });
    expect(loginItemTruth('win32', true, { openAtLogin: true, executableWillLaunchAtLogin: false })).toEqual({ enabled: false, attention: { text: LOGIN_ITEM_TEXT.taskManager, action: 'open_startup_apps' } });
    expect(loginItemTruth('win32', true, { openAtLogin: false, executableWillLaunchAtLogin: false })).toEqual({ enabled: false, attention: { text: LOGIN_ITEM_TEXT.windowsMissing, action: null } });
    expect(loginItemTruth('win32', false, { openAtLogin: false })).toEqual({ enabled: false, attention: null });
    // Asked with the same path and args it was registered with, or Windows answers about another entry.
    expect(loginItemQuery('win32', 'C:\\Engram\\Engram.exe')).toEqual({ path: 'C:\\Engram\\Engram.exe', args: [HIDDEN_ARG] });
    expect(systemSettingsUrl('login_items', 'win32')).toBe('ms-settings:startupapps');
  });

  it('Linux (its own autostart file), or an OS that could not be asked: the saved choice', () => {
    expect(loginItemTruth('linux', true, null)).toEqual({ enabled: true, attention: null });
    expect(loginItemTruth('darwin', false, null)).toEqual({ enabled: false, attention: null });
    expect(loginItemTruth('win32', true, null)).toEqual({ enabled: true, attention: null });
    // macOS before 13: no status, openAtLogin is the word.
    expect(loginItemTruth('darwin', true, { openAtLogin: false })).toEqual({ enabled: false, attention: null });
  });
});

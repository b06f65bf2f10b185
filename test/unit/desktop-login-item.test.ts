import { describe, expect, it } from 'vitest';
import { HIDDEN_ARG, launchTarget, linuxAutostartEntry, linuxAutostartPath, linuxConfigHome, loginItemSettings, startedHidden } from '../../electron/desktop/policy/index.js';

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
    expect(entry).toContain('Exec="/home/ana/Apps/Engram 1.0.AppImage" --hidden');
    expect(entry).toContain('Type=Application');
    expect(linuxAutostartPath('/home/ana/.config')).toBe('/home/ana/.config/autostart/engram.desktop');
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
});

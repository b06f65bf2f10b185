import { describe, expect, it } from 'vitest';
import { sandboxStatus } from '../../electron/desktop/policy/index.js';

// Issue 29, item 9: the AppImage's silent --no-sandbox is told, with what to do.
describe('sandboxStatus', () => {
  it('an AppImage started with --no-sandbox is off and recommends the deb', () => {
    const s = sandboxStatus({ noSandboxSwitch: true, platform: 'linux', env: { APPIMAGE: '/home/ana/Engram.AppImage' }, isRoot: false });
    expect(s.on).toBe(false);
    expect(s.detail).toMatch(/sandbox is off/);
    expect(s.detail).toMatch(/deb/);
  });

  it('as root it says to run as the user; any other --no-sandbox says to drop the switch; without it, on', () => {
    expect(sandboxStatus({ noSandboxSwitch: true, platform: 'linux', env: {}, isRoot: true }).detail).toMatch(/as root/);
    expect(sandboxStatus({ noSandboxSwitch: true, platform: 'win32', env: {}, isRoot: false }).detail).toMatch(/without that switch/);
    expect(sandboxStatus({ noSandboxSwitch: false, platform: 'linux', env: { APPIMAGE: '/x' }, isRoot: false }).on).toBe(true);
  });
});

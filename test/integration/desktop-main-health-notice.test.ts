import { describe, expect, it, vi } from 'vitest';
import { EVENT_CHANNEL } from '../../electron/desktop/policy/index.js';
import { electronModule, FakeNotification } from '../fakes/fake-electron.js';
import { acceptConsent, exitCode, runDesktopMain, until, windowAt } from '../helpers/desktop-main-run.js';

// The capture health's one notification, clicked (issue 29, item 4): on a Wayland session with the
// default settings capture keeps nothing, the notification says so, and a click on it opens the
// window on the screen its action names (Privacy), as the banner's button does.
vi.mock('electron', async () => {
  const m = await import('../fakes/fake-electron.js');
  return { ...m.electronModule, default: m.electronModule };
});

const WAYLAND_TITLE = 'Not recording — Wayland hides the windows';

runDesktopMain('engram-health-notice-', {
  seeded: true,
  // A Wayland session (the window list cannot be read), captured through desktopCapturer so no portal picker is involved.
  env: () => ({ ENGRAM_TRAY_HOST: 'present', XDG_SESSION_TYPE: 'wayland', ENGRAM_SCREEN_STREAM: '0' }),
  before: () => {
    FakeNotification.supported = true;
  },
  after: () => {
    FakeNotification.supported = false;
  },
});

describe('capture-health notification (fake Electron)', { shuffle: false }, () => {
  it('Wayland with default settings: one notification says Engram is not recording and why', async () => {
    await acceptConsent();
    await windowAt('app://engram/index.html');
    const notice = await until(() => FakeNotification.shown.find((n) => n.options.title === WAYLAND_TITLE), `notification "${WAYLAND_TITLE}" (shown: ${FakeNotification.shown.map((n) => n.options.title).join(', ')})`, 45_000);
    expect(notice.options.body).toMatch(/Privacy/);
    expect(FakeNotification.shown.filter((n) => n.options.title === WAYLAND_TITLE)).toHaveLength(1);
  }, 60_000);

  it('clicking it brings the hidden window back on the Privacy screen', async () => {
    const main = await windowAt('app://engram/index.html');
    main.userClose();
    expect(main.visible).toBe(false);
    const before = main.webContents.sent.length;
    FakeNotification.shown.find((n) => n.options.title === WAYLAND_TITLE)!.emit('click');
    expect(main.visible).toBe(true);
    const navigations = main.webContents.sent.slice(before).filter((m) => m.channel === EVENT_CHANNEL && (m.args[0] as { name: string }).name === 'window.navigate');
    expect(navigations.map((m) => m.args[0])).toEqual([{ name: 'window.navigate', payload: { screen: 'privacy' } }]);
  });

  it('Quit still exits 0', async () => {
    electronModule.app.quit();
    expect(await exitCode()).toBe(0);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCREEN_RECORDING_DENIED, SCREEN_RECORDING_RESTRICTED, screenAccessStep } from '../../electron/desktop/policy/index.js';
import { fake } from '../fakes/fake-electron.js';

vi.mock('electron', async () => {
  const m = await import('../fakes/fake-electron.js');
  return { ...m.electronModule, default: m.electronModule };
});

const { DesktopCapturerScreenSource } = await import('../../electron/desktop/main/desktop-capturer-source.js');

afterEach(() => {
  fake.mediaAccess.screen = 'granted';
});

describe('macOS Screen Recording: ask once per process, then explain', () => {
  it('the decision: capture where granted or not macOS; one attempt while not granted; then refuse', () => {
    expect(screenAccessStep('linux', 'denied', true)).toEqual({ action: 'capture' });
    expect(screenAccessStep('win32', 'unknown', false)).toEqual({ action: 'capture' });
    expect(screenAccessStep('darwin', 'granted', true)).toEqual({ action: 'capture' });
    for (const status of ['denied', 'not-determined', 'unknown'] as const) {
      expect(screenAccessStep('darwin', status, false)).toEqual({ action: 'ask' });
      expect(screenAccessStep('darwin', status, true)).toEqual({ action: 'refuse', message: SCREEN_RECORDING_DENIED });
    }
    // A management profile: asking cannot help.
    expect(screenAccessStep('darwin', 'restricted', false)).toEqual({ action: 'refuse', message: SCREEN_RECORDING_RESTRICTED });
  });

  it("a first run on macOS ('denied' before any attempt): the access step, first of the tick, calls getSources once so macOS asks, then says where to grant it", async () => {
    fake.mediaAccess.screen = 'denied';
    const source = new DesktopCapturerScreenSource('darwin');
    const before = fake.captures;
    expect(await source.access()).toEqual({ granted: false, message: SCREEN_RECORDING_DENIED });
    expect(fake.captures - before).toBe(1);
    // Later ticks do not prompt again: no second getSources.
    expect(await source.access()).toEqual({ granted: false, message: expect.stringMatching(/System Settings → Privacy & Security → Screen Recording.*quit and reopen Engram/) });
    // A grab without the grant would be the wallpaper alone: refused without asking macOS.
    await expect(source.capture()).rejects.toThrow(SCREEN_RECORDING_DENIED);
    expect(fake.captures - before).toBe(1);
  });

  it('when the user allows in the prompt, access is granted and the first grab keeps its frames', async () => {
    fake.mediaAccess.screen = 'denied';
    const source = new DesktopCapturerScreenSource('darwin');
    const { desktopCapturer } = await import('electron');
    const real = desktopCapturer.getSources;
    const spy = vi.spyOn(desktopCapturer, 'getSources').mockImplementation(async (opts) => {
      fake.mediaAccess.screen = 'granted';
      return real(opts);
    });
    try {
      expect(await source.access()).toEqual({ granted: true });
      const shots = await source.capture();
      expect(shots).toHaveLength(1);
      expect(shots[0]!.image).toMatchObject({ format: 'raw', channels: 4 });
    } finally {
      spy.mockRestore();
    }
  });

  it('after a grant and a restart (a new process) capture simply works', async () => {
    fake.mediaAccess.screen = 'granted';
    const before = fake.captures;
    const shots = await new DesktopCapturerScreenSource('darwin').capture();
    expect(shots).toHaveLength(1);
    expect(fake.captures - before).toBe(1);
  });

  it('other platforms never consult the macOS status', async () => {
    fake.mediaAccess.screen = 'denied';
    expect(await new DesktopCapturerScreenSource('linux').capture()).toHaveLength(1);
    expect(await new DesktopCapturerScreenSource('win32').capture()).toHaveLength(1);
  });
});

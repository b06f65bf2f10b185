import { describe, expect, it } from 'vitest';
import { memoryRelaunchPlan, RELAUNCH_MARK, type RelaunchInput } from '../../electron/desktop/main/memory-relaunch.js';
import { electronJsFlags } from '../../electron/desktop/policy/index.js';

const menuStart: RelaunchInput = { platform: 'linux', isPackaged: true, env: { HOME: '/home/ana' }, argv: ['/opt/Engram/engram', '--js-flags=--max-semi-space-size=2'], execPath: '/opt/Engram/engram' };

describe("the packaged app's memory settings on Linux (issue 34)", () => {
  it('a menu start without them starts again once, with the malloc settings and a mark, keeping its arguments', () => {
    expect(memoryRelaunchPlan(menuStart)).toEqual({
      command: '/opt/Engram/engram',
      args: ['--js-flags=--max-semi-space-size=2'],
      env: { HOME: '/home/ana', MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '262144', [RELAUNCH_MARK]: '1' },
    });
  });

  it('adds the V8 flag where the start had none (a terminal, a file manager), and keeps one the user gave', () => {
    expect(memoryRelaunchPlan({ ...menuStart, argv: ['/opt/Engram/engram', '--hidden'] })?.args).toEqual([electronJsFlags(), '--hidden']);
    expect(memoryRelaunchPlan({ ...menuStart, argv: ['/opt/Engram/engram', '--js-flags=--max-old-space-size=4096'] })?.args).toEqual(['--js-flags=--max-old-space-size=4096']);
  });

  it('an AppImage starts its file again, not the mount point that goes away with the first process', () => {
    const plan = memoryRelaunchPlan({ ...menuStart, env: { APPIMAGE: '/home/ana/Apps/Engram.AppImage' }, argv: ['/tmp/.mount_Engr1x/engram', '--no-sandbox'], execPath: '/tmp/.mount_Engr1x/engram' });
    expect(plan).toMatchObject({ command: '/home/ana/Apps/Engram.AppImage', args: [electronJsFlags(), '--no-sandbox'] });
  });

  it('does not start again: once started again, with the settings given (the autostart entry, the user), turned off, in development, off Linux', () => {
    expect(memoryRelaunchPlan({ ...menuStart, env: { [RELAUNCH_MARK]: '1' } })).toBeNull();
    expect(memoryRelaunchPlan({ ...menuStart, env: { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '262144' } })).toBeNull();
    expect(memoryRelaunchPlan({ ...menuStart, env: { MALLOC_ARENA_MAX: '8' } })).toBeNull();
    expect(memoryRelaunchPlan({ ...menuStart, env: { ENGRAM_MALLOC_ARENAS: 'default' } })).toBeNull();
    expect(memoryRelaunchPlan({ ...menuStart, isPackaged: false })).toBeNull();
    expect(memoryRelaunchPlan({ ...menuStart, platform: 'darwin' })).toBeNull();
    expect(memoryRelaunchPlan({ ...menuStart, platform: 'win32' })).toBeNull();
  });
});

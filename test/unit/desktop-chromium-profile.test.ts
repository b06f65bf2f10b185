import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chromiumProfilePlan } from '../../electron/desktop/policy/index.js';

// Issue 29, item 11: Chromium's profile never lives inside Engram's data folder.
describe('chromiumProfilePlan', () => {
  it('macOS and Windows: the default profile is the data folder, so it moves beside it and brings Local State', () => {
    const mac = '/Users/ana/Library/Application Support';
    expect(chromiumProfilePlan({ appData: mac, defaultUserData: path.join(mac, 'Engram'), dataDir: path.join(mac, 'Engram') })).toEqual({
      dir: path.join(mac, 'Engram Chromium'),
      carry: { from: path.join(mac, 'Engram'), names: ['Local State'] },
    });
    const win = 'C:/Users/ana/AppData/Roaming';
    expect(chromiumProfilePlan({ appData: win, defaultUserData: path.join(win, 'Engram'), dataDir: path.join(win, 'Engram') }).dir).toBe(path.join(win, 'Engram Chromium'));
  });

  it('Linux: ~/.config/Engram beside ~/.local/share/engram stays as it is', () => {
    expect(chromiumProfilePlan({ appData: '/home/ana/.config', defaultUserData: '/home/ana/.config/Engram', dataDir: '/home/ana/.local/share/engram' })).toEqual({ dir: '/home/ana/.config/Engram', carry: null });
  });

  it('a data folder inside the profile, or the profile inside it, moves the profile out of it', () => {
    expect(chromiumProfilePlan({ appData: '/c', defaultUserData: '/c/Engram', dataDir: '/c/Engram/data' }).dir).toBe('/c/Engram Chromium');
    // ENGRAM_DATA_DIR is appData itself: the sibling of the data folder is used.
    expect(chromiumProfilePlan({ appData: '/c', defaultUserData: '/c/Engram', dataDir: '/c' }).dir).toBe('/c-chromium');
    // A name that only starts like the data folder is not inside it.
    expect(chromiumProfilePlan({ appData: '/c', defaultUserData: '/c/Engram2', dataDir: '/c/Engram' }).carry).toBeNull();
  });
});

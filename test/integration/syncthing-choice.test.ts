import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SyncKeyFile, type EngramStore } from '../../agents/store/index.js';
import { SyncControl } from '../../agents/sync/index.js';
import { createApi, type EngramApi, type SyncthingControl } from '../../electron/api/index.js';
import type { SyncthingInstanceStatus, SyncthingStartInput } from '../../shared/api/index.js';
import { openTempStore, removeTempStore } from '../helpers/temp-store.js';

/**
 * The user's choice of Engram's own Syncthing through the handler map (issue 33): started by hand it
 * is remembered, stopped by hand it is cleared, a quitting host's stop keeps it, and
 * syncthing.autostart starts it only while the choice is on AND sync is on, for the sync folder.
 * The instance itself is a recording stand-in here (the real one: serve-syncthing, settings-syncthing).
 */
describe('syncthing.autostart and the remembered choice', () => {
  let dir: string;
  let store: EngramStore;
  let api: EngramApi;
  let scratch: string;
  const started: SyncthingStartInput[] = [];
  let running = false;
  const status = (): SyncthingInstanceStatus => ({ binary: '/usr/bin/syncthing', version: null, running, device_id: null, gui: null, listen: null, folder: null, devices: [], reach: null, problem: null });
  const instance: SyncthingControl = {
    status: async () => status(),
    start: async (input) => {
      started.push(input);
      running = true;
      return status();
    },
    stop: async () => {
      running = false;
      return status();
    },
    addDevice: async () => status(),
  };
  beforeEach(async () => {
    ({ dir, store } = await openTempStore('engram-syncthing-choice-'));
    scratch = mkdtempSync(join(tmpdir(), 'engram-syncthing-choice-folder-'));
    started.length = 0;
    running = false;
    api = createApi({ store, host: 'headless', version: 'test', checkOutputs: true, syncthing: instance, syncKeys: new SyncKeyFile(dir, { ENGRAM_KEY_DIR: join(scratch, 'keys') }) });
  });
  afterEach(async () => {
    api.dispose();
    await removeTempStore(store, dir);
    rmSync(scratch, { recursive: true, force: true });
  });
  const call = async (name: string, input: unknown) => {
    const r = await api.dispatch(name, input);
    if (!r.ok) throw new Error(r.error.message);
    return r.output as { running: boolean; own_instance: boolean };
  };
  const syncOn = () => {
    const folder = join(scratch, 'folder');
    mkdirSync(folder);
    new SyncControl(store, new SyncKeyFile(dir, { ENGRAM_KEY_DIR: join(scratch, 'keys') })).init(folder);
    return folder;
  };

  it('a status read while the start is still under way already says it is our own instance; a failed start keeps the earlier choice', async () => {
    // The real instance runs before start() resolves (it waits for Syncthing's API): the window's
    // status poll lands in between, as fresh-clone CI showed under load.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slowStart = instance.start;
    instance.start = async (input) => {
      running = true;
      await gate;
      return slowStart(input);
    };
    try {
      const starting = call('syncthing.start', { folder: '/somewhere' });
      await expect.poll(() => running).toBe(true);
      expect(await call('syncthing.status', {})).toMatchObject({ running: true, own_instance: true });
      release();
      expect(await starting).toMatchObject({ running: true, own_instance: true });
      await call('syncthing.stop', {});
      instance.start = async () => {
        throw new Error('syncthing: the binary exited at once');
      };
      await expect(call('syncthing.start', { folder: '/somewhere' })).rejects.toThrow();
      expect(await call('syncthing.status', {})).toMatchObject({ own_instance: false });
    } finally {
      instance.start = slowStart;
    }
  });

  it('never chosen: autostart starts nothing, even with sync on', async () => {
    syncOn();
    expect(await call('syncthing.autostart', {})).toMatchObject({ running: false, own_instance: false });
    expect(started).toEqual([]);
  });

  it('chosen by a start; autostart waits for sync to be on, then starts it for the sync folder', async () => {
    expect(await call('syncthing.start', { folder: '/somewhere/else' })).toMatchObject({ running: true, own_instance: true });
    await call('syncthing.stop', { keep_choice: true });
    started.length = 0;
    expect(await call('syncthing.autostart', {})).toMatchObject({ running: false, own_instance: true });
    expect(started).toEqual([]);
    const folder = syncOn();
    expect(await call('syncthing.autostart', {})).toMatchObject({ running: true, own_instance: true });
    expect(started.map((s) => s.folder)).toEqual([folder]);
  });

  it('a quitting host keeps the choice; stopped by hand it is cleared and autostart starts nothing', async () => {
    const folder = syncOn();
    await call('syncthing.start', { folder });
    expect(await call('syncthing.stop', { keep_choice: true })).toMatchObject({ running: false, own_instance: true });
    expect(await call('syncthing.stop', {})).toMatchObject({ running: false, own_instance: false });
    started.length = 0;
    expect(await call('syncthing.autostart', {})).toMatchObject({ running: false, own_instance: false });
    expect(started).toEqual([]);
  });
});

import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { parsePairingCode } from '../../agents/sync/index.js';
import { electronModule, fake } from '../fakes/fake-electron.js';
import { acceptConsent, exitCode, runDesktopMain, windowAt } from '../helpers/desktop-main-run.js';

// Issue 33: the desktop app keeps the sync key as it keeps the master key, in the OS keychain
// (safeStorage wraps it beside the database), and in the key file outside the data folder only
// where there is no usable keychain. Run through the desktop composition root under the fake Electron.
vi.mock('electron', async () => {
  const m = await import('../fakes/fake-electron.js');
  return { ...m.electronModule, default: m.electronModule };
});

const { ipcMain } = electronModule;
const run = runDesktopMain('engram-sync-key-', {
  env: (r) => ({ ENGRAM_TRAY_HOST: 'present', ENGRAM_KEY_DIR: path.join(r.base, 'keys') }),
  before: (r) => mkdirSync(path.join(r.base, 'folder')),
});

type Answer = { ok: boolean; output?: unknown; error?: { code: string; message: string } };

// One run of the app, told step by step: keychain first, then the same app without a usable keychain.
describe('the sync key in the desktop app (fake Electron)', { shuffle: false }, () => {
  let call: (name: string, input?: unknown) => Promise<Answer>;
  const keysDir = () => path.join(run.base, 'keys');
  const syncKeyFiles = () => (existsSync(keysDir()) ? readdirSync(keysDir()).filter((f) => f.endsWith('.sync.key')) : []);
  const wrapped = () => path.join(run.dataDir, 'engram-sync-key.json');

  it('sync init keeps the key wrapped by the OS keychain, never in clear, and reads it back for the pairing code', async () => {
    await acceptConsent();
    const main = await windowAt('app://engram/index.html');
    call = (name, input = {}) => ipcMain.invoke('engram:invoke', main.webContents.mainFrame, { name, input }) as Promise<Answer>;
    const init = await call('sync.init', { folder: path.join(run.base, 'folder') });
    expect(init).toMatchObject({ ok: true, output: { status: { on: true, key_kept: 'OS keychain' } } });
    const code = (init.output as { code: string }).code;
    const key = parsePairingCode(code);
    expect(syncKeyFiles()).toEqual([]);
    const text = readFileSync(wrapped(), 'utf8');
    expect(JSON.parse(text)).toMatchObject({ method: 'safeStorage', backend: 'gnome_libsecret' });
    expect(text).not.toContain(key.toString('hex'));
    expect(text).not.toContain(key.toString('base64'));
    expect(statSync(wrapped()).mode & 0o777).toBe(0o600);
    expect(await call('sync.code')).toEqual({ ok: true, output: { code } });
    expect(await call('sync.status')).toMatchObject({ ok: true, output: { on: true, key_kept: 'OS keychain' } });
  });

  it('turning sync off removes the wrapped key', async () => {
    expect(await call('sync.off')).toMatchObject({ ok: true });
    expect(existsSync(wrapped())).toBe(false);
  });

  it('without a usable keychain (a basic_text backend) the key goes to the key file outside the data folder', async () => {
    fake.safeStorageBackend = 'basic_text';
    try {
      const init = await call('sync.init', { folder: path.join(run.base, 'folder') });
      expect(init).toMatchObject({ ok: true, output: { status: { key_kept: 'key file' } } });
      expect(existsSync(wrapped())).toBe(false);
      expect(syncKeyFiles()).toHaveLength(1);
      expect(await call('sync.code')).toEqual({ ok: true, output: { code: (init.output as { code: string }).code } });
      expect(await call('sync.off')).toMatchObject({ ok: true });
      expect(syncKeyFiles()).toEqual([]);
    } finally {
      fake.safeStorageBackend = 'gnome_libsecret';
    }
  });

  it('quits cleanly', async () => {
    electronModule.app.quit();
    expect(await exitCode()).toBe(0);
  });
});

import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { _electron as electron, type ElectronApplication, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_FILE_NAME, openStore, StaticKeyProvider } from '../../agents/store/index.js';
import { findElectronBinary } from '../../electron/desktop/policy/index.js';

/**
 * The desktop app end to end, driven by Playwright's Electron support. It runs wherever an
 * Electron binary is installed (a developer's machine); where none is (the build machines, which
 * cannot download it), the first test says why and the app test is reported as not run.
 */
const root = path.resolve(import.meta.dirname, '..', '..');
const binary = findElectronBinary(process.env, root);
const needsDisplay = process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY;
const canRun = binary.found && !needsDisplay;
const whyNot = !binary.found ? binary.reason : needsDisplay ? 'no DISPLAY (run through `npm test`, which starts Xvfb)' : '';
const APP_SUITE = 'launches the real app';

/** An Electron executable where the electron package keeps one, looked for without findElectronBinary. */
function electronOnDisk(): string | null {
  const dirs = [process.env.ELECTRON_OVERRIDE_DIST_PATH, path.join(root, 'node_modules', 'electron', 'dist')].filter((d): d is string => !!d);
  for (const d of dirs) for (const exe of ['electron', 'electron.exe', 'Electron.app/Contents/MacOS/Electron']) if (existsSync(path.join(d, exe))) return path.join(d, exe);
  return null;
}

describe('Electron desktop app', () => {
  let guardRan = false;
  it('knows whether it can launch Electron here, and says why not', () => {
    guardRan = true;
    const onDisk = electronOnDisk();
    if (binary.found || onDisk) {
      // A binary is here, so the app tests must run: not finding it, or having no display to run it
      // on, is a fault of this machine's setup, not a reason to skip.
      expect(binary.found, `an Electron binary is at ${onDisk} but findElectronBinary says: ${binary.found ? '' : binary.reason}`).toBe(true);
      expect(needsDisplay, 'an Electron binary is present but there is no display (npm test starts Xvfb)').toBe(false);
      expect(binary.found && existsSync(binary.path)).toBe(true);
      console.info(`[electron-app e2e] running against ${binary.found ? binary.path : ''}`);
    } else {
      expect(canRun).toBe(false);
      expect(whyNot.length).toBeGreaterThan(10);
      console.warn(`[electron-app e2e] app test not run: ${whyNot}`);
    }
  });

  // Where the app can run, every one of its tests ran (none skipped, none left out): a green run
  // with a binary present means the real app was driven.
  // vitest passes the suite second, after the fixtures object.
  afterAll(({}, suite) => {
    if (!guardRan || !canRun) return;
    type Task = { type: string; name: string; tasks?: Task[]; result?: { state?: string } };
    const app = (suite as unknown as Task).tasks?.find((t) => t.type === 'suite' && t.name.startsWith(APP_SUITE));
    const tests: { name: string; state: string }[] = [];
    const walk = (t: Task) => {
      if (t.type === 'test') tests.push({ name: t.name, state: t.result?.state ?? 'not run' });
      for (const c of t.tasks ?? []) walk(c);
    };
    if (app) walk(app);
    expect(tests.length, 'the real-app tests were not collected').toBeGreaterThan(0);
    expect(tests.filter((t) => t.state !== 'pass' && t.state !== 'fail').map((t) => `${t.name}: ${t.state}`)).toEqual([]);
  });

  describe.runIf(canRun)(`${APP_SUITE}${canRun ? '' : ` (not run: ${whyNot})`}`, () => {
    let app: ElectronApplication;
    let home: string;
    let dataDir: string;
    const key = randomBytes(32);

    beforeAll(async () => {
      // The app needs the compiled main process, the renderer bundle and the preload bundles.
      if (!existsSync(path.join(root, 'dist/electron/desktop/main/main.js')) || !existsSync(path.join(root, 'dist/renderer/index.html'))) {
        const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
        expect(build.status).toBe(0);
      }
      const preload = spawnSync(process.execPath, [path.join(root, 'scripts/build-preload.mjs'), '--quiet'], { cwd: root, stdio: 'inherit' });
      expect(preload.status).toBe(0);

      home = mkdtempSync(path.join(os.tmpdir(), 'engram-e2e-home-'));
      dataDir = path.join(home, 'data');
      app = await launch();
    }, 300_000);

    /** The app on this test's home and data folder (a second launch finds consent given and the same key). */
    async function launch(): Promise<ElectronApplication> {
      const env: Record<string, string> = {};
      for (const [k, v] of Object.entries(process.env)) if (v !== undefined && k !== 'ELECTRON_RUN_AS_NODE') env[k] = v;
      Object.assign(env, {
        HOME: home,
        XDG_CONFIG_HOME: path.join(home, '.config'),
        XDG_DATA_HOME: path.join(home, '.local/share'),
        ENGRAM_DATA_DIR: dataDir,
        // A given key: CI desktops have no keychain, and the passphrase page is tested under Node.
        ENGRAM_KEY: key.toString('hex'),
        ENGRAM_EMBEDDER: 'none',
      });
      const sandboxArgs = process.platform === 'linux' && process.getuid?.() === 0 ? ['--no-sandbox'] : [];
      // Chromium's fake microphone (a beep) and no permission UI: audio capture runs without a device.
      const mediaArgs = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];
      return electron.launch({ executablePath: binary.found ? binary.path : '', args: [...sandboxArgs, ...mediaArgs, root], cwd: root, env, timeout: 60_000 });
    }

    afterAll(async () => {
      await app?.close().catch(() => undefined);
      if (home) rmSync(home, { recursive: true, force: true });
    });

    async function windowAt(suffix: string): Promise<Page> {
      for (let i = 0; i < 200; i++) {
        const page = app.windows().find((w) => w.url().includes(suffix));
        if (page) return page;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no window at ${suffix}; open: ${app.windows().map((w) => w.url()).join(', ')}`);
    }

    it('first run shows the consent page, which only has engramPage', async () => {
      const consent = await windowAt('/__pages/consent.html');
      await consent.waitForSelector('#accept');
      expect(await consent.title()).toBe('Welcome to Engram');
      await expect.poll(() => consent.textContent('#data-dir')).toBe(dataDir);
      expect(await consent.evaluate(() => [typeof (window as unknown as { engramPage?: unknown }).engramPage, typeof (window as unknown as { engram?: unknown }).engram, typeof (globalThis as { require?: unknown }).require, typeof (globalThis as { process?: unknown }).process])).toEqual(['object', 'undefined', 'undefined', 'undefined']);
      // With the microphone: the last-segment check below needs the recorder running.
      await consent.check('#audio');
      await consent.click('#accept');
    });

    it('then opens the main window on app:// with only window.engram {invoke, on}', async () => {
      const main = await windowAt('app://engram/index.html');
      await main.waitForLoadState('domcontentloaded');
      const surface = await main.evaluate(() => {
        const w = window as unknown as { engram?: Record<string, unknown> };
        return { keys: Object.keys(w.engram ?? {}).sort(), require: typeof (globalThis as { require?: unknown }).require, process: typeof (globalThis as { process?: unknown }).process, protocol: location.protocol };
      });
      expect(surface).toEqual({ keys: ['invoke', 'on'], require: 'undefined', process: 'undefined', protocol: 'app:' });
    });

    it('answers calls through the contract with typed errors for bad input', async () => {
      const main = await windowAt('app://engram/index.html');
      const results = await main.evaluate(async () => {
        const engram = (window as unknown as { engram: { invoke(name: string, input: unknown): Promise<unknown> } }).engram;
        return {
          info: await engram.invoke('app.info', {}),
          bad: await engram.invoke('capture.pause', { minutes: 'soon' }),
          unknown: await engram.invoke('fs.readFile', { path: '/etc/passwd' }),
        };
      });
      expect(results.info).toMatchObject({ ok: true, output: { host: 'electron' } });
      expect(results.bad).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
      expect(results.unknown).toMatchObject({ ok: false, error: { code: 'UNKNOWN_REQUEST' } });
    });

    it('serves a strict CSP: inline script does not run, navigation and window.open are refused', async () => {
      const main = await windowAt('app://engram/index.html');
      const csp = await main.evaluate(async () => (await fetch(location.href)).headers.get('content-security-policy'));
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("script-src 'self'");
      const inline = await main.evaluate(async () => {
        const s = document.createElement('script');
        s.textContent = 'window.__inlineRan = true';
        document.head.appendChild(s);
        await new Promise((r) => setTimeout(r, 50));
        return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
      });
      expect(inline).toBe(false);
      expect(await main.evaluate(() => window.open('https://example.com/') === null)).toBe(true);
      await main.evaluate(() => {
        location.href = 'file:///etc/passwd';
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(main.url()).toContain('app://engram/');
    });

    it('sets the security flags and content protection on the main window', async () => {
      const flags = await app.evaluate(({ BrowserWindow }) => {
        const win = BrowserWindow.getAllWindows().find((w) => w.webContents.getURL().startsWith('app://engram/index.html'));
        return win ? { protected: win.isContentProtected(), devtools: win.webContents.isDevToolsOpened() } : null;
      });
      expect(flags).toEqual({ protected: true, devtools: false });
    });

    it('refuses calls from a window that is not the main window (sender frame check)', async () => {
      const res = await app.evaluate(async ({ BrowserWindow }, preload) => {
        const intruder = new BrowserWindow({ show: false, webPreferences: { preload, sandbox: true, contextIsolation: true } });
        await intruder.loadURL('app://engram/index.html');
        const out = await intruder.webContents.executeJavaScript("window.engram.invoke('app.info', {})");
        intruder.destroy();
        return out as unknown;
      }, path.join(root, 'dist/electron/desktop/preload/engram.cjs'));
      expect(res).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    });

    it('closing the window keeps Engram running in the tray', async () => {
      const state = await app.evaluate(async ({ BrowserWindow }) => {
        const win = BrowserWindow.getAllWindows().find((w) => w.webContents.getURL().startsWith('app://engram/index.html'))!;
        win.close();
        await new Promise((r) => setTimeout(r, 300));
        return { destroyed: win.isDestroyed(), visible: !win.isDestroyed() && win.isVisible() };
      });
      expect(state).toEqual({ destroyed: false, visible: false });
    });

    async function invoke(name: string, input: unknown = {}): Promise<{ ok: boolean; output?: Record<string, unknown> }> {
      const main = await windowAt('app://engram/index.html');
      return main.evaluate(([n, i]) => (window as unknown as { engram: { invoke(name: string, input: unknown): Promise<never> } }).engram.invoke(n as string, i), [name, input] as const);
    }

    /**
     * What the tray shows: Electron has no getter for a tray's tooltip or menu, so the real Tray's
     * setters are wrapped (in the main process) and the last of each kept. TrayController redraws
     * only what changed, so a change is made (pause, then resume through the contract) to draw both.
     */
    async function watchTray(): Promise<void> {
      await app.evaluate(({ Tray }) => {
        const g = globalThis as { __tray?: { tooltip: string; menu: Electron.Menu | null } };
        if (g.__tray) return;
        const seen = { tooltip: '', menu: null as Electron.Menu | null };
        g.__tray = seen;
        const setToolTip = Tray.prototype.setToolTip;
        Tray.prototype.setToolTip = function (this: Electron.Tray, tip: string) {
          seen.tooltip = tip;
          return setToolTip.call(this, tip);
        };
        const setContextMenu = Tray.prototype.setContextMenu;
        Tray.prototype.setContextMenu = function (this: Electron.Tray, menu: Electron.Menu | null) {
          seen.menu = menu;
          return setContextMenu.call(this, menu);
        };
      });
      await invoke('capture.pause', { minutes: 1 });
      await invoke('capture.resume');
    }

    const trayTooltip = () => app.evaluate(() => (globalThis as { __tray?: { tooltip: string } }).__tray?.tooltip ?? '');

    /** Clicks the tray menu's item `id` as a user would (the real MenuItem's click). */
    async function clickTray(id: string): Promise<void> {
      const clicked = await app.evaluate((_e, itemId) => {
        const item = (globalThis as { __tray?: { menu: Electron.Menu | null } }).__tray?.menu?.getMenuItemById(itemId);
        if (!item?.enabled) return false;
        item.click();
        return true;
      }, id);
      expect(clicked, `tray menu item ${id} is there and enabled`).toBe(true);
    }

    async function mainWindowVisible(): Promise<boolean> {
      return app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().some((w) => w.webContents.getURL().startsWith('app://engram/index.html') && w.isVisible()));
    }

    it('capture health, paused: "Pause for 15 minutes" in the tray menu shows "Paused until …" in the tray and the window, and Resume undoes it', async () => {
      await watchTray();
      const main = await windowAt('app://engram/index.html');
      await clickTray('pause-15');
      await expect.poll(trayTooltip, { timeout: 10_000 }).toMatch(/^Paused until \d{1,2}:\d{2}.* — /);
      expect((await invoke('capture.status')).output).toMatchObject({ state: 'paused', paused_until: expect.any(String) });
      await expect.poll(() => main.textContent('[data-testid="capture-title"]'), { timeout: 10_000 }).toMatch(/^Paused until /);
      await clickTray('resume');
      await expect.poll(trayTooltip, { timeout: 10_000 }).not.toMatch(/^Paused/);
      expect((await invoke('capture.status')).output?.state).not.toBe('paused');
      await expect.poll(() => main.textContent('[data-testid="capture-title"]'), { timeout: 10_000 }).not.toMatch(/^Paused/);
    }, 60_000);

    it('capture health, not recording: capture off in Settings says why in the tray and the window, the recorder stops, and Open Settings opens the Settings screen', async () => {
      await watchTray();
      const main = await windowAt('app://engram/index.html');
      expect((await invoke('settings.update', { patch: { capture: { enabled: false } } })).ok).toBe(true);
      await expect.poll(trayTooltip, { timeout: 10_000 }).toBe('Not recording — capture is off in Settings');
      expect((await invoke('capture.status')).output?.blocked).toMatchObject({ reason: 'disabled' });
      await expect.poll(() => main.textContent('[data-testid="capture-title"]'), { timeout: 10_000 }).toBe('Not recording — capture is off in Settings');
      // The microphone follows capture: off means off, with no restart.
      await expect.poll(() => app.windows().some((w) => w.url().includes('/__pages/recorder.html')), { timeout: 10_000 }).toBe(false);
      // The window is hidden (closed to the tray above); the tray's button brings it back on that screen.
      await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().find((w) => w.webContents.getURL().startsWith('app://engram/index.html'))?.hide());
      await clickTray('open-settings');
      await expect.poll(mainWindowVisible, { timeout: 10_000 }).toBe(true);
      await expect.poll(() => main.evaluate(() => location.hash), { timeout: 10_000 }).toBe('#/settings');
      expect((await invoke('settings.update', { patch: { capture: { enabled: true } } })).ok).toBe(true);
      await expect.poll(trayTooltip, { timeout: 10_000 }).not.toMatch(/^Not recording — capture is off/);
      await expect.poll(() => main.textContent('[data-testid="capture-title"]'), { timeout: 10_000 }).not.toMatch(/capture is off/);
    }, 60_000);

    it('"Record audio" switched off in Settings stops the recorder at once, and switched on starts it again (no restart)', async () => {
      // Wherever capture records here (the recorder runs only while it does), audio is on from consent.
      await windowAt('/__pages/recorder.html');
      await expect.poll(async () => (await invoke('capture.status')).output?.audio, { timeout: 20_000 }).toBe(true);
      expect((await invoke('settings.update', { patch: { capture: { audio: { enabled: false } } } })).ok).toBe(true);
      await expect.poll(() => app.windows().some((w) => w.url().includes('/__pages/recorder.html')), { timeout: 10_000 }).toBe(false);
      await expect.poll(async () => (await invoke('capture.status')).output?.audio, { timeout: 10_000 }).toBe(false);
      expect((await invoke('settings.update', { patch: { capture: { audio: { enabled: true } } } })).ok).toBe(true);
      // The permission is asked at each request, so the new recorder gets the microphone now.
      await windowAt('/__pages/recorder.html');
      await expect.poll(async () => (await invoke('capture.status')).output?.audio, { timeout: 20_000 }).toBe(true);
    }, 60_000);

    it.runIf(process.platform === 'darwin')('macOS: without Screen Recording, capture asked once (getSources) and then explains instead of asking every tick', async () => {
      const access = await app.evaluate(({ systemPreferences }) => systemPreferences.getMediaAccessStatus('screen'));
      if (access === 'granted') {
        await expect.poll(async () => (await invoke('capture.status')).output?.frames_kept, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
        return;
      }
      await expect.poll(async () => (await invoke('capture.status')).output?.message, { timeout: 30_000 }).toMatch(/System Settings → Privacy & Security → Screen Recording/);
      // Count getSources from now on: with the one attempt spent, ticks (every 3 s) must not call it again.
      await app.evaluate(({ desktopCapturer }) => {
        const g = globalThis as { __getSourcesCalls?: number };
        g.__getSourcesCalls = 0;
        const real = desktopCapturer.getSources.bind(desktopCapturer);
        desktopCapturer.getSources = (opts) => {
          g.__getSourcesCalls! += 1;
          return real(opts);
        };
      });
      await new Promise((r) => setTimeout(r, 10_000));
      expect(await app.evaluate(() => (globalThis as { __getSourcesCalls?: number }).__getSourcesCalls)).toBe(0);
    }, 60_000);

    it('the segment being recorded when the microphone stops (screen locked) is kept', async () => {
      await windowAt('/__pages/recorder.html');
      await expect.poll(async () => (await invoke('capture.status')).output?.audio, { timeout: 20_000 }).toBe(true);
      // A few seconds of the fake microphone, less than one 10 s segment: all of it is "the last segment".
      await new Promise((r) => setTimeout(r, 4_000));
      await app.evaluate(({ powerMonitor }) => {
        powerMonitor.emit('lock-screen');
      });
      // The recorder window closes only after it has handed over its last segment (or after 2 s).
      await expect.poll(() => app.windows().some((w) => w.url().includes('/__pages/recorder.html')), { timeout: 10_000 }).toBe(false);
      await app.evaluate(({ powerMonitor }) => {
        powerMonitor.emit('unlock-screen');
      });
      // Counted in the store after the clean exit below.
    }, 60_000);

    it('logoff/shutdown (session-end on Windows, powerMonitor shutdown elsewhere) closes the store and exits 0', async () => {
      const exited = new Promise<number | null>((resolve) => app.process().once('exit', (code) => resolve(code)));
      await app.evaluate(({ BrowserWindow, powerMonitor }) => {
        const event = { reasons: ['logoff'], preventDefault() {} };
        if (process.platform === 'win32') {
          const win = BrowserWindow.getAllWindows().find((w) => w.webContents.getURL().startsWith('app://engram/index.html'))!;
          win.emit('query-session-end', event);
          win.emit('session-end', event);
        } else {
          powerMonitor.emit('shutdown', event);
        }
      });
      expect(await exited).toBe(0);
      expect(existsSync(path.join(dataDir, `${DB_FILE_NAME}-wal`))).toBe(false);
      const store = await openStore({ dataDir, keyProvider: new StaticKeyProvider(key), embedder: null });
      try {
        // The lock-screen check above: its only (last) segment reached the store.
        expect(store.audio.count()).toBeGreaterThanOrEqual(1);
      } finally {
        await store.close();
      }
    }, 60_000);

    it('Quit while audio records keeps the last segment: before-quit holds the quit until the bounded shutdown has stored it, then exits 0', async () => {
      const before = await (async () => {
        const store = await openStore({ dataDir, keyProvider: new StaticKeyProvider(key), embedder: null });
        try {
          return store.audio.count();
        } finally {
          await store.close();
        }
      })();
      // A second run of the app: consent is given and audio on, so the main window and the recorder come up.
      app = await launch();
      await windowAt('app://engram/index.html');
      await windowAt('/__pages/recorder.html');
      await expect.poll(async () => (await invoke('capture.status')).output?.audio, { timeout: 30_000 }).toBe(true);
      // Less than one 10 s segment: everything recorded is still in the recorder window when Quit comes.
      await new Promise((r) => setTimeout(r, 4_000));
      const exited = new Promise<number | null>((resolve) => app.process().once('exit', (code) => resolve(code)));
      // What the tray's "Quit Engram" does (app.quit), without a way to click a real tray here.
      await app.evaluate(({ app: electronApp }) => {
        electronApp.quit();
      });
      expect(await exited).toBe(0);
      const store = await openStore({ dataDir, keyProvider: new StaticKeyProvider(key), embedder: null });
      try {
        expect(store.audio.count()).toBeGreaterThan(before);
      } finally {
        await store.close();
      }
    }, 120_000);
  });
});

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { CONSENT_FILE, EVENT_CHANNEL, INVOKE_CHANNEL, BUILTIN_PAGE_CHANNEL, WRAPPED_KEY_FILE } from '../../electron/desktop/policy/index.js';
import { electronModule, fake, FakeBrowserWindow, requestDisplayMedia } from '../fakes/fake-electron.js';
import { exitCode, reopenStore, runDesktopMain, until, windowAt } from '../helpers/desktop-main-run.js';
import { keyFileOf } from '../helpers/key-file.js';

// The composition root (electron/desktop/main/main.ts) run under Node with a fake 'electron': start-up
// order, consent, key adoption and wrapping, IPC checks, tray states, power pauses, shutdown.
vi.mock('electron', async () => {
  const m = await import('../fakes/fake-electron.js');
  return { ...m.electronModule, default: m.electronModule };
});

const { ipcMain, powerMonitor } = electronModule;
const tray = () => until(() => (electronModule.Tray as unknown as { last: { tooltip: string; menu: Array<{ id?: string; click?: () => void }> } | null }).last, 'tray');
function click(id: string, menu: Array<{ id?: string; click?: () => void }>) {
  const item = menu.find((i) => i.id === id);
  if (!item?.click) throw new Error(`no menu item ${id}`);
  item.click();
}

const run = runDesktopMain('engram-main-', {
  seeded: true,
  // A data dir the CLI made first: its key file is adopted, then wrapped by the keychain.
  before: ({ dataDir, key }) => writeFileSync(path.join(dataDir, 'engram.key'), key.toString('hex') + '\n', { mode: 0o600 }),
  // A desktop with a tray (the close-to-tray step); the test machine's own bus must not decide it.
  env: () => ({ ENGRAM_KEY: undefined, ENGRAM_TRAY_HOST: 'present' }),
});

// One run of the app per file: main.ts starts it once, when imported, and each test is the next
// step of that run (consent before the main window, Quit last). The order is declared here, so
// npm test's shuffle keeps it; the files still run in any order among the others.
describe('desktop app composition root (fake Electron)', { shuffle: false }, () => {
  it('registers app:// as a privileged scheme and serves it with the CSP, refusing traversal', async () => {
    expect(fake.privileged).toEqual([{ scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) }]);
    const handler = await until(() => fake.protocolHandler, 'protocol handler');
    const ok = await handler({ url: 'app://engram/__pages/consent.html', method: 'GET' });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect((await handler({ url: 'app://engram/..%2f..%2fpackage.json', method: 'GET' })).status).toBe(403);
    expect((await handler({ url: 'app://engram/index.html', method: 'POST' })).status).toBe(405);
  });

  it('asks for consent first, in a hardened window, answering only that window', async () => {
    const consent = await windowAt('/__pages/consent.html');
    expect(consent.options.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true });
    expect(consent.contentProtected).toBe(true);
    expect(FakeBrowserWindow.all.some((w) => w.webContents.mainFrame.url.endsWith('/index.html'))).toBe(false);
    const info = await ipcMain.invoke(BUILTIN_PAGE_CHANNEL, consent.webContents.mainFrame, { action: 'consent.info' });
    expect(info).toEqual({ ok: true, output: expect.objectContaining({ data_dir: run.dataDir }) });
    const foreign = { ...consent.webContents.mainFrame, processId: 9999 };
    expect(await ipcMain.invoke(BUILTIN_PAGE_CHANNEL, foreign, { action: 'consent.info' })).toEqual({ ok: false, error: 'This window may not call Engram.' });
    expect(await ipcMain.invoke(BUILTIN_PAGE_CHANNEL, consent.webContents.mainFrame, { action: 'passphrase.submit', input: { passphrase: 'x' } })).toMatchObject({ ok: false });
    expect(await ipcMain.invoke(BUILTIN_PAGE_CHANNEL, consent.webContents.mainFrame, { action: 'consent.accept', input: { audio: false, start_at_login: false } })).toEqual({ ok: true, output: null });
    expect(consent.destroyed).toBe(true);
  });

  it('records consent, adopts the existing key and keeps it only keychain-wrapped in its own file', async () => {
    // The window opens before the key; its first call is answered once the engine runs, the key adopted by then.
    const main = await windowAt('app://engram/index.html');
    expect(await ipcMain.invoke(INVOKE_CHANNEL, main.webContents.mainFrame, { name: 'app.info', input: {} })).toMatchObject({ ok: true });
    expect(JSON.parse(readFileSync(path.join(run.dataDir, CONSENT_FILE), 'utf8'))).toMatchObject({ version: 1, audio: false, start_at_login: false });
    const wrapped = readFileSync(path.join(run.dataDir, WRAPPED_KEY_FILE), 'utf8');
    expect(JSON.parse(wrapped)).toMatchObject({ method: 'safeStorage', backend: 'gnome_libsecret' });
    expect(wrapped).not.toContain(run.key.toString('hex'));
    expect(wrapped).not.toContain(run.key.toString('base64'));
  });

  it('opens the main window hardened, content-protected, on app://', async () => {
    const main = await windowAt('app://engram/index.html');
    expect(main.options.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, preload: expect.stringMatching(/engram\.cjs$/) });
    expect(main.contentProtected).toBe(true);
    await until(() => main.visible, 'main window shown');
  });

  it('answers the main frame through the contract; refuses other frames and bad input with typed errors', async () => {
    const main = await windowAt('app://engram/index.html');
    const frame = main.webContents.mainFrame;
    expect(await ipcMain.invoke(INVOKE_CHANNEL, frame, { name: 'app.info', input: {} })).toMatchObject({ ok: true, output: { host: 'electron', data_dir: run.dataDir } });
    expect(await ipcMain.invoke(INVOKE_CHANNEL, frame, { name: 'capture.pause', input: { minutes: 'soon' } })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(await ipcMain.invoke(INVOKE_CHANNEL, frame, { name: 'shell.exec', input: {} })).toMatchObject({ ok: false, error: { code: 'UNKNOWN_REQUEST' } });
    const consentFrame = FakeBrowserWindow.all.find((w) => w.webContents.mainFrame.url.includes('consent'))!.webContents.mainFrame;
    expect(await ipcMain.invoke(INVOKE_CHANNEL, consentFrame, { name: 'app.info', input: {} })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    // Consolidation runs through the brain the app composed.
    expect(await ipcMain.invoke(INVOKE_CHANNEL, frame, { name: 'consolidation.run', input: {} })).toMatchObject({ ok: true, output: { started: true } });
    expect(await ipcMain.invoke(INVOKE_CHANNEL, frame, { name: 'export.run', input: { format: 'json' } })).toMatchObject({ ok: true, output: { started: true } });
    const sub = { ...frame, routingId: 2, parent: frame };
    expect(await ipcMain.invoke(INVOKE_CHANNEL, sub, { name: 'app.info', input: {} })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
  });

  it('captures through desktopCapturer and says so in the tray', async () => {
    const t = await tray();
    await until(() => /^Capturing — 1 frame today$/.test(t.tooltip), `tooltip "Capturing — 1 frame today" (now "${t.tooltip}")`);
    expect(fake.captures).toBeGreaterThanOrEqual(1);
  });

  it('pauses and resumes from the tray menu, pushing the status to the window', async () => {
    const t = await tray();
    const main = await windowAt('app://engram/index.html');
    // The tray asks through the handler map (capture.pause, capture.status): its tooltip follows the answer.
    const tooltip = (want: RegExp | string) => until(() => (typeof want === 'string' ? t.tooltip === want : want.test(t.tooltip)), `tooltip ${String(want)} (now "${t.tooltip}")`);
    click('pause-15', t.menu);
    await tooltip(/^Paused until \d{1,2}:\d{2}.* — 1 frame today$/);
    await until(() => main.webContents.sent.some((m) => m.channel === EVENT_CHANNEL && (m.args[0] as { name: string }).name === 'capture.status'), 'capture.status pushed');
    click('resume', t.menu);
    await tooltip('Capturing — 1 frame today');
    click('pause-indefinite', t.menu);
    await tooltip('Paused until you resume — 1 frame today');
    click('resume', t.menu);
    await tooltip('Capturing — 1 frame today');
  });

  it('pauses while the screen is locked or the computer sleeps', async () => {
    const t = await tray();
    const tooltip = (want: string) => until(() => t.tooltip === want, `tooltip "${want}" (now "${t.tooltip}")`);
    powerMonitor.emit('lock-screen');
    await tooltip('Paused (screen locked) — 1 frame today');
    powerMonitor.emit('unlock-screen');
    await tooltip('Capturing — 1 frame today');
    powerMonitor.emit('suspend');
    await tooltip('Paused (computer asleep) — 1 frame today');
    powerMonitor.emit('resume');
    await tooltip('Capturing — 1 frame today');
  });

  it('keeps the spellchecker off (no dictionary downloads) and denies getDisplayMedia without throwing', () => {
    expect(fake.spellCheckerEnabled).toBe(false);
    for (const w of FakeBrowserWindow.all) expect(w.options.webPreferences).toMatchObject({ spellcheck: false });
    // callback({}) would throw in Electron ("Video was requested, but no video stream was provided").
    expect(requestDisplayMedia({ videoRequested: true, audioRequested: false })).toBe('denied');
    expect(requestDisplayMedia({ videoRequested: true, audioRequested: true })).toBe('denied');
  });

  it('allows no permission while audio is off', () => {
    const answers: boolean[] = [];
    fake.permissionRequest!(null, 'media', (ok) => answers.push(ok), { mediaTypes: ['audio'], requestingUrl: 'app://engram/__pages/recorder.html', isMainFrame: true });
    fake.permissionRequest!(null, 'geolocation', (ok) => answers.push(ok), { requestingUrl: 'app://engram/index.html', isMainFrame: true });
    expect(answers).toEqual([false, false]);
  });

  it('closing the window keeps Engram in the tray; Open brings it back', async () => {
    const main = await windowAt('app://engram/index.html');
    main.userClose();
    expect(main.destroyed).toBe(false);
    expect(main.visible).toBe(false);
    click('open', (await tray()).menu);
    expect(main.visible).toBe(true);
  });

  it("capture off in Settings: the tray's Open Settings brings the window to the Settings screen (issue 29)", async () => {
    const main = await windowAt('app://engram/index.html');
    const frame = main.webContents.mainFrame;
    expect(await ipcMain.invoke(INVOKE_CHANNEL, frame, { name: 'settings.update', input: { patch: { capture: { enabled: false } } } })).toMatchObject({ ok: true });
    const t = await tray();
    await until(() => t.tooltip === 'Not recording — capture is off in Settings', `tooltip (now "${t.tooltip}")`);
    main.userClose();
    const before = main.webContents.sent.length;
    click('open-settings', t.menu);
    expect(main.visible).toBe(true);
    const navigations = main.webContents.sent.slice(before).filter((m) => m.channel === EVENT_CHANNEL && (m.args[0] as { name: string }).name === 'window.navigate');
    expect(navigations.map((m) => m.args[0])).toEqual([{ name: 'window.navigate', payload: { screen: 'settings' } }]);
    expect(await ipcMain.invoke(INVOKE_CHANNEL, frame, { name: 'settings.update', input: { patch: { capture: { enabled: true } } } })).toMatchObject({ ok: true });
    await until(() => t.tooltip.startsWith('Capturing'), `tooltip (now "${t.tooltip}")`);
  });

  it('Quit closes capture and the store, then exits 0', async () => {
    click('quit', (await tray()).menu);
    expect(await exitCode()).toBe(0);
    expect(fake.errorBoxes).toEqual([]);
    // The store was closed cleanly: it opens again with the same key.
    await reopenStore(run, (again) => expect(again.frames.list({ limit: 10 }).length).toBe(1));
    // The CLI's key moved out of the data folder when the app adopted it, and the CLI still finds it.
    expect(existsSync(keyFileOf(run.dataDir))).toBe(true);
    expect(existsSync(path.join(run.dataDir, 'engram.key'))).toBe(false);
  });
});

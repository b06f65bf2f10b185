/**
 * The desktop app's composition root: the only place that wires Electron to Engram. Every decision
 * lives in electron/desktop/policy (tested under Node); this file orders the start-up and owns the
 * singletons: single-instance lock → app:// → tray → consent → window and IPC → key → store → core.
 * The window opens, and its IPC channel answers, as soon as consent is on record: a call made while
 * the key, the store and the engine are on their way waits for the engine (shared/api late-dispatch.ts).
 */
import { app, dialog, powerMonitor, safeStorage, type BrowserWindow } from 'electron';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
// The engine and what feeds it load after the window exists (see engineParts); until then only
// the locator (where the data folder is) and the types.
import { engramPlaces } from '../../locate/index.js';
import type { OpenedStore } from '../../engine/index.js';
import { redactText } from '../../../shared/redaction/index.js';
import { captureHealthOf, lateDispatch, type HealthAction, type RequestName, type WindowScreen } from '../../../shared/api/index.js';
import { CrashJournal } from '../../crash/index.js';
import {
  APP_ID,
  audioTaken,
  chromiumProfilePlan,
  cliKeyOf,
  closeBehaviour,
  HIDDEN_NOTICE_BODY,
  HIDDEN_NOTICE_TITLE,
  startHiddenWith,
  type TrayHost,
  consentRecord,
  crashNotice,
  consentState,
  HealthNotices,
  healthActionPlan,
  mainWindowUrl,
  navigationStep,
  KeyWrapError,
  PowerIdleSource,
  QuitSequence,
  readConsent,
  removeLegacyProfile,
  SafeStorageKeyProvider,
  SafeStorageSyncKey,
  screenPermissionHint,
  SCREEN_STREAM_NOTICE,
  usesScreenStream,
  startedHidden,
  startupTrayModel,
  sandboxStatus,
  windowToShow,
  useElectronSqliteBinding,
  writeConsent,
  type ConsentRecord,
  type Problem,
  type TrayAction,
} from '../policy/index.js';
import type { Core } from './core.js';
import type { ScreenStreamSource } from './screen-stream-source.js';
import { createEventSender, registerInvokeChannel } from './ipc.js';
import { applyStartAtLogin, startAtLoginTruth, wasOpenedAtLogin } from './login-item.js';
import type { MicrophoneCapture } from './microphone.js';
import { Notifier } from './notifier.js';
import { appPaths } from './paths.js';
import { registerAppScheme, serveAppProtocol } from './protocol.js';
import { installGlobalHardening, installPermissionPolicy, openLocalPath, openSystemSettings } from './security.js';
import { BuiltinPages } from './builtin-pages.js';
import { TrayController } from './tray.js';
import { probeTrayHost } from './tray-host.js';
import { createMainWindow, createRecorderWindow, createBuiltinPageWindow, createScreenStreamWindow, showWindow } from './windows.js';

const isDev = !app.isPackaged;
const log = (line: string) => {
  // Lines only: never payloads, keys or screen text.
  process.stderr.write(`[engram] ${line}\n`);
};

let mainWindow: BrowserWindow | null = null;
let tray: TrayController | null = null;
let core: Core | null = null;
let store: OpenedStore | null = null;
let microphone: MicrophoneCapture | null = null;
let power: PowerIdleSource | null = null;
let notifier: Notifier | null = null;
/** Linux: whether the desktop shows tray icons at all (policy/tray-host.ts). */
let trayHost: TrayHost = 'unknown';
/** The consent and passphrase pages, while start-up waits on one of them. */
let pages: BuiltinPages | null = null;
/** Wayland only: the one desktop stream capture reads from (see policy/screen-stream.ts). */
let screenStream: ScreenStreamSource | null = null;
let lastProblem: Problem | null = null;
const healthNotices = new HealthNotices();
/** The window's calls, answered by the engine once it has started (until then they wait). */
const engine = lateDispatch<RequestName>();
/** Contract events to the main window's page (read at each send, so a new window gets them too). */
const sendEvent = createEventSender(() => mainWindow);
let shuttingDown: Promise<void> | null = null;
/** Quit and the end of the session: one bounded shutdown, then exit (policy/quit-sequence.ts). */
const quit = new QuitSequence({ shutdown, exit: (code) => app.exit(code), log });

// First of all, the crash journal: an error that escapes anywhere is kept as a small local report
// (secrets masked, no memory dump; see crash-journal.ts), told on the next start, never sent.
const crashes = new CrashJournal({ dir: path.join(engramPlaces().dataDir, 'crashes'), version: app.getVersion(), processName: 'app', scrub: (t) => redactText(t).text });
crashes.install(process, {
  onFatal: (err, report) => {
    // Told by its kind and report only: its message may hold screen text (crash-journal.ts).
    const line = crashes.noticeLine(err, report);
    log(line);
    fatal(err, `Engram stopped after an ${line}`);
  },
  onRejection: (_reason, report) => log(`unhandled rejection${report ? ` (report: ${report})` : ''}`),
});
app.on('render-process-gone', (_event, _contents, details) => {
  if (details.reason === 'clean-exit') return;
  const report = crashes.record('renderer-gone', new Error(`a window's renderer went away: ${details.reason} (exit code ${details.exitCode})`), false);
  log(`renderer gone: ${details.reason}${report ? ` (report: ${report})` : ''}`);
});
app.on('child-process-gone', (_event, details) => {
  if (details.reason === 'clean-exit') return;
  const report = crashes.record('child-gone', new Error(`${details.type} process went away: ${details.reason} (exit code ${details.exitCode})`), false);
  log(`${details.type} process gone: ${details.reason}${report ? ` (report: ${report})` : ''}`);
});

// Before `ready`: the privileged scheme, and hardening for every WebContents ever created.
registerAppScheme();
installGlobalHardening();
app.setName('Engram');
if (process.platform === 'win32') app.setAppUserModelId(APP_ID);
useOwnChromiumProfile();

if (!app.requestSingleInstanceLock()) {
  // Another Engram runs: it shows its window (second-instance) and this one leaves.
  app.quit();
} else {
  app.on('second-instance', () => openMainWindow());
  // Close-to-tray: closing every window does not quit.
  app.on('window-all-closed', () => undefined);
  app.on('activate', () => openMainWindow());
  // Held before Electron closes the windows (the recorder's with them), so the last audio is kept.
  app.on('before-quit', (event) => quit.beforeQuit(event));
  app
    .whenReady()
    .then(start)
    .catch((err: unknown) => fatal(err));
}

async function start(): Promise<void> {
  // Logoff, restart and shutdown skip before-quit/will-quit: Linux and macOS say so through
  // powerMonitor, Windows through the windows' query-session-end/session-end (see createMainWindow).
  powerMonitor.on('shutdown', (...args: unknown[]) => {
    // Electron passes an event whose preventDefault delays the shutdown (a logind delay lock, bounded
    // by the system) until we exit; the typings declare no argument.
    const event = args[0] as { preventDefault?: () => void } | undefined;
    event?.preventDefault?.();
    endSession('system shutdown');
  });
  const paths = appPaths();
  serveAppProtocol({ renderer: paths.renderer, builtinPages: paths.builtinPages });
  // Asked at each request, so "Record audio" switched on in Settings lets the recorder in at once.
  installPermissionPolicy(() => ({ audioEnabled: core?.audioWanted() ?? false, screenStream: screenStream?.streaming ?? false }));

  const trayHostProbe = probeTrayHost();
  // The tray first: start-up may wait long on the user, and Quit must be there meanwhile.
  tray = new TrayController(paths.icons, onTrayAction);
  tray.render(startupTrayModel('starting'));
  const dataDir = engramPlaces().dataDir;
  pages = new BuiltinPages((page) => {
    tray?.render(startupTrayModel(page === 'consent' ? 'consent' : 'unlock'));
    return createBuiltinPageWindow(paths, isDev, page);
  });

  // 1. Consent: nothing is captured before the user has said yes.
  let record: ConsentRecord;
  const consent = consentState(await readConsent(dataDir));
  if (consent.state === 'granted') {
    record = consent.record;
  } else {
    const decision = await pages.askConsent({ data_dir: dataDir, platform: process.platform, permission_hint: screenPermissionHint(process.platform, process.env) });
    if (!decision.accepted) {
      log('consent declined; quitting');
      pages.dispose();
      app.quit();
      return;
    }
    // The microphone choice is kept with the record, durably, the moment it is made: the store opens
    // only after the key, and it takes the choice when the engine starts (pending until then).
    record = { ...consentRecord(decision.choice, new Date()), audio_pending: true };
    await writeConsent(dataDir, record);
    await applyStartAtLogin(record.start_at_login).catch((err: unknown) => log(`start at login: ${String(err)}`));
  }

  // The window and its IPC channel now, before the key, the store and the engine (seconds on a slow
  // disk or a busy machine): the page shows at once and its calls wait for the engine. Whether a
  // tray will show Engram runs (for a start at login, hidden) is decided when the page is ready.
  const hidden = trayHostProbe.then((host) => {
    trayHost = host;
    if (host !== 'present') log(`tray host: ${host}`);
    return startHiddenWith(host, startedHidden(process.argv, wasOpenedAtLogin()));
  });
  mainWindow = createMainWindow({ paths, isDev, startHidden: hidden, isQuitting: () => quit.ending, onClose: onMainWindowClose, onQuerySessionEnd: (event, reason) => quit.querySessionEnd(event, reason), onSessionEnd: endSession });
  registerInvokeChannel({ dispatch: engine.dispatch, mainWindow: () => mainWindow, log });
  tray?.render(startupTrayModel('starting', true));
  // Only now the engine's modules (~0.1 s of CPU), while the page loads.
  const parts = await engineParts();

  // 2. The key: ENGRAM_KEY if set (the engine reads it); else the keychain-wrapped key (or a passphrase without a keychain).
  const wrapped = process.env.ENGRAM_KEY?.trim()
    ? null
    : new SafeStorageKeyProvider({
        dataDir,
        safeStorage,
        platform: process.platform,
        askPassphrase: pages.passphrase.ask,
        // A data dir first used by the CLI keeps its key (and stays readable by the CLI).
        existingKey: () => cliKeyOf(dataDir),
      });

  // 3. The store (with the Electron build of the SQLite addon when a Node build sits beside it).
  try {
    const binding = useElectronSqliteBinding(app.getAppPath());
    log(binding.kind === 'electron-build' ? `sqlite addon: ${binding.path}` : `sqlite addon: default (${binding.reason})`);
  } catch (err) {
    log(`sqlite addon: could not load the Electron build (${err instanceof Error ? err.message.split('\n')[0] : String(err)}); trying the default`);
  }
  try {
    store = await parts.engine.openEngram({ dataDir, ...(wrapped ? { keyProvider: wrapped } : {}), env: process.env });
  } finally {
    pages.passphraseDone();
  }
  tray?.render(startupTrayModel('starting', true));
  const keyDescription = wrapped ? wrapped.kind : 'ENGRAM_KEY';
  pages.dispose();
  pages = null;

  // 4. Core services, window, tray, IPC.
  notifier = new Notifier(paths.appIcon, () => openMainWindow());
  const crashed = crashNotice(crashes.unseen(), crashes.dir);
  if (crashed) {
    notifier.problem(crashed);
    crashes.acknowledge();
  }
  power = new PowerIdleSource(powerMonitor);
  // A recorder that does not hand over its last segment within 2 s is closed anyway (shutdown waits for it).
  microphone = new parts.microphone.MicrophoneCapture(() => createRecorderWindow(paths), (message) => reportProblem({ source: 'audio', message }), 10_000, 2_000);
  core = await parts.core.startCore({
    store,
    // The consent page's microphone choice becomes the capture setting, at the first start that gets here.
    ...(record.audio_pending ? { recordAudio: record.audio } : {}),
    version: app.getVersion(),
    screen: usesScreenStream(process.platform, process.env)
      ? (screenStream = new parts.screenStream.ScreenStreamSource({
          createWindow: () => createScreenStreamWindow(paths),
          // Told once per run, just before the desktop's picker shows.
          onAsk: () => notifier?.notice('Choose the screen Engram records', SCREEN_STREAM_NOTICE),
        }))
      : new parts.capturer.DesktopCapturerScreenSource(),
    idle: power,
    power,
    // The desktop backs off under load (headless hosts and tests do not: a CI box runs at load 10+).
    load: new (await parts.engine.captureRoom.get()).OsLoadSource(),
    microphone: microphone.source,
    selfPids: [process.pid],
    keyDescription,
    // The sync key as the master key is kept: the OS keychain, else the key file outside the data folder.
    syncKeys: new SafeStorageSyncKey({ dataDir, safeStorage, platform: process.platform }),
    sandbox: sandboxStatus({ noSandboxSwitch: app.commandLine.hasSwitch('no-sandbox'), platform: process.platform, env: process.env, isRoot: process.getuid?.() === 0 }),
    startAtLogin: {
      // Read back from the OS: macOS may wait for approval, Windows' Task Manager may have turned it off.
      enabled: () => startAtLoginTruth(record.start_at_login).enabled,
      attention: () => startAtLoginTruth(record.start_at_login).attention,
      openSettings: () => openSystemSettings('login_items'),
      // The login item first, then the record: a failed registration leaves the saved choice as it was.
      set: async (enabled) => {
        await applyStartAtLogin(enabled);
        record = { ...record, start_at_login: enabled };
        await writeConsent(dataDir, record);
      },
    },
    openScreenSettings: () => openSystemSettings('screen_recording'),
    openPath: openLocalPath,
    onProblem: reportProblem,
    log,
  });

  if (record.audio_pending) {
    record = audioTaken(record);
    // Not fatal: the next start would take the same choice again.
    await writeConsent(dataDir, record).catch((err: unknown) => log(`consent record: ${String(err)}`));
  }

  core.api.events.subscribe((name, payload) => {
    sendEvent(name, payload);
    if (name === 'capture.status' || name === 'frame.added') refreshTray();
  });

  // Subscribed first, so the page hears what follows its first answer.
  engine.arrive(core.api.dispatch);
  power.onChange(() => refreshTray());
  refreshTray();
  // The tooltip's count and a timed pause's end move on by themselves.
  setInterval(refreshTray, 30_000).unref();
  log(`started (data dir ${dataDir}, key: ${keyDescription})`);
}

/** The engine's door and the desktop's parts that take from it, loaded once, after the window. */
let loadedParts: Promise<EngineParts> | null = null;
let coreModule: typeof import('./core.js') | null = null;
interface EngineParts {
  engine: typeof import('../../engine/index.js');
  core: typeof import('./core.js');
  capturer: typeof import('./desktop-capturer-source.js');
  screenStream: typeof import('./screen-stream-source.js');
  microphone: typeof import('./microphone.js');
}
function engineParts(): Promise<EngineParts> {
  loadedParts ??= Promise.all([
    import('../../engine/index.js'),
    import('./core.js'),
    import('./desktop-capturer-source.js'),
    import('./screen-stream-source.js'),
    import('./microphone.js'),
  ]).then(([engine, core, capturer, screenStream, microphone]) => {
    coreModule = core;
    return { engine, core, capturer, screenStream, microphone };
  });
  return loadedParts;
}

/** Shows the main window (or the page start-up waits on), at `screen` when an action names one. */
function openMainWindow(screen: WindowScreen | null = null): void {
  const target = windowToShow({ mainWindow: mainWindow !== null, waitingPage: pages?.waiting() ?? null });
  if (target === 'consent' || target === 'passphrase') pages?.focus(target);
  if (target !== 'main') return;
  const win = mainWindow && !mainWindow.isDestroyed() ? mainWindow : null;
  const step = navigationStep(!win ? 'none' : win.webContents.isLoading() ? 'loading' : 'ready', screen);
  if (step === 'create' || !win) {
    mainWindow = createMainWindow({ paths: appPaths(), isDev, startHidden: false, screen, isQuitting: () => quit.ending, onClose: onMainWindowClose, onQuerySessionEnd: (event, reason) => quit.querySessionEnd(event, reason), onSessionEnd: endSession });
    return;
  }
  showWindow(win);
  // The renderer's router follows the event; a page still loading has no router yet, so it loads there.
  if (step === 'load') void win.loadURL(mainWindowUrl(screen));
  else if (step === 'event' && screen) sendEvent('window.navigate', { screen });
}

/** A click on the capture health's notification does what the banner's button does. */
function onHealthAction(action: HealthAction | null): void {
  const plan = healthActionPlan(action);
  if (plan.kind === 'system_settings') void openSystemSettings(plan.pane);
  // Resume stays a choice made in the window or the tray, not a side effect of reading the notice.
  else openMainWindow(plan.kind === 'window' ? plan.screen : null);
}

/** The main window's close button: to the tray, or quit where no tray would show Engram is running. */
function onMainWindowClose(): 'hide' | 'quit' {
  const behaviour = closeBehaviour(trayHost);
  if (behaviour === 'quit') {
    app.quit();
    return 'quit';
  }
  if (behaviour === 'hide-and-tell') notifier?.notice(HIDDEN_NOTICE_TITLE, HIDDEN_NOTICE_BODY);
  return 'hide';
}

function onTrayAction(action: TrayAction): void {
  // Before the engine runs, the start-up tray offers these two.
  if (action.type === 'open') return openMainWindow();
  if (action.type === 'openScreen') return openMainWindow(action.screen);
  if (action.type === 'quit') return app.quit();
  const c = core;
  if (!c) return;
  void trayRequest(c, action)
    .then(async () => {
      refreshTray();
      // The window's own status view hears about it like any other change.
      c.api.events.emit('capture.status', await c.client.call('capture.status', {}));
    })
    .catch((err: unknown) => log(`tray: ${String(err)}`));
}

/** What a tray action asks of capture, through the handler map like the window's own switches. */
async function trayRequest(c: Core, action: TrayAction): Promise<void> {
  switch (action.type) {
    case 'pause':
      await c.client.call('capture.pause', action.minutes ? { minutes: action.minutes } : {});
      break;
    case 'resume':
      // Also the way to be asked again on Wayland after a refused picker or a stopped share.
      screenStream?.reset();
      await c.client.call('capture.resume', {});
      lastProblem = null;
      break;
    case 'pauseDisplay':
      await c.client.call('capture.pauseDisplay', { display: action.display, paused: action.paused });
      break;
    case 'openScreenSettings':
      void openSystemSettings('screen_recording');
      break;
  }
}

// One refresh at a time, in the order asked: each reads the status through the handler map.
let trayRefresh: Promise<void> = Promise.resolve();
function refreshTray(): void {
  trayRefresh = trayRefresh.then(refreshTrayNow).catch((err: unknown) => log(`tray: ${String(err)}`));
}

async function refreshTrayNow(): Promise<void> {
  const c = core;
  if (!c || !tray) return;
  const status = await c.client.call('capture.status', {});
  if (core !== c || !tray) return;
  const autoPause = power?.autoPause() ?? null;
  tray.update({ status, framesToday: status.frames_kept, autoPause, error: lastProblem?.message ?? null, now: Date.now() });
  const health = captureHealthOf(status, autoPause);
  // Capture that keeps nothing (no grant, Wayland, no display, an error) is told once, with what to do.
  const notice = healthNotices.next(health);
  if (notice) notifier?.health(notice, () => onHealthAction(notice.action));
  if (health.state === 'capturing') notifier?.recovered('capture');
  // The microphone is on only while capture really records: paused, locked, away, switched off in
  // Settings or keeping nothing (no grant, Wayland) means off.
  const micWanted = c.audioWanted() && health.state === 'capturing';
  if (micWanted && !microphone?.running) microphone?.start();
  else if (!micWanted && microphone?.running) microphone.stop();
}

function reportProblem(problem: Problem): void {
  log(`${problem.source}: ${problem.message}`);
  // Capture and OCR problems show in the tray through the capture status; key/storage ones here.
  if (problem.source === 'key' || problem.source === 'storage') lastProblem = problem;
  notifier?.problem(problem);
  refreshTray();
}

/**
 * The session ends (logoff, restart, shutdown): the same clean shutdown as Quit, started at once,
 * bounded so that Engram never holds the system up, then exit. Windows close from here on instead
 * of hiding to the tray, so close-to-tray cannot stand in the way of the logoff.
 */
function endSession(reason: string): void {
  void quit.end(`session ending (${reason})`);
}

/** Closes everything once, in order (the last audio segment, capture and OCR, the brain, the store); every caller awaits the same run. */
function shutdown(): Promise<void> {
  shuttingDown ??= closeAll();
  return shuttingDown;
}

async function closeAll(): Promise<void> {
  const c = core;
  const s = store;
  core = null;
  store = null;
  power?.dispose();
  tray?.destroy();
  try {
    // First, so the segment recorded up to now reaches the audio pipeline before capture closes:
    // the source ends after it, and the audio run then finishes by itself once it has stored it
    // (closing capture would abort it with the segment still queued).
    await microphone?.dispose();
    if (c) await waitUntil(async () => !(await c.client.call('capture.status', {})).audio, 3_000);
  } catch (err) {
    log(`microphone: ${String(err)}`);
  }
  try {
    await c?.close();
  } catch (err) {
    log(`shutdown: ${String(err)}`);
  }
  try {
    await s?.close();
  } catch (err) {
    log(`closing the store: ${String(err)}`);
  }
}

async function waitUntil(done: () => Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!(await done()) && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
}

/**
 * Chromium's profile in a folder of its own, never inside the data folder (policy/chromium-profile.ts).
 * Before ready and before the single-instance lock, which lives in it.
 */
function useOwnChromiumProfile(): void {
  const plan = chromiumProfilePlan({ defaultUserData: app.getPath('userData'), appData: app.getPath('appData'), dataDir: engramPlaces().dataDir });
  if (!plan.carry) return;
  try {
    mkdirSync(plan.dir, { recursive: true });
    for (const name of plan.carry.names) {
      const from = path.join(plan.carry.from, name);
      const to = path.join(plan.dir, name);
      if (existsSync(from) && !existsSync(to)) copyFileSync(from, to);
    }
  } catch (err) {
    log(`chromium profile: ${err instanceof Error ? err.message : String(err)}`);
  }
  app.setPath('userData', plan.dir);
  // What an earlier version's Chromium left in the data folder goes now that nothing writes there.
  void removeLegacyProfile(plan, engramPlaces().dataDir).then((removed) => {
    if (removed.length) log(`removed an old Chromium profile from the data folder (${removed.length} entries)`);
  });
}

/** Ends the app after a failure; `told`, when given, is said instead of anything of the error's own words (a crash's). */
function fatal(err: unknown, told?: string): void {
  const message =
    told ??
    (err instanceof KeyWrapError || (err instanceof Error && err.name === 'StoreError')
      ? err.message
      : `Engram could not start: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
  log(`fatal: ${message}`);
  const line = told ?? (err instanceof Error ? err.message.split('\n')[0]! : String(err));
  // Calls the window made while the start was on its way (and any after) get the reason, not silence.
  engine.fail(line);
  const cancelled = err instanceof KeyWrapError && err.code === 'CANCELLED';
  if (!cancelled) {
    // Before the engine's modules have loaded, no capture or store failure can have happened.
    const problem: Problem = told !== undefined ? { source: 'capture', message: told } : coreModule ? coreModule.problemOf(err) : { source: err instanceof KeyWrapError ? 'key' : 'capture', message: line };
    new Notifier(appPaths().appIcon, () => undefined).problem(problem);
    dialog.showErrorBox('Engram', message);
  }
  void shutdown().finally(() => app.exit(cancelled ? 0 : 1));
}

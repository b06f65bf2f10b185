import { EventEmitter } from 'node:events';
import os from 'node:os';
import path from 'node:path';

/**
 * A stand-in for the 'electron' module (vi.mock), so the desktop app's composition root runs
 * under Node where the Electron binary cannot be installed. It records what the app did (windows,
 * handlers, tray) and lets tests play the renderer side (calling handlers with a frame).
 */
export interface FakeFrame {
  processId: number;
  routingId: number;
  url: string;
  parent: FakeFrame | null;
  isDestroyed(): boolean;
}

let nextProcessId = 100;

class FakeWebContents extends EventEmitter {
  readonly mainFrame: FakeFrame;
  readonly sent: Array<{ channel: string; args: unknown[] }> = [];
  destroyed = false;
  /** Between loadURL and did-finish-load. */
  loading = false;
  /** The page's side: what its preload does with a message from the main process. */
  onMessage: ((channel: string, ...args: unknown[]) => void) | null = null;
  constructor() {
    super();
    this.mainFrame = {
      processId: nextProcessId++,
      routingId: 1,
      url: '',
      parent: null,
      isDestroyed: () => this.destroyed,
      send: (channel: string, ...args: unknown[]) => this.sent.push({ channel, args }),
    } as FakeFrame;
  }
  send(channel: string, ...args: unknown[]) {
    this.sent.push({ channel, args });
    // Delivered to the page later, as over real IPC.
    const deliver = this.onMessage;
    if (deliver) setImmediate(() => !this.destroyed && deliver(channel, ...args));
  }
  isDestroyed() {
    return this.destroyed;
  }
  getURL() {
    return this.mainFrame.url;
  }
  isLoading() {
    return this.loading;
  }
}

export class FakeBrowserWindow extends EventEmitter {
  static all: FakeBrowserWindow[] = [];
  readonly webContents = new FakeWebContents();
  visible = false;
  destroyed = false;
  contentProtected = false;
  constructor(readonly options: Record<string, unknown>) {
    super();
    FakeBrowserWindow.all.push(this);
  }
  static getAllWindows() {
    return FakeBrowserWindow.all.filter((w) => !w.destroyed);
  }
  setContentProtection(on: boolean) {
    this.contentProtected = on;
  }
  async loadURL(url: string) {
    this.webContents.mainFrame.url = url;
    this.webContents.loading = true;
    setImmediate(() => {
      this.webContents.loading = false;
      this.emit('ready-to-show');
      this.webContents.emit('did-finish-load');
    });
  }
  show() {
    this.visible = true;
  }
  hide() {
    this.visible = false;
  }
  focused = 0;
  focus() {
    this.focused++;
  }
  isVisible() {
    return this.visible;
  }
  isMinimized() {
    return false;
  }
  restore() {}
  isDestroyed() {
    return this.destroyed;
  }
  destroy() {
    if (this.destroyed) return;
    this.destroyed = true;
    this.webContents.destroyed = true;
    this.emit('closed');
  }
  /** What a click on the window's close button does. */
  userClose() {
    let prevented = false;
    this.emit('close', { preventDefault: () => (prevented = true) });
    if (!prevented) this.destroy();
  }
}

class FakeTray extends EventEmitter {
  static last: FakeTray | null = null;
  tooltip = '';
  image: unknown = null;
  menu: Array<{ id?: string; label?: string; enabled?: boolean; click?: () => void; type?: string }> = [];
  destroyed = false;
  constructor(image: unknown) {
    super();
    this.image = image;
    FakeTray.last = this;
  }
  setImage(image: unknown) {
    this.image = image;
  }
  setToolTip(text: string) {
    this.tooltip = text;
  }
  setContextMenu(menu: FakeTray['menu']) {
    this.menu = menu;
  }
  isDestroyed() {
    return this.destroyed;
  }
  destroy() {
    this.destroyed = true;
  }
}

type Handler = (event: { senderFrame: FakeFrame | null }, ...args: unknown[]) => unknown;

class FakeIpcMain extends EventEmitter {
  readonly handlers = new Map<string, Handler>();
  handle(channel: string, fn: Handler) {
    if (this.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
    this.handlers.set(channel, fn);
  }
  removeHandler(channel: string) {
    this.handlers.delete(channel);
  }
  /** The renderer side: ipcRenderer.invoke from the given frame. */
  async invoke(channel: string, frame: FakeFrame | null, ...args: unknown[]): Promise<unknown> {
    const fn = this.handlers.get(channel);
    if (!fn) throw new Error(`No handler registered for '${channel}'`);
    return fn({ senderFrame: frame }, ...args);
  }
}

class FakePowerMonitor extends EventEmitter {
  idle: 'active' | 'idle' | 'locked' | 'unknown' = 'active';
  /** On battery (a test sets it, then emits 'on-battery' or 'on-ac' as Electron does). */
  battery = false;
  getSystemIdleState() {
    return this.idle;
  }
  isOnBatteryPower() {
    return this.battery;
  }
  /**
   * Linux (logind PrepareForShutdown) and macOS (NSWorkspaceWillPowerOff): 'shutdown' with an event
   * whose preventDefault takes a delay lock; before-quit/will-quit are not emitted.
   */
  systemShutdown(): { delayed: boolean } {
    const seen = { delayed: false };
    this.emit('shutdown', { preventDefault: () => (seen.delayed = true) });
    return seen;
  }
}

/**
 * Windows ending the session: WM_QUERYENDSESSION ('query-session-end', whose preventDefault holds
 * the logoff up) then WM_ENDSESSION ('session-end') to every window; before-quit/will-quit are not
 * emitted, and after 'session-end' Windows may end the process at any moment.
 */
export function endWindowsSession(reasons: Array<'shutdown' | 'close-app' | 'critical' | 'logoff'>): { prevented: boolean } {
  const out = { prevented: false };
  const windows = FakeBrowserWindow.getAllWindows();
  for (const w of windows) w.emit('query-session-end', { reasons, preventDefault: () => (out.prevented = true) });
  for (const w of windows) w.emit('session-end', { reasons, preventDefault: () => undefined });
  return out;
}

/** A native notification: unsupported unless a test turns `supported` on, so other runs show none. */
export class FakeNotification extends EventEmitter {
  static supported = false;
  static readonly shown: FakeNotification[] = [];
  static isSupported(): boolean {
    return FakeNotification.supported;
  }
  constructor(readonly options: { title: string; body: string }) {
    super();
  }
  show(): void {
    FakeNotification.shown.push(this);
  }
}

export const fake = {
  appEvents: new EventEmitter(),
  exitCode: null as number | null,
  quitCalled: 0,
  appPath: process.cwd(),
  protocolHandler: null as ((request: { url: string; method: string }) => Promise<Response>) | null,
  privileged: [] as unknown[],
  permissionRequest: null as null | ((wc: unknown, permission: string, cb: (ok: boolean) => void, details: Record<string, unknown>) => void),
  safeStorageBackend: 'gnome_libsecret',
  errorBoxes: [] as string[],
  bitmap: { width: 64, height: 48 },
  captures: 0,
  mediaAccess: { microphone: 'granted', camera: 'granted', screen: 'granted' } as Record<'microphone' | 'camera' | 'screen', 'not-determined' | 'granted' | 'denied' | 'restricted' | 'unknown'>,
  spellCheckerEnabled: true,
  /** Set to play a Wayland desktop: getSources goes through the portal's picker. */
  portal: null as null | { pickers: number; answer: 'pick' | 'cancel' },
  displayMediaHandler: null as null | ((request: Record<string, unknown>, callback: (streams: unknown) => void) => void),
  /** app.setPath's calls; getPath answers from them, else appData is XDG_CONFIG_HOME (or tmp) and userData <appData>/Engram. */
  paths: {} as Record<string, string>,
  /** Whether whenReady had been asked for when userData was set (Electron ignores it after ready). */
  userDataSetBeforeReady: null as boolean | null,
  readyAsked: false,
  /** The OS login item (macOS/Windows): what the app registered, and whether this run was opened at login. */
  loginItem: {
    wasOpenedAtLogin: false as boolean,
    set: [] as unknown[],
    /** What macOS 13+ reports for the app's service instead of following the last set (e.g. 'requires-approval'). */
    status: null as null | 'not-registered' | 'enabled' | 'requires-approval' | 'not-found',
    /** Windows: Task Manager turned the entry off. */
    disabledByUser: false as boolean,
  },
  /** Every address handed to shell.openExternal. */
  opened: [] as string[],
  /** Every path handed to shell.openPath (answered '' as Electron does on success). */
  openedPaths: [] as string[],
  /** Chromium switches the app was started with (app.commandLine.hasSwitch). */
  switches: [] as string[],
};

/**
 * A page calling getDisplayMedia, answered the way Electron's session answers the handler's
 * callback: a non-object (null) denies; an object without video when video was requested throws
 * (Electron's "Video was requested, but no video stream was provided").
 */
export function requestDisplayMedia(request: { videoRequested: boolean; audioRequested: boolean }): 'denied' | 'granted' | 'no handler' | 'unanswered' {
  const handler = fake.displayMediaHandler;
  if (!handler) return 'no handler';
  let outcome: 'denied' | 'granted' | null = null;
  handler({ frame: null, securityOrigin: 'app://engram', userGesture: true, ...request }, (streams) => {
    if (typeof streams !== 'object' || streams === null) {
      outcome = 'denied';
      return;
    }
    const s = streams as { video?: unknown; audio?: unknown };
    if (request.videoRequested && !s.video) throw new TypeError('Video was requested, but no video stream was provided');
    if (request.audioRequested && !s.audio) throw new TypeError('Audio was requested, but no audio stream was provided');
    outcome = 'granted';
  });
  return outcome ?? 'unanswered';
}

// A reversible "keychain": enough to prove the key file never holds the key in the clear.
const keychainSecret = 0x5a;

export const electronModule = {
  app: {
    isPackaged: false,
    whenReady: () => {
      fake.readyAsked = true;
      return Promise.resolve();
    },
    getPath: (name: string): string => {
      if (fake.paths[name]) return fake.paths[name];
      const appData = fake.paths.appData ?? process.env.XDG_CONFIG_HOME ?? os.tmpdir();
      if (name === 'appData') return appData;
      if (name === 'userData') return path.join(appData, 'Engram');
      return path.join(appData, name);
    },
    setPath: (name: string, value: string) => {
      fake.paths[name] = value;
      if (name === 'userData') fake.userDataSetBeforeReady = !fake.readyAsked;
    },
    requestSingleInstanceLock: () => true,
    on: (event: string, fn: (...args: unknown[]) => void) => fake.appEvents.on(event, fn),
    // As Electron quits: before-quit (preventable), then every window is closed (a prevented close
    // cancels the quit), then will-quit (preventable), then the process ends.
    quit: () => {
      fake.quitCalled++;
      let prevented = false;
      const event = { preventDefault: () => void (prevented = true) };
      fake.appEvents.emit('before-quit', event);
      if (prevented) return;
      for (const w of FakeBrowserWindow.getAllWindows()) {
        let kept = false;
        w.emit('close', { preventDefault: () => void (kept = true) });
        if (kept) return;
      }
      for (const w of FakeBrowserWindow.getAllWindows()) w.destroy();
      fake.appEvents.emit('will-quit', event);
      if (!prevented) fake.exitCode ??= 0;
    },
    exit: (code: number) => {
      fake.exitCode = code;
    },
    setName: () => undefined,
    commandLine: { hasSwitch: (name: string) => fake.switches.includes(name) },
    setAppUserModelId: () => undefined,
    getAppPath: () => fake.appPath,
    getVersion: () => '0.0.0-test',
    getLoginItemSettings: () => {
      const on = (fake.loginItem.set.at(-1) as { openAtLogin?: boolean } | undefined)?.openAtLogin ?? false;
      return {
        openAtLogin: on,
        wasOpenedAtLogin: fake.loginItem.wasOpenedAtLogin,
        status: fake.loginItem.status ?? (on ? 'enabled' : 'not-registered'),
        executableWillLaunchAtLogin: on && !fake.loginItem.disabledByUser,
      };
    },
    setLoginItemSettings: (settings: unknown) => {
      fake.loginItem.set.push(settings);
    },
  },
  BrowserWindow: FakeBrowserWindow,
  Tray: FakeTray,
  Menu: { buildFromTemplate: (template: unknown[]) => template },
  nativeImage: {
    createFromPath: (p: string) => ({ path: path.basename(p), resize() {
      return this;
    } }),
  },
  Notification: FakeNotification,
  dialog: { showErrorBox: (_title: string, text: string) => fake.errorBoxes.push(text) },
  shell: {
    openExternal: async (url: string) => {
      fake.opened.push(url);
    },
    openPath: async (p: string) => {
      fake.openedPaths.push(p);
      return '';
    },
  },
  protocol: {
    registerSchemesAsPrivileged: (schemes: unknown[]) => fake.privileged.push(...schemes),
    handle: (_scheme: string, fn: typeof fake.protocolHandler) => {
      fake.protocolHandler = fn;
    },
  },
  session: {
    defaultSession: {
      setPermissionRequestHandler: (fn: typeof fake.permissionRequest) => {
        fake.permissionRequest = fn;
      },
      setPermissionCheckHandler: () => undefined,
      setDisplayMediaRequestHandler: (fn: typeof fake.displayMediaHandler) => {
        fake.displayMediaHandler = fn;
      },
      setSpellCheckerEnabled: (on: boolean) => {
        fake.spellCheckerEnabled = on;
      },
      setDevicePermissionHandler: () => undefined,
    },
  },
  ipcMain: new FakeIpcMain(),
  powerMonitor: new FakePowerMonitor(),
  safeStorage: {
    isEncryptionAvailable: () => true,
    getSelectedStorageBackend: () => fake.safeStorageBackend,
    encryptString: (s: string) => Buffer.from(Buffer.from(s, 'utf8').map((b) => b ^ keychainSecret)),
    decryptString: (b: Buffer) => Buffer.from(b.map((x) => x ^ keychainSecret)).toString('utf8'),
  },
  screen: {
    getPrimaryDisplay: () => ({ id: 1 }),
    getAllDisplays: () => [{ id: 1, label: 'Fake display', size: { ...fake.bitmap }, scaleFactor: 1, bounds: { x: 0, y: 0, ...fake.bitmap } }],
  },
  desktopCapturer: {
    getSources: async () => {
      if (fake.portal) {
        // Wayland: every call is a new ScreenCast session, so the portal's picker shows each time.
        fake.portal.pickers++;
        if (fake.portal.answer === 'cancel') return [];
        return [{ id: `screen:${fake.portal.pickers}:0`, display_id: '', name: 'Entire screen', thumbnail: { isEmpty: () => true, getSize: () => ({ width: 0, height: 0 }), toBitmap: () => Buffer.alloc(0) } }];
      }
      fake.captures++;
      const { width, height } = fake.bitmap;
      // BGRA noise that changes every capture, so change detection keeps each frame.
      const data = Buffer.alloc(width * height * 4);
      for (let i = 0; i < data.length; i++) data[i] = (i * 31 + fake.captures * 97) & 0xff;
      return [{ display_id: '1', name: 'Screen 1', thumbnail: { isEmpty: () => false, getSize: () => ({ width, height }), toBitmap: () => Buffer.from(data) } }];
    },
  },
  systemPreferences: {
    // macOS answers 'denied' for the screen before the app ever asked (never 'not-determined');
    // a getSources call is what makes it ask, and a grant only counts for a new process.
    getMediaAccessStatus: (type: 'microphone' | 'camera' | 'screen') => fake.mediaAccess[type],
  },
};

export type FakeElectron = typeof electronModule;

/**
 * The hidden recorder page as Electron runs it (preload/recorder.ts over segment-recorder.ts):
 * on 'stop' MediaRecorder still delivers the segment in progress, which is decoded and sent a
 * moment later, and only then is 'stopped' sent. `answer: false` plays a page that hangs.
 */
export function fakeRecorderPage(
  win: FakeBrowserWindow,
  channels: { command: string; chunk: string; state: string },
  opts: { lastChunk: unknown; decodeMs: number; answer?: boolean },
): { stops: number } {
  const seen = { stops: 0 };
  win.webContents.onMessage = (channel, command) => {
    if (channel !== channels.command || (command as { type?: string }).type !== 'stop') return;
    seen.stops++;
    if (opts.answer === false) return;
    setTimeout(() => {
      if (win.destroyed) return;
      const sender = { senderFrame: win.webContents.mainFrame };
      electronModule.ipcMain.emit(channels.chunk, sender, opts.lastChunk);
      electronModule.ipcMain.emit(channels.state, sender, { state: 'stopped', message: null });
    }, opts.decodeMs);
  };
  return seen;
}

/**
 * The hidden screen-stream page on Wayland (preload/screen-stream.ts over stream-grabber.ts): opens
 * the picked source as a stream, answers each grab with a frame, and can play the desktop's
 * "stop sharing" (the track ends).
 */
export function fakeScreenStreamPage(
  win: FakeBrowserWindow,
  channels: { command: string; frame: string; state: string },
  opts: { width: number; height: number },
): { opened: string[]; grabs: number; endShare(): void } {
  const seen = { opened: [] as string[], grabs: 0, endShare: () => undefined as void };
  const sender = () => ({ senderFrame: win.webContents.mainFrame });
  let n = 0;
  win.webContents.onMessage = (channel, raw) => {
    if (channel !== channels.command) return;
    const c = raw as { type: string; source_id?: string; id?: number };
    if (c.type === 'open') {
      seen.opened.push(c.source_id ?? '');
      electronModule.ipcMain.emit(channels.state, sender(), { state: 'open', message: null, id: null });
    } else if (c.type === 'grab') {
      seen.grabs++;
      const rgba = new Uint8Array(opts.width * opts.height * 4).fill(++n & 0xff);
      electronModule.ipcMain.emit(channels.frame, sender(), { id: c.id, width: opts.width, height: opts.height, rgba });
    }
  };
  seen.endShare = () => electronModule.ipcMain.emit(channels.state, sender(), { state: 'ended', message: null, id: null });
  return seen;
}

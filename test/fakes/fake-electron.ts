import { EventEmitter } from 'node:events';
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
  }
  isDestroyed() {
    return this.destroyed;
  }
  getURL() {
    return this.mainFrame.url;
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
    setImmediate(() => {
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
  focus() {}
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
  getSystemIdleState() {
    return this.idle;
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
};

// A reversible "keychain": enough to prove the key file never holds the key in the clear.
const keychainSecret = 0x5a;

export const electronModule = {
  app: {
    isPackaged: false,
    whenReady: () => Promise.resolve(),
    requestSingleInstanceLock: () => true,
    on: (event: string, fn: (...args: unknown[]) => void) => fake.appEvents.on(event, fn),
    quit: () => {
      fake.quitCalled++;
      fake.appEvents.emit('before-quit');
      fake.appEvents.emit('will-quit', { preventDefault() {} });
    },
    exit: (code: number) => {
      fake.exitCode = code;
    },
    setName: () => undefined,
    setAppUserModelId: () => undefined,
    getAppPath: () => fake.appPath,
    getVersion: () => '0.0.0-test',
    getLoginItemSettings: () => ({ wasOpenedAtLogin: false }),
    setLoginItemSettings: () => undefined,
  },
  BrowserWindow: FakeBrowserWindow,
  Tray: FakeTray,
  Menu: { buildFromTemplate: (template: unknown[]) => template },
  nativeImage: {
    createFromPath: (p: string) => ({ path: path.basename(p), resize() {
      return this;
    } }),
  },
  Notification: Object.assign(class {}, { isSupported: () => false }),
  dialog: { showErrorBox: (_title: string, text: string) => fake.errorBoxes.push(text) },
  shell: { openExternal: async () => undefined },
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
      setDisplayMediaRequestHandler: () => undefined,
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
      fake.captures++;
      const { width, height } = fake.bitmap;
      // BGRA noise that changes every capture, so change detection keeps each frame.
      const data = Buffer.alloc(width * height * 4);
      for (let i = 0; i < data.length; i++) data[i] = (i * 31 + fake.captures * 97) & 0xff;
      return [{ display_id: '1', name: 'Screen 1', thumbnail: { isEmpty: () => false, getSize: () => ({ width, height }), toBitmap: () => Buffer.from(data) } }];
    },
  },
  systemPreferences: { getMediaAccessStatus: () => 'granted' },
};

export type FakeElectron = typeof electronModule;

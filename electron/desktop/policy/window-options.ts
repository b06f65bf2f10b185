/**
 * BrowserWindow options for every window Engram opens. Plain data, so the security flags are
 * tested under Node; electron/desktop/main checks at compile time that these types fit Electron's.
 */

/** The webPreferences subset we set; every field maps 1:1 onto Electron.WebPreferences. */
export interface SecureWebPreferences {
  preload: string;
  contextIsolation: true;
  sandbox: true;
  nodeIntegration: false;
  nodeIntegrationInWorker: false;
  nodeIntegrationInSubFrames: false;
  webSecurity: true;
  allowRunningInsecureContent: false;
  webviewTag: false;
  experimentalFeatures: false;
  navigateOnDragDrop: false;
  safeDialogs: true;
  /** Off: on Linux and Windows Chromium would download dictionaries from Google's servers. */
  spellcheck: false;
  devTools: boolean;
  backgroundThrottling: boolean;
}

export interface WindowOptions {
  width: number;
  height: number;
  minWidth?: number;
  minHeight?: number;
  show: boolean;
  title: string;
  backgroundColor: string;
  autoHideMenuBar: boolean;
  resizable?: boolean;
  minimizable?: boolean;
  maximizable?: boolean;
  fullscreenable?: boolean;
  skipTaskbar?: boolean;
  center?: boolean;
  icon?: string;
  webPreferences: SecureWebPreferences;
}

export interface WindowOptionsInput {
  preloadPath: string;
  iconPath?: string;
  /** Developer tools only in development builds. */
  isDev: boolean;
}

function secureWebPreferences(preload: string, isDev: boolean, extra: Partial<Pick<SecureWebPreferences, 'backgroundThrottling'>> = {}): SecureWebPreferences {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    experimentalFeatures: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: false,
    devTools: isDev,
    backgroundThrottling: extra.backgroundThrottling ?? true,
  };
}

/** The main window: shown once its first paint is ready, so there is no white flash. */
export function mainWindowOptions(input: WindowOptionsInput): WindowOptions {
  return {
    width: 1200,
    height: 800,
    minWidth: 720,
    minHeight: 480,
    show: false,
    title: 'Engram',
    backgroundColor: '#111318',
    autoHideMenuBar: true,
    ...(input.iconPath ? { icon: input.iconPath } : {}),
    webPreferences: secureWebPreferences(input.preloadPath, input.isDev),
  };
}

/** The consent and passphrase pages: small, fixed-size, centred. */
export function builtinPageWindowOptions(input: WindowOptionsInput & { title: string; height?: number }): WindowOptions {
  return {
    width: 560,
    height: input.height ?? 640,
    show: false,
    title: input.title,
    backgroundColor: '#111318',
    autoHideMenuBar: true,
    resizable: false,
    minimizable: false,
    maximizable: false,
    fullscreenable: false,
    center: true,
    ...(input.iconPath ? { icon: input.iconPath } : {}),
    webPreferences: secureWebPreferences(input.preloadPath, input.isDev),
  };
}

/**
 * The hidden microphone recorder. Never shown, never in the taskbar; not throttled in the
 * background so MediaRecorder's timeslices keep arriving.
 */
export function recorderWindowOptions(input: WindowOptionsInput): WindowOptions {
  return {
    width: 200,
    height: 100,
    show: false,
    title: 'Engram recorder',
    backgroundColor: '#000000',
    autoHideMenuBar: true,
    skipTaskbar: true,
    resizable: false,
    webPreferences: secureWebPreferences(input.preloadPath, false, { backgroundThrottling: false }),
  };
}

/** The hidden Wayland screen-stream window: like the recorder, never shown and never throttled. */
export function screenStreamWindowOptions(input: WindowOptionsInput): WindowOptions {
  return { ...recorderWindowOptions(input), title: 'Engram screen stream' };
}

/** The flags the security checklist requires; tests and a start-up assertion check every window against it. */
export const REQUIRED_WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  experimentalFeatures: false,
  // Not a sandbox flag, but a window with it on would send words to a dictionary server.
  spellcheck: false,
} as const;

/** Names of required flags that `prefs` does not set as required (empty when secure). */
export function insecureWebPreferences(prefs: Record<string, unknown>): string[] {
  return Object.entries(REQUIRED_WEB_PREFERENCES)
    .filter(([name, required]) => prefs[name] !== required)
    .map(([name]) => name);
}

/**
 * Names shared by the main process, the preloads and the tests. The preloads cannot import this
 * file at run time (sandboxed preloads only `require('electron')`), so they repeat the literals and
 * the compiler checks them against these types.
 */

/** The renderer's one request channel (ipcRenderer.invoke → ipcMain.handle). */
export const INVOKE_CHANNEL = 'engram:invoke' as const;
/** The renderer's one event channel (webContents.send → ipcRenderer.on). */
export const EVENT_CHANNEL = 'engram:event' as const;
/** The small built-in pages (consent, passphrase) talk on their own channel. */
export const BUILTIN_PAGE_CHANNEL = 'engram-page:invoke' as const;
/** The hidden microphone recorder: main → recorder commands, recorder → main chunks. */
export const RECORDER_COMMAND_CHANNEL = 'engram-recorder:command' as const;
export const RECORDER_CHUNK_CHANNEL = 'engram-recorder:chunk' as const;
export const RECORDER_STATE_CHANNEL = 'engram-recorder:state' as const;

/** Content is served from app://engram/ instead of file:// (Electron security checklist #18). */
export const APP_SCHEME = 'app' as const;
export const APP_HOST = 'engram' as const;
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}` as const;
/** Built-in pages live under this prefix, served from resources/pages instead of the renderer bundle. */
export const BUILTIN_PAGES_PREFIX = '/__pages/' as const;

export const APP_NAME = 'Engram';
/** Reverse-DNS id used by electron-builder, notifications (Windows AppUserModelID) and the keychain. */
export const APP_ID = 'dev.engram.app';

/** The hidden screen-stream window (Wayland): main → page commands, page → main frames and states. */
export const SCREEN_STREAM_COMMAND_CHANNEL = 'engram-screen:command' as const;
export const SCREEN_STREAM_FRAME_CHANNEL = 'engram-screen:frame' as const;
export const SCREEN_STREAM_STATE_CHANNEL = 'engram-screen:state' as const;
/** Its page, the only one that may ask for a (desktop) video stream. */
export const SCREEN_STREAM_PAGE = `${BUILTIN_PAGES_PREFIX}screen-stream.html` as const;

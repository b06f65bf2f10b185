import { contextBridge, ipcRenderer } from 'electron';
import type { BUILTIN_PAGE_CHANNEL as BuiltinPageChannel } from '../policy/index.js';

const BUILTIN_PAGE_CHANNEL: typeof BuiltinPageChannel = 'engram-page:invoke';

// The consent and passphrase pages: one function, checked and validated by the main process.
contextBridge.exposeInMainWorld(
  'engramPage',
  Object.freeze({
    call(action: string, input?: unknown): Promise<unknown> {
      return ipcRenderer.invoke(BUILTIN_PAGE_CHANNEL, input === undefined ? { action } : { action, input });
    },
  }),
);

import { contextBridge, ipcRenderer } from 'electron';
import type { SHELL_PAGE_CHANNEL as ShellPageChannel } from '../policy/index.js';

const SHELL_PAGE_CHANNEL: typeof ShellPageChannel = 'engram-shell:invoke';

// The consent and passphrase pages: one function, checked and validated by the main process.
contextBridge.exposeInMainWorld(
  'engramShell',
  Object.freeze({
    call(action: string, input?: unknown): Promise<unknown> {
      return ipcRenderer.invoke(SHELL_PAGE_CHANNEL, input === undefined ? { action } : { action, input });
    },
  }),
);

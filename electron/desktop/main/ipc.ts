import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import type { EventName } from '../../../shared/api/index.js';
import { createInvokeGuard, EVENT_CHANNEL, INVOKE_CHANNEL, type Dispatch, type FrameRef } from '../policy/index.js';

function senderFrameOf(event: IpcMainInvokeEvent): FrameRef | null {
  try {
    return event.senderFrame;
  } catch {
    // Reading senderFrame of a frame that navigated away can throw; treat it as gone.
    return null;
  }
}

/**
 * The one invoke channel: sender frame check, limits and zod validation (electron/desktop/policy), then
 * the contract's dispatcher. The trusted frame is read on each call, so a recreated window works.
 */
export function registerInvokeChannel(options: { dispatch: Dispatch; mainWindow: () => BrowserWindow | null; log: (line: string) => void }): () => void {
  const guard = createInvokeGuard({
    dispatch: options.dispatch,
    trustedFrames: () => {
      const win = options.mainWindow();
      return win && !win.isDestroyed() ? [win.webContents.mainFrame] : [];
    },
    onRefused: (reason) => options.log(`ipc: refused (${reason})`),
  });
  ipcMain.handle(INVOKE_CHANNEL, (event, envelope: unknown) => guard(senderFrameOf(event), envelope));
  return () => ipcMain.removeHandler(INVOKE_CHANNEL);
}

/** The one event channel: pushes contract events to the main window's main frame only. */
export function createEventSender(mainWindow: () => BrowserWindow | null): (name: EventName, payload: unknown) => void {
  return (name, payload) => {
    const win = mainWindow();
    if (!win || win.isDestroyed() || win.webContents.isDestroyed()) return;
    win.webContents.mainFrame.send(EVENT_CHANNEL, { name, payload });
  };
}

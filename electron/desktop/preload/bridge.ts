import type { ApiResponse, EngramBridge } from '../../../shared/api/index.js';
import type { EVENT_CHANNEL as EventChannel, INVOKE_CHANNEL as InvokeChannel } from '../policy/index.js';

/**
 * The `window.engram` bridge, built from an ipcRenderer-like object so it runs under Node in
 * tests. Sandboxed preloads cannot load our modules at run time, so the channel names are repeated
 * here and the compiler checks them against electron/desktop/policy.
 */
export const INVOKE_CHANNEL: typeof InvokeChannel = 'engram:invoke';
export const EVENT_CHANNEL: typeof EventChannel = 'engram:event';

export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

type Listener = (event: { name: string; payload: unknown }) => void;

const MAX_LISTENERS = 64;

/**
 * Exactly two functions cross into the page: invoke(name, input) over the one invoke channel, and
 * on(listener) for the one event channel. No ipcRenderer, no channel names, no Node.
 */
export function createEngramBridge(ipc: IpcRendererLike): EngramBridge {
  const listeners = new Set<Listener>();

  ipc.on(EVENT_CHANNEL, (_event, message) => {
    if (typeof message !== 'object' || message === null) return;
    const { name, payload } = message as { name?: unknown; payload?: unknown };
    if (typeof name !== 'string') return;
    for (const listener of [...listeners]) {
      try {
        listener({ name, payload });
      } catch {
        // One failing view must not stop the others from hearing the event.
      }
    }
  });

  return Object.freeze({
    async invoke(name: string, input: unknown): Promise<ApiResponse> {
      if (typeof name !== 'string') return { ok: false, error: { code: 'INVALID_INPUT', message: 'The request name must be a string.' } };
      const envelope = input === undefined ? { name } : { name, input };
      return (await ipc.invoke(INVOKE_CHANNEL, envelope)) as ApiResponse;
    },
    on(listener: Listener): () => void {
      if (typeof listener !== 'function') throw new TypeError('engram.on needs a function');
      if (listeners.size >= MAX_LISTENERS) throw new Error('Too many event listeners');
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  });
}

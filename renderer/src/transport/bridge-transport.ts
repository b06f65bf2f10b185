import type { ApiTransport, EngramBridge } from '../../../shared/api/index.js';

/** Electron: the preload exposes `window.engram` (contextBridge); calls go over one IPC channel. */
export function bridgeTransport(bridge: EngramBridge): ApiTransport {
  return {
    invoke: (name, input) => bridge.invoke(name, input),
    on: (listener) => bridge.on(listener),
  };
}

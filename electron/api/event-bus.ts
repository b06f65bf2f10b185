import type { EventName, EventPayload } from '../../shared/api/index.js';

export type ApiEventListener = (name: EventName, payload: unknown) => void;

/** Pushed events, host side. Each transport (IPC, WebSocket) subscribes once and forwards what it gets. */
export interface ApiEventBus {
  emit<E extends EventName>(name: E, payload: EventPayload<E>): void;
  subscribe(listener: ApiEventListener): () => void;
}

export function createEventBus(onListenerError?: (err: unknown) => void): ApiEventBus {
  const listeners = new Set<ApiEventListener>();
  return {
    emit(name, payload) {
      for (const l of [...listeners]) {
        try {
          l(name, payload);
        } catch (err) {
          // One broken transport must not stop the others from hearing the event.
          onListenerError?.(err);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

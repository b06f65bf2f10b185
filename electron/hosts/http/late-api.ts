import { lateDispatch } from '../../../shared/api/index.js';
import type { EngramApi } from '../../engine/index.js';

/** What the HTTP host speaks of the handler map: calls, and the events it pushes to sockets. */
export interface HostApi {
  dispatch: EngramApi['dispatch'];
  events: Pick<EngramApi['events'], 'subscribe'>;
}

/** A handler map that arrives after the host listens (see startEngramServer), and how it arrives. */
export interface LateApi {
  api: HostApi;
  arrive(api: HostApi): void;
  /** The engine did not start: calls waiting (and later ones) answer UNAVAILABLE with this line. */
  fail(line: string): void;
}

/**
 * The host listens, and serves the page, before the engine has started: a call that comes in the
 * meantime waits for the handler map (never an error, never an answer from a part not yet there),
 * and a socket's event subscription is handed on to the map when it comes.
 */
export function lateApi(): LateApi {
  const calls = lateDispatch();
  let real: HostApi | null = null;
  let failed = false;
  // Each subscription made early: its listener, and the unsubscribe of the real bus once attached.
  const early = new Map<Parameters<HostApi['events']['subscribe']>[0], (() => void) | null>();
  return {
    api: {
      dispatch: calls.dispatch,
      events: {
        subscribe: (listener) => {
          if (real) return real.events.subscribe(listener);
          early.set(listener, null);
          return () => {
            early.get(listener)?.();
            early.delete(listener);
          };
        },
      },
    },
    arrive(api) {
      if (real || failed) return;
      real = api;
      for (const listener of early.keys()) early.set(listener, api.events.subscribe(listener));
      calls.arrive(api.dispatch);
    },
    fail(line) {
      if (real || failed) return;
      failed = true;
      calls.fail(line);
    },
  };
}

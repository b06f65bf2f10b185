import type { ApiResponse } from '../../../shared/api/index.js';
import type { Dispatch } from './ipc-invoke.js';

/** The window's dispatcher before the engine has started (see main.ts's staged start), and how the engine arrives. */
export interface LateDispatch {
  dispatch: Dispatch;
  arrive(dispatch: Dispatch): void;
  /** The start failed: calls waiting (and later ones) answer UNAVAILABLE with this line. */
  fail(reason: string): void;
}

/**
 * The main window and its IPC channel exist as soon as consent is on record, while the key, the
 * store and the engine are still on their way: a call made in the meantime waits for the engine
 * and gets its real answer (never an error for being early), and a start that fails answers
 * UNAVAILABLE with the reason, as `engram serve` does over HTTP (electron/hosts/http/late-api.ts).
 */
export function lateDispatch(): LateDispatch {
  let real: Dispatch | null = null;
  let failed: string | null = null;
  let settle: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (settle = resolve));
  const unavailable = (): ApiResponse => ({ ok: false, error: { code: 'UNAVAILABLE', message: `Engram did not start: ${failed}` } });
  return {
    dispatch: async (name, input) => {
      if (!real && failed === null) await arrived;
      return real ? real(name, input) : unavailable();
    },
    arrive(dispatch) {
      if (real || failed !== null) return;
      real = dispatch;
      settle();
    },
    fail(reason) {
      if (real || failed !== null) return;
      failed = reason;
      settle();
    },
  };
}

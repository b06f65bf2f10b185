import type { ApiResponse } from './wire.js';

/** A dispatcher of the handler map: the one shape every host speaks (electron/api dispatch). */
export type DispatchFn<N extends string = string> = (name: N, input: unknown) => Promise<ApiResponse>;

/** A host's dispatcher before the engine has started, and how the engine arrives (or does not). */
export interface LateDispatch<N extends string = string> {
  dispatch: DispatchFn<N>;
  arrive(dispatch: DispatchFn<N>): void;
  /** The start failed: calls waiting (and later ones) answer UNAVAILABLE with this line. */
  fail(reason: string): void;
}

/**
 * A host answers before its engine has started (the desktop window opens as soon as consent is on
 * record; `engram serve` listens and serves its page first): a call made in the meantime waits for
 * the engine and gets its real answer, never an error for being early, and a start that fails
 * answers UNAVAILABLE with the reason. The first arrival or failure wins.
 */
export function lateDispatch<N extends string = string>(): LateDispatch<N> {
  let real: DispatchFn<N> | null = null;
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

import type { SdkErrorClasses } from './http-failure.js';

/**
 * A model SDK, loaded with the first call to the model: the SDKs take about half a second of CPU to
 * load, which a command or a start-up that never calls a model (engram stats, search, the offline
 * brain) should not pay. A failed load is tried again on the next call.
 */
export interface LazyModule<M> {
  get(): Promise<M>;
  /** The module once loaded, else null. */
  loaded(): M | null;
}

export function onFirstUse<M>(load: () => Promise<M>): LazyModule<M> {
  let mod: M | null = null;
  let pending: Promise<M> | null = null;
  return {
    get: () =>
      (pending ??= load().then(
        (m) => (mod = m),
        (err: unknown) => {
          pending = null;
          throw err;
        },
      )),
    loaded: () => mod,
  };
}

/** Before its SDK has loaded, nothing can be one of its errors: classes nothing is an instance of. */
class NotLoaded extends Error {}
export const NO_SDK_ERRORS: SdkErrorClasses = { timeout: NotLoaded, abort: NotLoaded, connection: NotLoaded, api: NotLoaded };

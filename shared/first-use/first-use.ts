/**
 * A module (or any costly value) made on its first use instead of at import: a library that takes
 * a noticeable share of a second to load (a model SDK, sharp, x11, a room's export code) should not
 * be paid for by a process that never calls it (engram stats, search, a host's first answer). One
 * concept for every such library. A failed load is tried again on the next call.
 */
export interface LazyModule<M> {
  /** The module, loading it on the first call (concurrent calls share one load). */
  get(): Promise<M>;
  /** The module once loaded, else null: an error class nothing can be an instance of yet. */
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

/**
 * The same for a module that has to be there at once, inside a synchronous call (chrono-node in
 * the time parsers): made by `load` on the first call, kept after. A failed load is tried again.
 */
export function onFirstUseSync<M>(load: () => M): () => M {
  let mod: { m: M } | null = null;
  return () => (mod ??= { m: load() }).m;
}

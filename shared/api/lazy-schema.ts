/**
 * A schema built the first time it is used, not when its module loads (issue 34). Building the whole
 * contract at import cost a one-shot `engram` command ~50 ms of CPU, for the one or two requests it
 * sends; each schema of the contract is declared through this, so a command pays for the schemas it
 * touches (a request's input when it is dispatched, and what they are made of).
 *
 * The value stands in for the schema itself (a proxy that builds it on first touch and then forwards
 * every property, method and `instanceof` to it), so its type and every use of the export are
 * unchanged: `X.parse`, `X.shape`, `X.options`, `z.object({ x: X })`, `z.infer<typeof X>`.
 */
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const real = (): T => (built ??= build());
  return new Proxy({} as T, {
    get: (_t, key) => Reflect.get(real(), key),
    set: (_t, key, value) => Reflect.set(real(), key, value),
    has: (_t, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_t, key) => {
      const d = Reflect.getOwnPropertyDescriptor(real(), key);
      // A proxy may not report a property as fixed that its (empty) target lacks.
      if (d) d.configurable = true;
      return d;
    },
    defineProperty: (_t, key, d) => Reflect.defineProperty(real(), key, d),
    deleteProperty: (_t, key) => Reflect.deleteProperty(real(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  });
}

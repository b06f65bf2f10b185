import type { ForgetSpan } from '../../../shared/api/index.js';
import type { ApiDeps } from '../deps.js';
import type { HandlerGroup } from '../handler-types.js';

/** "The last N minutes" ends now (when the host runs it), so a confirmation left open still covers up to now. */
export function spanToRange(what: ForgetSpan, now: number): { from: number; to: number } {
  if (what.span === 'last') return { from: now - what.minutes * 60_000, to: now };
  return { from: Date.parse(what.from), to: Date.parse(what.to) };
}

export function forgetHandlers(deps: ApiDeps, onForgotten: () => void): HandlerGroup<'forget.preview' | 'forget.run' | 'privacy.wipe'> {
  const { store } = deps;
  const clock = deps.clock ?? Date.now;
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    'forget.preview': (input) => {
      const r = spanToRange(input.what, clock());
      return { from: iso(r.from), to: iso(r.to), report: store.forgetPreview(r) };
    },
    // store.forget emits 'forget'; the store-event bridge turns it into data.forgotten for every window.
    'forget.run': (input) => {
      const r = spanToRange(input.what, clock());
      const report = store.forget(r);
      onForgotten();
      return { from: iso(r.from), to: iso(r.to), report };
    },
    'privacy.wipe': () => {
      const { exports_removed } = store.wipe();
      onForgotten();
      deps.events.emit('data.forgotten', { report: null, wiped: true });
      return { ok: true as const, exports_removed };
    },
  };
}

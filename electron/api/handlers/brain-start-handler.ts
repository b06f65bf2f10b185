import type { ApiDeps } from '../deps.js';
import { fail } from '../errors.js';
import type { HandlerGroup } from '../handler-types.js';

/** brain.start: a host that starts the brain by hand (engram capture) does it through the handler map. */
export function brainStartHandler(deps: ApiDeps): HandlerGroup<'brain.start'> {
  return {
    'brain.start': async () => {
      if (!deps.startBrain) fail('UNAVAILABLE', 'the engine starts this brain itself');
      await deps.startBrain();
      return { started: true as const };
    },
  };
}

import { DREAM_MODES, DreamModeSchema } from '../../../shared/api/index.js';
import type { ApiDeps } from '../deps.js';
import { fail } from '../errors.js';
import type { HandlerGroup } from '../handler-types.js';

/**
 * consolidation.dream: a whole consolidation run on the brain's queue, waited for and reported in
 * full (what `engram dream` prints). Needs an engine whose brain runs; elsewhere UNAVAILABLE.
 */
export function dreamHandlers(deps: ApiDeps): HandlerGroup<'consolidation.dream'> {
  return {
    'consolidation.dream': async (input) => {
      const run = deps.consolidator?.dream;
      if (!run) fail('UNAVAILABLE', 'Consolidation is not available in this window.');
      const mode = DreamModeSchema.safeParse(input.mode);
      if (!mode.success) fail('INVALID_INPUT', `mode must be one of ${DREAM_MODES.join(', ')} (got "${input.mode}")`);
      return run({
        mode: mode.data,
        dryRun: input.dry_run,
        offline: input.offline,
        ...(input.model ? { model: input.model } : {}),
        ...(input.last_n_sessions ? { lastNSessions: input.last_n_sessions } : {}),
        ...(input.since !== undefined ? { since: Date.parse(input.since) } : {}),
      });
    },
  };
}

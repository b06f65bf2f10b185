import { storeStatsReport } from '../../../agents/store/index.js';
import type { ApiDeps } from '../deps.js';
import type { HandlerGroup } from '../handler-types.js';

export function statsHandlers(deps: ApiDeps): HandlerGroup<'store.stats'> {
  const { store } = deps;
  return {
    'store.stats': () => storeStatsReport(store),
  };
}

import type { MemoryKind } from '../../shared/index.js';
import type { BatchAnalysis, SubAgent } from '../subagent-kit/index.js';

/** Offline routing: each agent's own cheap rule says whether the batch holds something for it. */
export function routeOffline(agents: SubAgent[], analysis: BatchAnalysis): MemoryKind[] {
  return agents.filter((a) => a.detect(analysis)).map((a) => a.kind);
}

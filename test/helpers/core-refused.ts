import { guardCoreLines } from '../../agents/core/index.js';
import type { BatchAnalysis } from '../../agents/subagent-kit/index.js';

/** Whether the core guard refuses one line learned from a batch (it throws when it refuses). */
export function coreRefused(line: string, batch: BatchAnalysis): boolean {
  try {
    guardCoreLines([line], batch);
    return false;
  } catch {
    return true;
  }
}

import type { ExperienceInput, RecalledExperience, Recommendation } from '../../../agents/experience/index.js';
import type { Memory } from '../../../shared/index.js';

/**
 * What the MCP tools need of experience memory (agents/experience's ExperienceMemory fits it).
 * A seam, so the tools can be tested against a fake and the server does not depend on how
 * recommendations are computed.
 */
export interface ExperiencePort {
  record(input: ExperienceInput): Memory;
  recordFailure(task: string, action: string, reason: string, extra?: { context?: string }): Memory;
  recall(task: string, opts?: { limit?: number }): Promise<RecalledExperience[]>;
  recommend(task: string): Promise<Recommendation | null>;
}

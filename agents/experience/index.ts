/** agents/experience: experience memory (Mimir): record, recall, recommend with a Jeffreys lower bound. */
export {
  ExperienceMemory,
  ExperienceInputSchema,
  actionKey,
  experienceRow,
  type ActionStats,
  type ExperienceInput,
  type ExperienceMemoryOptions,
  type RecalledExperience,
  type Recommendation,
} from './experience-memory.js';
export { betaCdf, betaQuantile, jeffreysLowerBound, lnGamma } from './beta.js';
export {
  describeCall,
  distillToolCalls,
  hasToolCalls,
  type DistillMessage,
  type DistilledExperience,
  type DistilledWorkflow,
} from './tool-call-distiller.js';

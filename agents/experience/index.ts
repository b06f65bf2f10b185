/**
 * agents/experience: experience memory (Mimir): record, recall, recommend (Jeffreys lower bound, or
 * Thompson sampling to explore), actions grouped by text or by meaning, reflections per task family.
 */
export {
  ExperienceMemory,
  ExperienceInputSchema,
  MIN_TASK_SIMILARITY,
  OUTSIDE_CAP,
  experienceRow,
  isOutside,
  type OutsideEvidence,
  type ActionStats,
  type ActionRecord,
  type TaskRecord,
  type ExperienceInput,
  type ExperienceMemoryOptions,
  type RecalledExperience,
  type Recommendation,
  type RecommendOptions,
  type Reflection,
} from './experience-memory.js';
export {
  EmbeddingClusterer,
  ExactTextClusterer,
  actionKey,
  exactTokens,
  oppositeWords,
  type ActionClusterer,
  type EmbeddingClustererOptions,
} from './action-clusterer.js';
export { TaskMeaning } from './task-meaning.js';
export { fetchesAndRuns } from './remote-code.js';
export { betaCdf, betaQuantile, jeffreysLowerBound, lnGamma } from './beta.js';
export { betaSample, gammaSample, seededRandom, type RandomSource } from './seeded-random.js';
export {
  describeCall,
  distillToolCalls,
  hasToolCalls,
  type DistillMessage,
  type DistilledExperience,
  type DistilledWorkflow,
} from './tool-call-distiller.js';

/**
 * agents/meta: the meta-agent (buffering, flush rules, routing, crash-safe processing) and
 * createBrain, the one-call composition every host uses.
 */
export { createBrain, type Brain, type BrainOptions, type BrainStatus } from './brain.js';
export type { QueuedDreamReview } from './dream-schedule.js';
export { MetaAgent, emptyReport, type IngestReport, type MetaAgentDeps } from './meta-agent.js';
export {
  BRAIN_SETTINGS_KEY,
  BrainSettingsSchema,
  DreamSettingsSchema,
  defaultBrainSettings,
  type BrainSettings,
  type BrainSettingsInput,
} from '../../shared/settings/index.js';
export { ObservationBuffer, segmentId, type BufferOptions, type BufferResult, type FlushItem, type SegmentEnd } from './observation-buffer.js';
export { routeOffline } from './offline-router.js';
export { ROUTER_PROMPT, ROUTE_TOOL, routeWithLlm } from './llm-router.js';
export { ModelFailure } from './model-fallback.js';
export { extractionSystemPrompt, extractWithLlm } from './llm-extraction.js';
export { renderBatch, renderCore, renderKnown } from './prompt-render.js';
export { privacyRules, redactionSwitches, type PrivacyRules } from './privacy-filter.js';
export { rescrubBeforeReading } from './rescrub-before-reading.js';

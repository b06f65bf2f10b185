/** The UI contract: every request, response and pushed event as zod schemas, and a typed client. */
export * from './errors.js';
export * from './host-failure.js';
export * from './common.js';
export * from './capture.js';
export * from './capture-health.js';
export * from './memories.js';
export * from './timeline.js';
export * from './forget.js';
export * from './activity.js';
export * from './day.js';
export * from './system.js';
export * from './secrets.js';
export * from './settings.js';
export * from './stats.js';
export * from './session.js';
export * from './entities.js';
export * from './experiences.js';
export * from './directives.js';
export * from './chat.js';
export * from './core-events.js';
export * from './requests.js';
export * from './events.js';
export * from './wire.js';
export * from './window-title.js';
export * from './client.js';
// Memory shapes the contract carries, so a client needs only this door.
export type { Memory, MemoryKind, MemoryHistoryEntry, Provenance, SearchResult, SearchReason } from '../memory/index.js';
export { MEMORY_KINDS, MEMORY_TABS } from '../memory/index.js';

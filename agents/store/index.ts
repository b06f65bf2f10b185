/** agents/store: the encrypted memory store (the door every other room uses). */
export { openStore, EngramStore, type OpenStoreOptions } from './store.js';
export { ChangeLog, type LoggedChange } from './change-log.js';
export { HybridClock, HlcSchema, compareHlc, maxHlc, MAX_DRIFT_MS, type Hlc } from './hybrid-clock.js';
export { createStoreEvents, type StoreChange, type StoreEventMap, type StoreEvents } from './store-events.js';
export { StoreError, type StoreErrorCode } from './errors.js';
export { type KeyProvider, EnvKeyProvider, FileKeyProvider, StaticKeyProvider, resolveKeyProvider, parseKey, KEY_FILE_NAME, type FileKeyProviderOptions } from './key-provider.js';
export { keysDir, keyFilePath } from './key-file-path.js';
export { SyncKeyFile } from './sync-key-file.js';
export { type Embedder, type EmbedOptions, normalize } from './embedder.js';
export { HashEmbedder } from './hash-embedder.js';
export { UseEmbedder, type UseEmbedderOptions } from './use-embedder.js';
export { StaticQueryTable, QueryTableError, QUERY_TABLE_FILE } from './static-query-table.js';
export { DEFAULT_WEIGHTS, type RetrievalWeights, type SearchPhase } from './retriever.js';
export { LATEST_SCHEMA_VERSION } from './migrations/index.js';
export { DB_FILE_NAME } from './database.js';
export { peekSetting } from './setting-peek.js';
export { storeStatsReport } from './stats-report.js';
export { newId, isValidId } from './ids.js';
export { queryTerms, queryEntities, mayNameTime } from './query-text.js';
export type { LlmCallRecord, LlmUsageSummary } from './llm-call-repo.js';
export type * from './types.js';
export { defaultDataDir } from './data-dir.js';
export { RecordRestorer, type MemoryRecordSnapshot, type RestoreOutcome } from './record-restorer.js';
export { backupDatabase, verifyDatabaseFile, type BackupReport } from './database-backup.js';
export { type BackupRescrubReport } from './backup-rescrub.js';
export { retryOnBusy, isBusyError, immediateTransaction } from './busy-retry.js';
export type { IntegrityReport } from './integrity.js';
export { REDACTION_VERSION_KEY, type KeepRescrubbed, type RescrubPlace, type RescrubSlice, type RescrubbedSecret } from './rescrub.js';
export { CarriedSecrets } from './rescrub-carry.js';
export { VaultCut } from './vault-cut.js';
export { ShortVaultValues } from './vault-short-values.js';
export { EDITED_BY_USER } from './memory-repo.js';
export type { TimelineRows, TimelineObservationRow, TimelineFrameRow, TimelineMemoryRow } from './timeline-rows.js';
export { sentencesOf, splitPassages, passageHash, type PassageKind, type SplitPassage } from './passage-split.js';
export { asksForEverything } from './question-shape.js';
export type { PassageHit, PassageSearchOptions, ObservationPassage } from './passage-repo.js';
export { foldOcr, substringDistance } from './ocr-fold.js';
export { GraphRepo, ENTITY_KINDS, type EntityKind, type EntityRecord, type GraphFactRecord, type FactParticipant, type EntityLink, type ResolutionEntity } from './graph-repo.js';
export { GraphRowsSchema, type GraphRows, type GraphRestoreCounts } from './graph-rows.js';
export { DEFAULT_WALK, GraphWalk, type WalkLimits } from './graph-walk.js';
export { nameKey } from './entity-names.js';
export { CONSENT_FILE, readConsent, writeConsent, withdrawConsent } from './consent-file.js';
export { writeFileDurable, writeFileDurableAsync, removeFileDurable, syncDir, mkdirDurable } from './durable-file.js';
export type { ThreadSummaryRecord } from './thread-summary-repo.js';
export { countHidden } from './frame-hidden.js';
export type { FrameWord, FrameWords } from './frame-words-repo.js';
export type { ConsolidationReviewRepo, KeptReview } from './consolidation-review-repo.js';
export type { FeedbackRecord, FeedbackKind, FeedbackStance, FeedbackSource, NewFeedback } from './feedback-repo.js';
export {
  EXCLUSIONS_SETTING,
  DIRECTIVE_SETTING_PREFIX,
  SyncedExclusionsSchema,
  SyncedDirectiveSchema,
  isDirectiveTombstone,
  EXCLUSION_ITEM_PREFIX,
  SyncedExclusionItemSchema,
  exclusionsOf,
  withExclusionItem,
  type SyncedExclusions,
  type SyncedDirective,
} from './synced-settings.js';
export { DIRECTIVE_MAX_CHARS, type DirectiveRecord, type DirectiveStatus } from './directive-repo.js';

/**
 * agents/sync: one memory on every machine. Changes travel as sealed, append-only segments per
 * device in a folder that Syncthing (or any synced folder) replicates; hybrid logical clocks order
 * them and MergeState decides between them. This room does not know the store's tables: the
 * store's hooks hand it change records and carry out its merge effects. docs/sync.md: the format.
 */
export { HybridClock, HlcSchema, compareHlc, maxHlc, MAX_DRIFT_MS, type Hlc } from '../store/index.js';
export { ChangeRecordSchema, SyncedMemorySchema, SyncedSettingSchema, type ChangeRecord, type SyncedMemory, type SyncedSetting } from './change-record.js';
export { applySyncedSetting } from './synced-setting-apply.js';
export { ExclusionOffers } from './exclusion-offers.js';
export { DeviceNames } from './device-names.js';
export type { ExclusionOffer, OfferItem } from './exclusion-offer-book.js';
export { MergeState, MergeStateJsonSchema, type MergeEffect, type MergeStateJson } from './merge-state.js';
export { sealSegment, openSegment, readHeader, bucketSize, MAX_SEGMENT_PLAIN, type SyncIdentity, type OpenedSegment, type SegmentHeader } from './segment-seal.js';
export { writeSegments, importSegments, emptyLedger, SyncLedgerSchema, type SyncLedger, type ImportResult, type ImportRefusal } from './sync-folder.js';
export { SyncError, type SyncErrorCode } from './sync-error.js';
export { FolderSync, type FolderSyncOptions, type SyncPassReport } from './folder-sync.js';
export { SyncControl, type SyncKeyStore, type SyncState } from './sync-control.js';
export { pairingCode, parsePairingCode, folderIdOf, PAIRING_WORDS } from './pairing-code.js';
export { SyncRunner, type SyncRunnerOptions } from './sync-runner.js';
export { syncStatusDto } from './sync-status.js';

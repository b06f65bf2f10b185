/** agents/dream: consolidation — merge duplicates, resolve conflicts, roll up old episodes, decay. */
export { dream } from './dream.js';
export { DREAM_MODES, DreamModeSchema, type DreamAction, type DreamChange, type DreamMode, type DreamOptions, type DreamReport } from './dream-types.js';
export { recentlyUsed } from './episodic-rollup.js';
export { findEntityDuplicates, urlKey, type EntityMergeGroup } from './entity-duplicates.js';
export { REFLECTION_REVIEW_PROMPT } from './reflection-review.js';
export { DREAM_CHECKPOINT_KEY, DreamCheckpointSchema, EXPERIENCE_WINDOW_KINDS, FIRST_WINDOW_DAYS, readCheckpoint, type DreamCheckpoint, type KindCounts } from './dream-checkpoint.js';
export { EXPERIENCE_REVIEW_PROMPT } from './experience-window.js';
export { DreamApplyError, previewDream, type DreamApplyErrorCode, type DreamApplyReport, type DreamProposal, type DreamReview, type KeptChange, type PreviewOptions, type ProposalItem } from './dream-preview.js';
export { ARCHIVE_LAST_RUN, archiveDue, archiveUnused, type ArchiveReport } from './archive-pass.js';

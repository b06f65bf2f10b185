import type { Migration } from './migration.js';
import { m001Initial } from './001-initial.js';
import { m002HealthAndAccounting } from './002-health-and-accounting.js';
import { m003FtsContext } from './003-fts-context.js';
import { m004Passages } from './004-passages.js';
import { m005Graph } from './005-graph.js';
import { m006FrameMasks } from './006-frame-masks.js';
import { m007ThreadSummaries } from './007-thread-summaries.js';
import { m008BehaviourDirectives } from './008-behaviour-directives.js';
import { m009PassageVectors } from './009-passage-vectors.js';
import { m010EntityApart } from './010-entity-apart.js';
import { m011MemoryIdCurrent } from './011-memory-id-current.js';
import { m012TrustedSources } from './012-trusted-sources.js';
import { m013PassageTrigrams } from './013-passage-trigrams.js';
import { m014MemoryArchive } from './014-memory-archive.js';
import { m015FrameWords } from './015-frame-words.js';
import { m016SyncChangeLog } from './016-sync-change-log.js';
import { m017FrameWordsPacked } from './017-frame-words-packed.js';
import { m018TrigramRowidsOnly } from './018-trigram-rowids-only.js';
import { m019FrameWordsRowid } from './019-frame-words-rowid.js';
import { m020ConsolidationReviews } from './020-consolidation-reviews.js';
import { m021FrameBands } from './021-frame-bands.js';
import { m022ConsolidationReviewTombstones } from './022-consolidation-review-tombstones.js';
import { m023VaultRescrubDue } from './023-vault-rescrub-due.js';

export type { Migration };

/** Every schema version in order. Append only; never edit a released migration. */
export const MIGRATIONS: readonly Migration[] = [m001Initial, m002HealthAndAccounting, m003FtsContext, m004Passages, m005Graph, m006FrameMasks, m007ThreadSummaries, m008BehaviourDirectives, m009PassageVectors, m010EntityApart, m011MemoryIdCurrent, m012TrustedSources, m013PassageTrigrams, m014MemoryArchive, m015FrameWords, m016SyncChangeLog, m017FrameWordsPacked, m018TrigramRowidsOnly, m019FrameWordsRowid, m020ConsolidationReviews, m021FrameBands, m022ConsolidationReviewTombstones, m023VaultRescrubDue];
export const LATEST_SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;

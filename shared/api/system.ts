import { z } from 'zod';
import { ExportKindSchema, IsoTime, MEMORY_TABS } from '../memory/index.js';
import { defineRequest } from './common.js';
import { lazySchema } from './lazy-schema.js';

/** Long work the user may want to watch: OCR backlog, consolidation, export. */
export const ProgressTaskSchema = lazySchema(() => z.object({
  id: z.string(),
  label: z.string(),
  state: z.enum(['idle', 'running', 'done', 'error']),
  /** null when the amount of work is not known (indeterminate bar). */
  done: z.number().nullable(),
  total: z.number().nullable(),
  detail: z.string().nullable(),
  updated_at: IsoTime,
}));
export type ProgressTask = z.infer<typeof ProgressTaskSchema>;

export const FeaturesSchema = lazySchema(() => z.object({
  capture: z.boolean(),
  chat: z.boolean(),
  consolidation: z.boolean(),
  export: z.boolean(),
}));
export type Features = z.infer<typeof FeaturesSchema>;

export const AppInfoSchema = lazySchema(() => z.object({
  version: z.string(),
  host: z.enum(['electron', 'headless']),
  data_dir: z.string(),
  /** No model key configured: chat answers extractively and agents use the offline rules. */
  offline: z.boolean(),
  features: FeaturesSchema,
  now: IsoTime,
}));
export type AppInfo = z.infer<typeof AppInfoSchema>;

export const EncryptionStatusSchema = lazySchema(() => z.object({
  database: z.string(),
  frames: z.string(),
  key_source: z.string(),
}));

/** Desktop app only: whether Chromium's sandbox contains the windows (off: an AppImage's --no-sandbox). */
export const SandboxStatusSchema = lazySchema(() => z.object({ on: z.boolean(), detail: z.string() }));

export const StorageStatusSchema = lazySchema(() => z.object({
  data_dir: z.string(),
  db_bytes: z.number(),
  frame_bytes: z.number(),
  audio_bytes: z.number(),
  counts: z.record(z.string(), z.number().int()),
  pending_embeddings: z.number().int(),
}));

/**
 * The re-scrub after an update that taught the redaction new shapes: secrets found and masked in
 * what was kept before (each place it was kept counts), and whether kept text still waits for it.
 */
/** backups_masked: secrets masked in the backups of DATA_DIR/backups, each replaced by its re-scrubbed copy (agents/store backup-rescrub.ts). */
export const RescrubStatusSchema = lazySchema(() => z.object({ masked: z.number().int().nonnegative(), pending: z.boolean(), backups_masked: z.number().int().nonnegative().optional() }));

/** What an export wrote: counts, and where (null: the host's own output, e.g. the CLI's standard output). */
export const ExportSummarySchema = lazySchema(() => z.object({
  path: z.string().nullable(),
  format: z.enum(['json', 'markdown', 'archive']),
  memories: z.number().int().nonnegative(),
  secrets: z.enum(['masked', 'included']),
  by_kind: z.record(z.string(), z.number().int()).optional(),
  frames: z.number().int().optional(),
  frames_missing: z.number().int().optional(),
  observations: z.number().int().optional(),
  threads: z.number().int().optional(),
  messages: z.number().int().optional(),
  key: z.enum(['master-key', 'passphrase']).optional(),
}));
export type ExportSummaryDto = z.infer<typeof ExportSummarySchema>;

/** What consolidation may be limited to: a memory tab, or the graph's entities. */
export const ConsolidationKindSchema = lazySchema(() => z.enum([...MEMORY_TABS, 'entities']));
export type ConsolidationKind = z.infer<typeof ConsolidationKindSchema>;

const ProposalItemSchema = lazySchema(() => z.object({ id: z.string(), title: z.string(), text: z.string() }));

/** One change a consolidation dry run proposes: the user accepts it by id. */
export const ConsolidationChangeSchema = lazySchema(() => z.object({
  id: z.string(),
  action: z.enum(['merge', 'supersede', 'rollup', 'compress', 'rewrite', 'distill', 'entity_merge']),
  kind: z.enum([...MEMORY_TABS, 'entity']),
  /** The offline rules, or the model's review. */
  source: z.enum(['rules', 'model']),
  reason: z.string(),
  /** What goes in, as it stands now. */
  before: z.array(ProposalItemSchema),
  /** What stands for them afterwards (id null: a new memory); null where it is only known once applied. */
  after: z.object({ id: z.string().nullable(), title: z.string(), text: z.string() }).nullable(),
}));
export type ConsolidationChangeDto = z.infer<typeof ConsolidationChangeSchema>;

/** A dry run to review: its id, every change it proposes, and a one-line summary. */
export const ConsolidationPreviewSchema = lazySchema(() => z.object({ preview_id: z.string(), changes: z.array(ConsolidationChangeSchema), summary: z.string(), review_error: z.string().nullable() }));
export type ConsolidationPreviewDto = z.infer<typeof ConsolidationPreviewSchema>;

const Count = lazySchema(() => z.number().int().nonnegative());
const FilePath = lazySchema(() => z.string().min(1).max(4096));

/** What an import changed (or, dry run, would change). */
export const ImportReportSchema = lazySchema(() => z.object({
  format: z.enum(['json', 'archive']),
  dry_run: z.boolean(),
  memories: z.object({ inserted: Count, replaced: Count, unchanged: Count, kept_local: Count, total: Count }),
  /** Knowledge-vault entries whose secret value the file did not carry (a masked export). */
  secrets_masked: Count,
  /** Core blocks not restored: no seal of this Engram's vouches that the file is the user's own export (see docs/threat-model.md). */
  core_held: Count.default(0),
  /** Archives only: sources restored (ones already here are skipped). */
  sources: z.object({ frames: Count, observations: Count, threads: Count, messages: Count }).nullable(),
  /** People & projects added: entities, facts, and links (mentions, fact participants and sources); null for a file without a graph. */
  graph: z.object({ entities: Count, facts: Count, links: Count, updated: Count.default(0) }).nullable().default(null),
}));
export type ImportReportDto = z.infer<typeof ImportReportSchema>;

/** A backup of the database: where, how big, how long it took, at which schema version. */
export const BackupReportSchema = lazySchema(() => z.object({ path: z.string(), bytes: Count, took_ms: z.number().nonnegative(), schema_version: Count, memories: Count }));
export type BackupReportDto = z.infer<typeof BackupReportSchema>;

export const systemRequests = {
  /**
   * Opens a local file or folder (a path seen on screen, ~/… allowed) with the system's default app.
   * Desktop app only; refused with one line for a relative or missing path, and for programs,
   * scripts, installers and shortcuts (never run); browser mode refuses (UNAVAILABLE).
   */
  'system.open_path': defineRequest(lazySchema(() => z.object({ path: z.string().trim().min(1).max(4096) }).strict()), lazySchema(() => z.object({ path: z.string() }))),
  'app.info': defineRequest(lazySchema(() => z.object({})), AppInfoSchema),
  'progress.get': defineRequest(lazySchema(() => z.object({})), lazySchema(() => z.object({ tasks: z.array(ProgressTaskSchema) }))),
  'privacy.status': defineRequest(
    lazySchema(() => z.object({})),
    lazySchema(() => z.object({ encryption: EncryptionStatusSchema, storage: StorageStatusSchema, sandbox: SandboxStatusSchema.optional(), rescrub: RescrubStatusSchema.optional() })),
  ),
  /** Run consolidation now; progress arrives as events. dry_run: the summary says what would change; nothing changes. */
  'consolidation.run': defineRequest(
    lazySchema(() => z.object({ kinds: z.array(ConsolidationKindSchema).max(16).optional(), dry_run: z.boolean().optional() })),
    lazySchema(() => z.object({ started: z.boolean() })),
  ),
  /**
   * A dry run to review (and wait for): every change it would make, with its id and before/after
   * text. Nothing changes; the window then applies what the user accepted with consolidation.apply.
   */
  'consolidation.preview': defineRequest(lazySchema(() => z.object({ kinds: z.array(ConsolidationKindSchema).max(16).optional() })), ConsolidationPreviewSchema),
  /**
   * The latest dry run not yet applied or discarded, kept across restarts (in the encrypted store),
   * with when it ran; null when there is none. Forgetting a memory it quotes drops it.
   */
  'consolidation.pending': defineRequest(lazySchema(() => z.object({})), lazySchema(() => z.object({ pending: ConsolidationPreviewSchema.extend({ created_at: IsoTime }).nullable() }))),
  /** Drops the kept dry run without applying any of it; discarded is false when it was not the kept one. */
  'consolidation.discard': defineRequest(lazySchema(() => z.object({ preview_id: z.string().min(1).max(100) })), lazySchema(() => z.object({ discarded: z.boolean() }))),
  /**
   * Applies only the accepted changes of the latest dry run. Refused as a whole (CONFLICT, nothing
   * changed) when a memory a change touches moved since the dry run, or the dry run is spent or gone.
   */
  'consolidation.apply': defineRequest(
    lazySchema(() => z.object({ preview_id: z.string().min(1).max(100), accept: z.array(z.string().min(1).max(100)).max(5000) })),
    lazySchema(() => z.object({ applied: z.number().int(), summary: z.string() })),
  ),
  /** Export memories (with provenance and history) to a file in the data dir; progress arrives as events. */
  'export.run': defineRequest(
    lazySchema(() => z.object({ format: z.enum(['json', 'markdown']).default('json') })),
    lazySchema(() => z.object({ started: z.boolean(), path: z.string().nullable() })),
  ),
  /**
   * Export and wait for it: memories (JSON, Markdown) or an encrypted archive with frames, selected
   * by time and kind, to where the host's exporter writes (the window's: the data dir; the CLI's:
   * --out or standard output). Secrets in clear only where the host allows it (the CLI's flag).
   */
  'export.write': defineRequest(
    lazySchema(() => z.object({
      format: z.enum(['json', 'markdown', 'archive']).default('json'),
      since: IsoTime.optional(),
      kinds: z.array(ExportKindSchema).max(16).optional(),
      include_secrets: z.boolean().default(false),
    })),
    ExportSummarySchema,
  ),
  /**
   * Import a JSON export or an encrypted archive from a file on this machine, and wait for it;
   * progress arrives as events (task 'import'). The whole file is checked first and written in one
   * step: a damaged or foreign file changes nothing. Only where the host names files (the CLI).
   */
  'import.file': defineRequest(
    lazySchema(() => z.object({
      path: FilePath,
      dry_run: z.boolean().default(false),
      passphrase: z.string().min(1).max(4096).optional(),
      /** Restore core blocks from a file this Engram did not seal: the user says it is their own export. */
      trust_core: z.boolean().default(false),
    })),
    ImportReportSchema,
  ),
  /**
   * A consistent, still-encrypted copy of the database (default: DATA_DIR/backups), never over an
   * existing file; progress arrives as events (task 'backup'). Only where the host names files (the CLI).
   */
  'backup.write': defineRequest(lazySchema(() => z.object({ out: FilePath.optional() })), BackupReportSchema),
};

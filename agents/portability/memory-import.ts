import { RecordRestorer, retryOnBusy, type EngramStore, type GraphRestoreCounts, type RestoreOutcome } from '../store/index.js';
import { coreSealHolds } from './core-seal.js';
import type { ExportDocument } from './export-document.js';
import type { ExportProgress } from './memory-export.js';

export type MemoryImportCounts = Record<RestoreOutcome, number>;

export interface ImportReport {
  format: 'json' | 'archive';
  dry_run: boolean;
  memories: MemoryImportCounts & { total: number };
  /** Knowledge-vault entries whose secret value the file did not carry (a masked export). */
  secrets_masked: number;
  /**
   * Core memories (blocks in every answer's prompt) not restored: the file carries no seal this
   * Engram's key checks (core-seal.ts), so it is not known to be the user's own export.
   */
  core_held: number;
  /** Archives only: sources restored (already present ones are skipped). */
  sources: { frames: number; observations: number; threads: number; messages: number } | null;
  /** Entities, facts and links added from the file's graph; null when the file has none (format 1). */
  graph: GraphRestoreCounts | null;
}

export interface ImportOptions {
  /** Check and count everything, then roll back: nothing changes. */
  dryRun?: boolean;
  onProgress?: (p: ExportProgress) => void;
  /**
   * Restore the file's core blocks though no seal of this Engram's vouches for them: the user said,
   * at the command line, that the file is their own (an export from another machine).
   */
  trustCore?: boolean;
}

/** Thrown inside the transaction to undo a dry run after it has counted everything. */
class DryRunRollback<T> {
  constructor(readonly value: T) {}
}

/**
 * Runs a whole import as one IMMEDIATE write transaction, retried as a unit if another process
 * keeps the database busy. Either everything lands or nothing does; a dry run always rolls back.
 */
export async function inOneTransaction<T>(store: EngramStore, dryRun: boolean, fn: (restorer: RecordRestorer) => T): Promise<T> {
  const restorer = new RecordRestorer(store);
  try {
    return await retryOnBusy(() =>
      restorer.writeTransaction(() => {
        const value = fn(restorer);
        if (dryRun) throw new DryRunRollback(value);
        return value;
      }),
    );
  } catch (err) {
    if (err instanceof DryRunRollback) return err.value as T;
    throw err;
  }
}

/**
 * May this file's core blocks be restored? Only the user's own export: one sealed by this Engram's
 * master key (core-seal.ts), or one the user vouched for (trustCore). Any other file is someone's
 * text, and a core line from it would be an order in every later answer (issue 28).
 */
export function coreRestorable(store: EngramStore, doc: ExportDocument, opts: Pick<ImportOptions, 'trustCore'>): boolean {
  return opts.trustCore === true || coreSealHolds(store.masterKey, doc.memories, doc.core_seal);
}

/**
 * Puts the memories of a validated export back (call inside inOneTransaction). Same id: the newer
 * version wins. Core memories only when `core` (coreRestorable); otherwise counted as held.
 */
export function restoreMemories(
  restorer: RecordRestorer,
  doc: ExportDocument,
  onProgress?: (p: ExportProgress) => void,
  core = false,
): { counts: MemoryImportCounts; secretsMasked: number; coreHeld: number } {
  const counts: MemoryImportCounts = { inserted: 0, replaced: 0, unchanged: 0, kept_local: 0 };
  const masked = doc.secrets === 'masked';
  let secretsMasked = 0;
  let coreHeld = 0;
  const total = doc.memories.length;
  doc.memories.forEach((m, i) => {
    if (m.kind === 'core' && !core) coreHeld++;
    else {
      const { provenance, history, ...memory } = m;
      counts[restorer.memory({ memory, provenance, history }, { secretMasked: masked })]++;
      if (masked && m.kind === 'knowledge_vault') secretsMasked++;
    }
    if ((i + 1) % 500 === 0) onProgress?.({ done: i + 1, total });
  });
  onProgress?.({ done: total, total });
  return { counts, secretsMasked, coreHeld };
}

export async function importExportDocument(store: EngramStore, doc: ExportDocument, opts: ImportOptions = {}): Promise<ImportReport> {
  const core = coreRestorable(store, doc, opts);
  const { counts, secretsMasked, coreHeld, graph } = await inOneTransaction(store, opts.dryRun ?? false, (r) => {
    const restored = {
      ...restoreMemories(r, doc, opts.onProgress, core),
      // After the memories, so mentions and fact sources find the memories they point at.
      graph: doc.graph ? store.graph.restoreRows(doc.graph) : null,
    };
    // The file's text was redacted by the detectors of the Engram that wrote it, maybe older ones.
    store.recheckRedaction();
    return restored;
  });
  return {
    format: 'json',
    dry_run: opts.dryRun ?? false,
    memories: { ...counts, total: doc.memories.length },
    secrets_masked: secretsMasked,
    core_held: coreHeld,
    sources: null,
    graph,
  };
}

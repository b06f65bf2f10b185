import { LATEST_SCHEMA_VERSION, type EngramStore } from '../store/index.js';
import type { ByteSink } from './atomic-file.js';
import { coreSeal } from './core-seal.js';
import { EXPORT_FORMAT, EXPORT_FORMAT_VERSION, type ExportedMemory, type ExportHeader, type ExportKind } from './export-document.js';
import { MarkdownWriter } from './markdown-writer.js';
import { countSelected, readSelected, selectionPasses, type MemorySelection } from './memory-selection.js';
import { PortabilityError } from './portability-error.js';
import { exportMask } from './vault-mask.js';

export interface ExportProgress {
  done: number;
  total: number;
}

export interface ExportOptions extends MemorySelection {
  format: 'json' | 'markdown';
  /** Called every few hundred memories and once at the end. */
  onProgress?: (p: ExportProgress) => void;
  signal?: AbortSignal;
  now?: Date;
}

export interface ExportSummary {
  format: 'json' | 'markdown';
  memories: number;
  secrets: 'masked' | 'included';
  by_kind: Partial<Record<ExportKind, number>>;
}

const PROGRESS_EVERY = 200;

export function exportHeader(sel: MemorySelection, count: number, now: Date): ExportHeader {
  return {
    format: EXPORT_FORMAT,
    format_version: EXPORT_FORMAT_VERSION,
    exported_at: now.toISOString(),
    schema_version: LATEST_SCHEMA_VERSION,
    secrets: sel.includeSecrets ? 'included' : 'masked',
    filter: { since: sel.since != null ? new Date(sel.since).toISOString() : null, kinds: sel.kinds?.length ? [...sel.kinds] : null },
    count,
  };
}

export function countsByGroup(store: EngramStore, sel: MemorySelection): Partial<Record<ExportKind, number>> {
  return Object.fromEntries(selectionPasses(sel).map((p) => [p.group, store.memories.count(p.list)]));
}

/**
 * Writes every selected memory (with provenance and history) as JSON or Markdown. Runs in one read
 * transaction: a consistent snapshot even while the app or the MCP server writes (WAL readers never
 * block writers). The JSON puts one memory per line, so large exports diff and grep well.
 */
export function exportMemories(store: EngramStore, sink: ByteSink, opts: ExportOptions): ExportSummary {
  const now = opts.now ?? new Date();
  try {
    return store.transaction(() => {
      const total = countSelected(store, opts);
      const header = exportHeader(opts, total, now);
      const byKind: Partial<Record<ExportKind, number>> = {};
      const md = opts.format === 'markdown' ? new MarkdownWriter(sink) : null;
      if (md) md.header(header, countsByGroup(store, opts));
      else sink.write(JSON.stringify(header).slice(0, -1) + ',"memories":[\n');
      let done = 0;
      // The core memories as written, sealed at the end (core-seal.ts).
      const core: ExportedMemory[] = [];
      opts.onProgress?.({ done, total });
      for (const { group, memory } of readSelected(store, opts, opts.signal)) {
        if (md) md.memory(group, memory);
        else sink.write((done ? ',\n' : '') + JSON.stringify(memory));
        if (memory.kind === 'core') core.push(memory);
        done++;
        byKind[group] = (byKind[group] ?? 0) + 1;
        if (done % PROGRESS_EVERY === 0) opts.onProgress?.({ done, total });
      }
      if (!md) {
        const seal = core.length ? `,"core_seal":${JSON.stringify(coreSeal(store.masterKey, core))}` : '';
        sink.write(`\n],"graph":${JSON.stringify(exportMask(store, opts.includeSecrets)(store.graph.rows()))}${seal}}\n`);
      }
      opts.onProgress?.({ done, total });
      return { format: opts.format, memories: done, secrets: header.secrets, by_kind: byKind };
    });
  } catch (err) {
    if (opts.signal?.aborted) throw new PortabilityError('ABORTED', 'export cancelled; no file was written');
    throw err;
  }
}

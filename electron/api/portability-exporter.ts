import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { ExportSummaryDto } from '../../shared/api/index.js';
import type { EngramStore } from '../../agents/store/index.js';
import type { ArchiveSecret, ByteSink } from '../../agents/portability/index.js';
import type { Exporter, ExportJob } from './deps.js';
import { ApiCallError } from '../../shared/api/index.js';
import { fail, toApiError } from './errors.js';
import { portabilityRoom } from './portability-room.js';

/** Where one export goes: a sink to write to, then commit (keep) or abort (leave nothing). */
export interface ExportTarget {
  sink: ByteSink;
  /** The file written, or null for a host's own output (the CLI's standard output). */
  path: string | null;
  commit(): void;
  abort(): void;
}

export interface ExporterOptions {
  /** Where each export goes. Default: a new file <dataDir>/exports/engram-YYYYMMDD-HHMMSS.{json,md,engram-archive} (0600, atomic). */
  target?: (format: ExportJob['format']) => ExportTarget;
  /** Whether vault secrets may be written in clear when asked (the CLI's --include-secrets). Default: no. */
  allowSecrets?: boolean;
  /** An archive's passphrase (the CLI's --passphrase-file); without one, the data dir's master key. */
  passphrase?: string;
  signal?: AbortSignal;
  clock?: () => number;
}

/**
 * An export to a new file a host names (the CLI's --out): written atomically with mode 0600, never
 * over an existing file (refused as a typed error, before anything is exported).
 */
export async function fileExportTarget(file: string): Promise<ExportTarget> {
  const { AtomicFile } = await portabilityRoom.get();
  try {
    const f = new AtomicFile(file);
    return { sink: f, path: f.path, commit: () => f.commit(), abort: () => f.abort() };
  } catch (err) {
    throw new ApiCallError(toApiError(err));
  }
}

const EXTENSION = { json: 'json', markdown: 'md', archive: 'engram-archive' } as const;

/**
 * Export for the handler map: every selected memory with provenance and history (or an encrypted
 * archive with frames), to the host's target. The window's: a file in the data dir, secrets masked.
 */
export function portabilityExporter(store: EngramStore, opts: ExporterOptions = {}): Exporter {
  const clock = opts.clock ?? Date.now;
  const dataDirTarget = async (format: ExportJob['format']): Promise<ExportTarget> => {
    const dir = path.join(store.dataDir, 'exports');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const stamp = new Date(clock()).toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
    return fileExportTarget(path.join(dir, `engram-${stamp}.${EXTENSION[format]}`));
  };
  return {
    async run(job) {
      if (job.includeSecrets && !opts.allowSecrets) fail('INVALID_INPUT', 'Vault secrets are exported in clear only from the command line (engram export --include-secrets).');
      // Loaded on first use; and yields, so a request that started it answers before the export runs.
      const { exportArchive, exportMemories } = await portabilityRoom.get();
      const target = opts.target ? opts.target(job.format) : await dataDirTarget(job.format);
      const selection = { since: job.since, kinds: job.kinds, includeSecrets: job.includeSecrets, signal: opts.signal, onProgress: (p: { done: number; total: number }) => job.onProgress(p.done, p.total) };
      try {
        let summary: ExportSummaryDto;
        if (job.format === 'archive') {
          const secret: ArchiveSecret = opts.passphrase !== undefined ? { passphrase: opts.passphrase } : { masterKey: store.masterKey };
          summary = { path: target.path, format: 'archive', ...(await exportArchive(store, target.sink, { ...selection, secret })) };
        } else {
          const r = exportMemories(store, target.sink, { ...selection, format: job.format });
          summary = { path: target.path, format: r.format, memories: r.memories, secrets: r.secrets, by_kind: r.by_kind };
        }
        target.commit();
        return summary;
      } catch (err) {
        target.abort();
        throw err;
      }
    },
  };
}

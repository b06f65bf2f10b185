import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { RecordRestorer, type EngramStore } from '../store/index.js';
import { ArchiveReader, looksLikeArchive } from './archive-reader.js';
import { validateExportDocument } from './export-parser.js';
import { coreRestorable, importExportDocument, inOneTransaction, restoreMemories, type ImportOptions, type ImportReport } from './memory-import.js';
import { PortabilityError } from './portability-error.js';
import { errorLine } from '../../shared/text/index.js';

export interface ImportFileOptions extends ImportOptions {
  /** For archives made with --passphrase; without it, archives open with this store's master key. */
  passphrase?: string;
}

/** JSON.parse of a string this long would fail anyway (V8's string limit is ~512 MiB). */
const MAX_JSON_BYTES = 500 * 1024 * 1024;

function readJson(path: string, name: string): unknown {
  let size: number;
  try {
    size = statSync(path).size;
  } catch (err) {
    throw new PortabilityError('IO', `cannot read ${name}: ${(err as NodeJS.ErrnoException).code ?? errorLine(err)}`);
  }
  if (size > MAX_JSON_BYTES) throw new PortabilityError('INVALID_EXPORT', `${name} is too large for a JSON export (${Math.round(size / 1048576)} MiB); nothing was imported`);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new PortabilityError('IO', `cannot read ${name}: ${(err as NodeJS.ErrnoException).code ?? errorLine(err)}`);
  }
  const start = text.trimStart();
  if (start.startsWith('# Engram export')) {
    throw new PortabilityError('NOT_AN_EXPORT', `${name} is a Markdown export, which is for reading; import the JSON export (engram export --format json) instead`);
  }
  try {
    return JSON.parse(text);
  } catch {
    // The parser's message quotes the file's bytes: not repeated (could be anything, even a secret).
    throw new PortabilityError('NOT_AN_EXPORT', `${name} is not an Engram export (not valid JSON); nothing was imported`);
  }
}

async function importArchive(store: EngramStore, path: string, name: string, opts: ImportFileOptions): Promise<ImportReport> {
  const reader = new ArchiveReader(path, name);
  try {
    reader.unlock(opts.passphrase !== undefined ? { passphrase: opts.passphrase } : { masterKey: store.masterKey });
    const v = reader.verify();
    const dryRun = opts.dryRun ?? false;
    const frameIds = [...v.frames.keys()];
    const core = coreRestorable(store, v.doc, opts);
    try {
      return await inOneTransaction(store, dryRun, (r) => {
        const sources = { frames: 0, observations: 0, threads: 0, messages: 0 };
        for (const t of v.sources.threads) if (r.thread(t)) sources.threads++;
        for (const m of v.sources.messages) if (r.message(m)) sources.messages++;
        for (const f of v.sources.frames) {
          if (store.frames.get(f.id)) continue;
          // A dry run writes no files: it only counts what would be added.
          if (!dryRun) r.frame(f, reader.frameImage(v.frames.get(f.id)!));
          sources.frames++;
        }
        for (const o of v.sources.observations) if (r.observation(o)) sources.observations++;
        const { counts, secretsMasked, coreHeld } = restoreMemories(r, v.doc, opts.onProgress, core);
        const graph = v.doc.graph ? store.graph.restoreRows(v.doc.graph) : null;
        // What the archive holds was redacted by the detectors of the Engram that wrote it, maybe older ones.
        store.recheckRedaction();
        return {
          format: 'archive' as const,
          dry_run: dryRun,
          memories: { ...counts, total: v.doc.memories.length },
          secrets_masked: secretsMasked,
          core_held: coreHeld,
          sources,
          graph,
        };
      });
    } catch (err) {
      // The rows rolled back; frame files written before them did not.
      new RecordRestorer(store).discardOrphanFrames(frameIds);
      throw err;
    }
  } finally {
    reader.close();
  }
}

/**
 * Imports a JSON export or an encrypted archive. The whole file is read and validated before
 * anything is written, then written in one transaction: a malformed, foreign, truncated or tampered
 * file changes nothing. Importing the same file twice adds nothing the second time (same ids;
 * the newer version of a memory wins).
 */
export async function importFile(store: EngramStore, path: string, opts: ImportFileOptions = {}): Promise<ImportReport> {
  const name = basename(path);
  let archive: boolean;
  try {
    archive = looksLikeArchive(path);
  } catch (err) {
    throw new PortabilityError('IO', `cannot read ${name}: ${(err as NodeJS.ErrnoException).code ?? errorLine(err)}`);
  }
  if (archive) return importArchive(store, path, name, opts);
  const doc = validateExportDocument(readJson(path, name), name);
  return importExportDocument(store, doc, opts);
}

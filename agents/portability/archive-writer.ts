import type { EngramStore } from '../store/index.js';
import { ARCHIVE_FORMAT, ARCHIVE_FORMAT_VERSION, ARCHIVE_MAGIC, ENTRY_DOCUMENT, ENTRY_END, ENTRY_FRAME, type ArchiveFrame, type ArchiveHeader, type ArchiveSources } from './archive-format.js';
import { deriveArchiveKey, headerDigest, keyCheck, newKeySpec, sealEntry, type ArchiveSecret } from './archive-crypto.js';
import type { ByteSink } from './atomic-file.js';
import { coreSeal } from './core-seal.js';
import type { ExportDocument } from './export-document.js';
import { exportHeader, type ExportProgress } from './memory-export.js';
import { countSelected, readSelected, type MemorySelection } from './memory-selection.js';
import { PortabilityError } from './portability-error.js';
import { exportMask } from './vault-mask.js';

export interface ArchiveOptions extends MemorySelection {
  secret: ArchiveSecret;
  onProgress?: (p: ExportProgress) => void;
  signal?: AbortSignal;
  now?: Date;
  /** scrypt cost for passphrase archives (tests lower it; the archive records what was used). */
  scrypt?: { N: number; r: number; p: number };
}

export interface ArchiveSummary {
  memories: number;
  frames: number;
  /** Frames whose file was gone or damaged when read (recycled meanwhile): left out. */
  frames_missing: number;
  observations: number;
  threads: number;
  messages: number;
  secrets: 'masked' | 'included';
  key: 'master-key' | 'passphrase';
}

const PAGE = 2000;

/** Memories plus every source in the window, read in one snapshot. */
function snapshot(store: EngramStore, opts: ArchiveOptions, now: Date): { doc: ExportDocument; sources: ArchiveSources } {
  return store.transaction(() => {
    const total = countSelected(store, opts);
    const memories = [...readSelected(store, opts, opts.signal)].map((x) => x.memory);
    const mask = exportMask(store, opts.includeSecrets);
    const sealed = memories.some((m) => m.kind === 'core') ? { core_seal: coreSeal(store.masterKey, memories) } : {};
    const doc: ExportDocument = { ...exportHeader(opts, total, now), memories, graph: mask(store.graph.rows()), ...sealed };
    const since = opts.since ?? 0;
    const frames: ArchiveFrame[] = [];
    for (let offset = 0; ; offset += PAGE) {
      const page = store.frames.list({ since, order: 'oldest', limit: PAGE, offset });
      for (const f of page) frames.push({ id: f.id, display: f.display, captured_at: f.captured_at, width: f.width, height: f.height, phash: f.phash, app: f.app, title: f.title, url: f.url });
      if (page.length < PAGE) break;
    }
    const observations = [];
    for (let offset = 0; ; offset += PAGE) {
      const page = store.observations.list({ since, order: 'oldest', limit: PAGE, offset });
      observations.push(...page);
      if (page.length < PAGE) break;
    }
    const threads = [];
    const messages = [];
    for (const t of store.threads.list({ limit: 1_000_000 })) {
      const kept = store.messages.list(t.id).filter((m) => m.created_at >= since);
      if (kept.length === 0 && t.created_at < since) continue;
      threads.push(t);
      messages.push(...kept);
    }
    // The sources get the memories' cut (leak51): a note's Wi-Fi password masked in its memory was
    // still in the screen text, the chat message and the thread title it came from. The archive is
    // made to be opened elsewhere (a passphrase, another machine), so it holds what a JSON export
    // holds. The screenshots are not text: the CLI says they are unredacted.
    return { doc, sources: mask({ frames, observations, threads, messages }) };
  });
}

/**
 * The encrypted archive of an export plus its sources and frame images (format in archive-format.ts).
 * Images are decrypted from the store and sealed again under the archive key: derived from the master
 * key (HKDF) by default, or from a passphrase (scrypt) so it can be opened under another key.
 */
export async function exportArchive(store: EngramStore, sink: ByteSink, opts: ArchiveOptions): Promise<ArchiveSummary> {
  const now = opts.now ?? new Date();
  const spec = newKeySpec(opts.secret, opts.scrypt);
  const key = deriveArchiveKey(spec, opts.secret, 'archive');
  const header: ArchiveHeader = { format: ARCHIVE_FORMAT, format_version: ARCHIVE_FORMAT_VERSION, created_at: now.toISOString(), key: spec, key_check: keyCheck(key) };
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
  const digest = headerDigest(headerBytes);
  let index = 0;
  const put = (type: number, payload: Buffer, last = false) => {
    const sealed = sealEntry(key, digest, index++, last, Buffer.concat([Buffer.from([type]), payload]));
    const len = Buffer.alloc(4);
    len.writeUInt32BE(sealed.length);
    sink.write(len);
    sink.write(sealed);
  };

  try {
    const { doc, sources } = snapshot(store, opts, now);
    const total = doc.memories.length + sources.frames.length;
    opts.onProgress?.({ done: doc.memories.length, total });
    const lenBytes = Buffer.alloc(4);
    lenBytes.writeUInt32BE(headerBytes.length);
    sink.write(ARCHIVE_MAGIC);
    sink.write(lenBytes);
    sink.write(headerBytes);

    const written: ArchiveFrame[] = [];
    let missing = 0;
    // A frame kept as bands is put together off the event loop, one at a time.
    for (const [i, f] of sources.frames.entries()) {
      opts.signal?.throwIfAborted();
      let image: Buffer;
      try {
        image = await store.frames.readImage(f.id);
      } catch {
        missing++;
        continue;
      }
      const id = Buffer.from(f.id, 'utf8');
      const idLen = Buffer.alloc(2);
      idLen.writeUInt16BE(id.length);
      put(ENTRY_FRAME, Buffer.concat([idLen, id, image]));
      written.push(f);
      if ((i + 1) % 50 === 0) opts.onProgress?.({ done: doc.memories.length + i + 1, total });
    }
    // Observations keep their frame link only when that frame's image made it into the archive.
    const kept = new Set(written.map((f) => f.id));
    const observations = sources.observations.map((o) => (o.frame_id && !kept.has(o.frame_id) ? { ...o, frame_id: null } : o));
    put(ENTRY_DOCUMENT, Buffer.from(JSON.stringify({ export: doc, sources: { ...sources, frames: written, observations } }), 'utf8'));
    put(ENTRY_END, Buffer.from(JSON.stringify({ frames: written.length, entries: index + 1 }), 'utf8'), true);
    opts.onProgress?.({ done: total, total });
    return {
      memories: doc.memories.length,
      frames: written.length,
      frames_missing: missing,
      observations: observations.length,
      threads: sources.threads.length,
      messages: sources.messages.length,
      secrets: doc.secrets,
      key: spec.source,
    };
  } catch (err) {
    if (opts.signal?.aborted) throw new PortabilityError('ABORTED', 'export cancelled; no file was written');
    throw err;
  }
}

import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  ARCHIVE_MAGIC,
  ArchiveDocumentSchema,
  ArchiveEndSchema,
  ArchiveHeaderSchema,
  ENTRY_DOCUMENT,
  ENTRY_END,
  ENTRY_FRAME,
  MAX_ENTRY_BYTES,
  type ArchiveHeader,
  type ArchiveSources,
} from './archive-format.js';
import { deriveArchiveKey, headerDigest, keyMatches, openEntry, type ArchiveSecret } from './archive-crypto.js';
import type { ExportDocument } from './export-document.js';
import { validateExportDocument } from './export-parser.js';
import { PortabilityError } from './portability-error.js';
import { errorLine } from '../../shared/text/index.js';

interface EntryLocation {
  index: number;
  offset: number;
  length: number;
  last: boolean;
}

export interface VerifiedArchive {
  header: ArchiveHeader;
  doc: ExportDocument;
  sources: ArchiveSources;
  /** Where each frame's sealed image sits, to read it again while importing. */
  frames: Map<string, EntryLocation>;
}

/** True when the file starts with the archive magic. */
export function looksLikeArchive(path: string): boolean {
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(ARCHIVE_MAGIC.length);
    const n = readSync(fd, head, 0, head.length, 0);
    return n === head.length && head.equals(ARCHIVE_MAGIC);
  } finally {
    closeSync(fd);
  }
}

/** Reads an encrypted archive: header and key first, then every entry authenticated before any is trusted. */
export class ArchiveReader {
  private readonly fd: number;
  private readonly size: number;
  private key: Buffer | null = null;
  private digest: Buffer | null = null;
  private header: ArchiveHeader | null = null;
  private entriesStart = 0;

  constructor(
    path: string,
    private readonly name: string,
  ) {
    try {
      this.fd = openSync(path, 'r');
      this.size = fstatSync(this.fd).size;
    } catch (err) {
      throw new PortabilityError('IO', `cannot read ${name}: ${errorLine(err)}`);
    }
  }

  private damaged(why: string): PortabilityError {
    return new PortabilityError('DAMAGED_ARCHIVE', `${this.name} is damaged or was altered (${why}); nothing was imported`);
  }

  private read(offset: number, length: number): Buffer {
    if (offset + length > this.size) throw this.damaged('it ends early');
    const buf = Buffer.alloc(length);
    let got = 0;
    while (got < length) {
      const n = readSync(this.fd, buf, got, length - got, offset + got);
      if (n === 0) throw this.damaged('it ends early');
      got += n;
    }
    return buf;
  }

  unlock(secret: ArchiveSecret): ArchiveHeader {
    const magic = this.read(0, ARCHIVE_MAGIC.length);
    if (!magic.equals(ARCHIVE_MAGIC)) throw new PortabilityError('NOT_AN_EXPORT', `${this.name} is not an Engram archive; nothing was imported`);
    const headerLen = this.read(ARCHIVE_MAGIC.length, 4).readUInt32BE(0);
    if (headerLen > 64 * 1024) throw this.damaged('its header is too large');
    const headerBytes = this.read(ARCHIVE_MAGIC.length + 4, headerLen);
    let json: unknown;
    try {
      json = JSON.parse(headerBytes.toString('utf8'));
    } catch {
      throw this.damaged('its header is not readable');
    }
    const fv = (json as { format_version?: unknown })?.format_version;
    if ((json as { format?: unknown })?.format === ARCHIVE_FORMAT && typeof fv === 'number' && fv > ARCHIVE_FORMAT_VERSION) {
      throw new PortabilityError('NEWER_FORMAT', `${this.name} was written by a newer Engram (archive format ${fv}); update Engram to import it`);
    }
    const parsed = ArchiveHeaderSchema.safeParse(json);
    if (!parsed.success) throw this.damaged('its header is not an Engram archive header');
    const header = parsed.data;
    const key = deriveArchiveKey(header.key, secret, this.name);
    if (!keyMatches(key, header.key_check)) {
      throw new PortabilityError(
        'WRONG_KEY',
        header.key.source === 'passphrase'
          ? `wrong passphrase for ${this.name}; nothing was imported`
          : `${this.name} was made with another Engram master key; import it into the data dir it came from (or export again with a passphrase)`,
      );
    }
    this.key = key;
    this.digest = headerDigest(headerBytes);
    this.header = header;
    this.entriesStart = ARCHIVE_MAGIC.length + 4 + headerLen;
    return header;
  }

  private open(loc: EntryLocation): Buffer {
    const plain = openEntry(this.key!, this.digest!, loc.index, loc.last, this.read(loc.offset, loc.length));
    if (!plain) throw this.damaged(loc.last ? `entry ${loc.index} does not authenticate or the file was cut short` : `entry ${loc.index} does not authenticate`);
    return plain;
  }

  /** Pass one: authenticates every entry and validates the document, keeping no image in memory. */
  verify(): VerifiedArchive {
    if (!this.key || !this.header) throw new PortabilityError('WRONG_KEY', 'unlock the archive first');
    const frames = new Map<string, EntryLocation>();
    let doc: unknown = undefined;
    let end: unknown = undefined;
    let offset = this.entriesStart;
    let index = 0;
    while (offset < this.size) {
      if (end !== undefined) throw this.damaged('data follows its end marker');
      const length = this.read(offset, 4).readUInt32BE(0);
      if (length > MAX_ENTRY_BYTES) throw this.damaged(`entry ${index} is implausibly large`);
      const loc: EntryLocation = { index, offset: offset + 4, length, last: offset + 4 + length === this.size };
      const plain = this.open(loc);
      const type = plain[0];
      const body = plain.subarray(1);
      if (type === ENTRY_FRAME) {
        const idLen = body.readUInt16BE(0);
        const id = body.subarray(2, 2 + idLen).toString('utf8');
        if (frames.has(id)) throw this.damaged(`frame ${id} appears twice`);
        frames.set(id, loc);
      } else if (type === ENTRY_DOCUMENT || type === ENTRY_END) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(body.toString('utf8'));
        } catch {
          throw this.damaged(`entry ${index} is not readable`);
        }
        if (type === ENTRY_DOCUMENT) {
          if (doc !== undefined) throw this.damaged('it holds two documents');
          doc = parsed;
        } else end = parsed;
      } else throw this.damaged(`entry ${index} has an unknown type`);
      offset += 4 + length;
      index++;
    }
    if (end === undefined) throw this.damaged('it has no end marker: the file was cut short');
    if (doc === undefined) throw this.damaged('it holds no document');
    const endInfo = ArchiveEndSchema.safeParse(end);
    if (!endInfo.success || endInfo.data.entries !== index || endInfo.data.frames !== frames.size) throw this.damaged('its entry count does not match');
    const parsedDoc = ArchiveDocumentSchema.safeParse(doc);
    if (!parsedDoc.success) {
      const issue = parsedDoc.error.issues[0];
      throw new PortabilityError('INVALID_EXPORT', `${this.name} is not a valid Engram archive (${issue?.path.join('.') || 'document'}: ${issue?.message}); nothing was imported`);
    }
    const exportDoc = validateExportDocument(parsedDoc.data.export, this.name);
    const sources = parsedDoc.data.sources;
    const listed = new Set(sources.frames.map((f) => f.id));
    if (listed.size !== frames.size || [...frames.keys()].some((id) => !listed.has(id))) throw this.damaged('its frames do not match its document');
    const threadIds = new Set(sources.threads.map((t) => t.id));
    const orphan = sources.messages.find((m) => !threadIds.has(m.thread_id));
    if (orphan) throw this.damaged(`message ${orphan.id} belongs to no thread in the archive`);
    return { header: this.header, doc: exportDoc, sources, frames };
  }

  /** Pass two: one frame's image, authenticated again as it is read. */
  frameImage(loc: EntryLocation): Buffer {
    const body = this.open(loc).subarray(1);
    const idLen = body.readUInt16BE(0);
    return Buffer.from(body.subarray(2 + idLen));
  }

  close(): void {
    try {
      closeSync(this.fd);
    } catch {
      // already closed
    }
  }
}

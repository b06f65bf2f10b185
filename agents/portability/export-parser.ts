import { FieldsByKind } from '../../shared/index.js';
import { isValidId } from '../store/index.js';
import { EXPORT_FORMAT, EXPORT_FORMAT_VERSION, ExportDocumentSchema, type ExportDocument } from './export-document.js';
import { PortabilityError } from './portability-error.js';

type Issue = { path: PropertyKey[]; message: string };
const where = (path: PropertyKey[]): string =>
  path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${String(p)}`)).join('') || 'top level';

function invalid(name: string, issue: Issue | undefined): PortabilityError {
  return new PortabilityError('INVALID_EXPORT', `${name} is not a valid Engram export (${issue ? `${where(issue.path)}: ${issue.message}` : 'unknown problem'}); nothing was imported`);
}

/** Is this parsed JSON meant to be an Engram export at all (before judging whether it is a good one)? */
export function checkExportIdentity(json: unknown, name: string): void {
  const obj = json !== null && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : null;
  if (!obj || obj.format !== EXPORT_FORMAT) {
    throw new PortabilityError('NOT_AN_EXPORT', `${name} is not an Engram export (no "format": "${EXPORT_FORMAT}"); nothing was imported`);
  }
  if (typeof obj.format_version === 'number' && obj.format_version > EXPORT_FORMAT_VERSION) {
    throw new PortabilityError(
      'NEWER_FORMAT',
      `${name} was written by a newer Engram (export format ${obj.format_version}, this one reads up to ${EXPORT_FORMAT_VERSION}); update Engram to import it`,
    );
  }
}

/**
 * Validates a whole export before anything is written: the format, every memory's shape and
 * kind-specific fields, ids, and that the file was not cut short. Throws one line naming the
 * first problem.
 */
export function validateExportDocument(json: unknown, name: string): ExportDocument {
  checkExportIdentity(json, name);
  const parsed = ExportDocumentSchema.safeParse(json);
  if (!parsed.success) throw invalid(name, parsed.error.issues[0]);
  const doc = parsed.data;
  if (doc.memories.length !== doc.count) {
    throw new PortabilityError('INVALID_EXPORT', `${name} is incomplete: it announces ${doc.count} memories but holds ${doc.memories.length}; nothing was imported`);
  }
  const seen = new Set<string>();
  doc.memories.forEach((m, i) => {
    const at = (path: PropertyKey[], message: string) => invalid(name, { path: ['memories', i, ...path], message });
    if (!isValidId(m.id)) throw at(['id'], `"${m.id}" is not an Engram id`);
    if (seen.has(m.id)) throw at(['id'], `${m.id} appears twice`);
    seen.add(m.id);
    if (m.superseded_by !== null && !isValidId(m.superseded_by)) throw at(['superseded_by'], `"${m.superseded_by}" is not an Engram id`);
    const fields = FieldsByKind[m.kind].safeParse(m.fields);
    if (!fields.success) {
      const issue = fields.error.issues[0];
      throw at(['fields', ...(issue?.path ?? [])], issue?.message ?? 'invalid');
    }
    if (!m.title.trim() && !m.text.trim()) throw at(['text'], 'a memory needs a text');
    m.provenance.forEach((p, j) => {
      if (!p.source_id) throw at(['provenance', j, 'source_id'], 'empty source id');
    });
    m.history.forEach((h, j) => {
      if (h.snapshot.id !== m.id) throw at(['history', j, 'snapshot', 'id'], `snapshot of ${h.snapshot.id}, not of ${m.id}`);
      if (h.version >= m.version) throw at(['history', j, 'version'], `history version ${h.version} is not older than the memory (version ${m.version})`);
    });
  });
  return doc;
}

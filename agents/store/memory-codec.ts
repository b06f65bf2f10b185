import { hash } from 'node:crypto';
import type { Memory, MemoryKind } from '../../shared/index.js';
import { maskedVaultFields } from '../../shared/vault/index.js';

/** A memory row as SQLite returns it. */
export interface MemoryRow {
  seq: number;
  id: string;
  kind: MemoryKind;
  title: string;
  text: string;
  details: string;
  fields: string;
  app: string | null;
  occurred_at: number | null;
  ended_at: number | null;
  segment: string | null;
  created_at: number;
  updated_at: number;
  access_count: number;
  last_accessed_at: number | null;
  superseded_by: string | null;
  version: number;
  /** When the archive pass moved it out of search (null while current). */
  archived_at: number | null;
  is_experience: number;
  sensitivity: string | null;
  content_hash: string;
  embedded: number;
}

export const iso = (ms: number): string => new Date(ms).toISOString();
export const isoOrNull = (ms: number | null): string | null => (ms == null ? null : iso(ms));


export function rowToMemory(row: MemoryRow, reveal = false): Memory {
  let fields = JSON.parse(row.fields) as Record<string, unknown>;
  // Vault secrets are masked everywhere unless the user explicitly reveals them (shared/vault).
  if (row.kind === 'knowledge_vault' && !reveal) fields = maskedVaultFields(fields, row.sensitivity);
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    text: row.text,
    details: row.details,
    fields,
    app: row.app,
    occurred_at: isoOrNull(row.occurred_at),
    ended_at: isoOrNull(row.ended_at),
    segment: row.segment,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    access_count: row.access_count,
    last_accessed_at: isoOrNull(row.last_accessed_at),
    superseded_by: row.superseded_by,
    version: row.version,
    archived_at: isoOrNull(row.archived_at),
  };
}

/** What the embedder sees: title and main text (details can be long OCR; BM25 covers them). */
export function embeddingText(row: Pick<MemoryRow, 'title' | 'text'>): string {
  const t = row.title && !row.text.startsWith(row.title) ? `${row.title}. ${row.text}` : row.text;
  return t.slice(0, 1000);
}

/** sha256 of the parts, each followed by a NUL (one-shot: a Hash object per call cost twice as much). */
export function contentHash(parts: string[]): string {
  return hash('sha256', parts.map((p) => `${p}\u0000`).join(''), 'hex').slice(0, 32);
}

import { z } from 'zod';
import { GraphRowsSchema } from '../store/index.js';
import { ExportKindSchema, IsoTime, MemoryHistoryEntrySchema, MemorySchema, ProvenanceSchema, type ExportKind } from '../../shared/index.js';

/** The JSON export format. Bump EXPORT_FORMAT_VERSION on any change an older importer would misread. */
export const EXPORT_FORMAT = 'engram-export';
export const EXPORT_FORMAT_VERSION = 2;
// 2: adds "graph" (entities, their facts and links) after the memories; a version 1 file (no graph) still imports.

export { ExportKindSchema, type ExportKind };

/** One memory with everything needed to put it back exactly: row, sources cited, earlier versions. */
export const ExportedMemorySchema = MemorySchema.extend({
  provenance: z.array(ProvenanceSchema),
  history: z.array(MemoryHistoryEntrySchema),
});
export type ExportedMemory = z.infer<typeof ExportedMemorySchema>;

/** The header of an export, everything but the memories (also the first line of the file). */
export const ExportHeaderSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  format_version: z.number().int().min(1),
  exported_at: IsoTime,
  /** The store schema the data came from (informational: the format, not the schema, decides compatibility). */
  schema_version: z.number().int().min(0),
  /** masked: knowledge-vault secret values were replaced by a mask; included: they are in the file in clear. */
  secrets: z.enum(['masked', 'included']),
  filter: z.object({ since: IsoTime.nullable(), kinds: z.array(ExportKindSchema).nullable() }),
  /** How many memories follow; a file with fewer was cut short and is refused. */
  count: z.number().int().min(0),
});
export type ExportHeader = z.infer<typeof ExportHeaderSchema>;

export const ExportDocumentSchema = ExportHeaderSchema.extend({
  memories: z.array(ExportedMemorySchema),
  graph: GraphRowsSchema.optional(),
  /**
   * The writer's seal on the core memories (core-seal.ts): an importer restores core blocks only
   * when its own master key checks it. Older importers ignore it; a file without it holds no core
   * block the importer will restore unasked.
   */
  core_seal: z.string().max(200).optional(),
});
export type ExportDocument = z.infer<typeof ExportDocumentSchema>;

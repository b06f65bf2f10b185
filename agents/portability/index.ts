/** agents/portability: export (JSON, Markdown, encrypted archive), import, and backup of the store. */
export { PortabilityError, type PortabilityErrorCode } from './portability-error.js';
export {
  EXPORT_FORMAT,
  EXPORT_FORMAT_VERSION,
  ExportKindSchema,
  ExportDocumentSchema,
  type ExportKind,
  type ExportDocument,
  type ExportedMemory,
  type ExportHeader,
} from './export-document.js';
export { type MemorySelection } from './memory-selection.js';
export { AtomicFile, type ByteSink } from './atomic-file.js';
export { exportMemories, type ExportOptions, type ExportProgress, type ExportSummary } from './memory-export.js';
export { exportArchive, type ArchiveOptions, type ArchiveSummary } from './archive-writer.js';
export { type ArchiveSecret } from './archive-crypto.js';
export { validateExportDocument } from './export-parser.js';
export { importFile, type ImportFileOptions } from './importer.js';
export { type ImportReport, type ImportOptions } from './memory-import.js';
export { backupStore, defaultBackupPath, type BackupOptions } from './backup.js';

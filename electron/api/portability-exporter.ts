import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { EngramStore } from '../../agents/store/index.js';
import type { Exporter } from './deps.js';

/**
 * Export from the UI: every memory with provenance and history, secrets masked, to
 * <dataDir>/exports/engram-YYYYMMDD-HHMMSS.{json,md} (mode 0600, written atomically).
 */
export function portabilityExporter(store: EngramStore, clock: () => number = Date.now): Exporter {
  return {
    async run({ format, onProgress, signal }) {
      // Loaded on first use; and yields, so the request that started it answers before the (synchronous) export runs.
      const { AtomicFile, exportMemories } = await import('../../agents/portability/index.js');
      const dir = path.join(store.dataDir, 'exports');
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      const stamp = new Date(clock()).toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
      const file = path.join(dir, `engram-${stamp}.${format === 'json' ? 'json' : 'md'}`);
      const sink = new AtomicFile(file);
      try {
        const summary = exportMemories(store, sink, { format, signal, onProgress: (p) => onProgress(p.done, p.total) });
        sink.commit();
        return { path: file, count: summary.memories };
      } catch (err) {
        sink.abort();
        throw err;
      }
    },
  };
}

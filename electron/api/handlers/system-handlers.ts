import type { ApiErrorCode } from '../../../shared/api/index.js';
import type { DreamApplyErrorCode } from '../../../agents/dream/index.js';
import { fail } from '../errors.js';
import type { ApiDeps } from '../deps.js';
import type { HandlerGroup } from '../handler-types.js';

const KEY_DESCRIPTIONS: Record<string, string> = {
  'key file': 'Random 256-bit key in a file only you can read (mode 0600)',
  ENGRAM_KEY: 'Random 256-bit key from the ENGRAM_KEY environment variable',
  static: 'Key supplied by the host',
};

type SystemNames = 'app.info' | 'progress.get' | 'privacy.status' | 'consolidation.run' | 'consolidation.preview' | 'consolidation.apply' | 'consolidation.pending' | 'consolidation.discard' | 'export.run' | 'export.write';

const APPLY_CODES: Record<DreamApplyErrorCode, ApiErrorCode> = { NOT_FOUND: 'NOT_FOUND', STALE: 'CONFLICT', USED: 'CONFLICT' };

export function systemHandlers(deps: ApiDeps, isOffline: () => boolean): HandlerGroup<SystemNames> {
  const clock = deps.clock ?? Date.now;
  const { store, progress } = deps;

  return {
    'app.info': () => ({
      version: deps.version,
      host: deps.host,
      data_dir: store.dataDir,
      offline: isOffline(),
      features: {
        capture: !!deps.capture,
        chat: !!(deps.chat || deps.chatLoader),
        consolidation: !!deps.consolidator,
        export: !!deps.exporter,
      },
      now: new Date(clock()).toISOString(),
    }),

    'progress.get': () => ({ tasks: progress.snapshot() }),

    'privacy.status': () => {
      const s = store.stats();
      return {
        encryption: {
          database: 'SQLCipher (AES-256) via SQLite3MultipleCiphers, secure delete on',
          frames: 'AES-256-GCM, per-purpose key derived with HKDF',
          key_source: deps.keyDescription ?? KEY_DESCRIPTIONS[store.keyKind] ?? store.keyKind,
        },
        storage: {
          data_dir: store.dataDir,
          db_bytes: s.db_bytes,
          frame_bytes: s.frame_bytes,
          audio_bytes: s.audio_bytes,
          counts: s.counts,
          pending_embeddings: s.pending_embeddings,
        },
        ...(deps.sandbox ? { sandbox: deps.sandbox } : {}),
        rescrub: { masked: s.counters['redaction.rescrub.masked'] ?? 0, pending: store.rescrubDue, backups_masked: s.counters['redaction.rescrub.backup_masked'] ?? 0 },
      };
    },

    'consolidation.run': (input) => {
      const c = deps.consolidator;
      if (!c) fail('UNAVAILABLE', 'Consolidation is not available in this window.');
      if (progress.isRunning('consolidation')) return { started: false };
      progress.set('consolidation', { label: 'Consolidating memories', state: 'running', done: null, total: null, detail: null });
      void c
        .run({
          kinds: input.kinds,
          dryRun: input.dry_run,
          onProgress: (done, total, detail) => progress.set('consolidation', { state: 'running', done, total, detail: detail ?? null }),
        })
        .then(
          (r) => progress.set('consolidation', { state: 'done', detail: r.summary }),
          (err: unknown) => progress.set('consolidation', { state: 'error', detail: err instanceof Error ? err.message : 'consolidation failed' }),
        );
      return { started: true };
    },

    'consolidation.preview': async (input) => {
      const c = deps.consolidator;
      if (!c?.preview) fail('UNAVAILABLE', 'Consolidation is not available in this window.');
      if (progress.isRunning('consolidation')) fail('BUSY', 'Consolidation is already running.');
      progress.set('consolidation', { label: 'Looking for what consolidation would change', state: 'running', done: null, total: null, detail: null });
      try {
        const r = await c.preview({ kinds: input.kinds, onProgress: (done, total, detail) => progress.set('consolidation', { state: 'running', done, total, detail: detail ?? null }) });
        progress.set('consolidation', { state: 'done', detail: r.summary });
        return r;
      } catch (err) {
        progress.set('consolidation', { state: 'error', detail: err instanceof Error ? err.message : 'consolidation failed' });
        throw err;
      }
    },

    'consolidation.apply': async (input) => {
      const c = deps.consolidator;
      if (!c?.apply) fail('UNAVAILABLE', 'Consolidation is not available in this window.');
      if (progress.isRunning('consolidation')) fail('BUSY', 'Consolidation is already running.');
      try {
        const r = await c.apply({ previewId: input.preview_id, accept: input.accept });
        progress.set('consolidation', { label: 'Consolidating memories', state: 'done', done: null, total: null, detail: r.summary });
        return r;
      } catch (err) {
        // The dream room is loaded by now (the apply ran on it): importing it here costs nothing, and other requests never load it.
        const { DreamApplyError } = await import('../../../agents/dream/index.js');
        if (err instanceof DreamApplyError) fail(APPLY_CODES[err.code], err.message);
        throw err;
      }
    },

    'consolidation.pending': () => ({ pending: deps.consolidator?.pending?.() ?? null }),

    'consolidation.discard': (input) => {
      const c = deps.consolidator;
      if (!c?.discard) fail('UNAVAILABLE', 'Consolidation is not available in this window.');
      if (progress.isRunning('consolidation')) fail('BUSY', 'Consolidation is already running.');
      return { discarded: c.discard(input.preview_id) };
    },

    'export.run': (input) => {
      const e = deps.exporter;
      if (!e) fail('UNAVAILABLE', 'Export is not available in this window; use `engram export`.');
      if (progress.isRunning('export')) return { started: false, path: null };
      progress.set('export', { label: `Exporting memories (${input.format})`, state: 'running', done: 0, total: null, detail: null });
      void e
        .run({
          format: input.format,
          includeSecrets: false,
          onProgress: (done, total, detail) => progress.set('export', { state: 'running', done, total, detail: detail ?? null }),
        })
        .then(
          (r) => progress.set('export', { state: 'done', done: r.memories, total: r.memories, detail: r.path }),
          (err: unknown) => progress.set('export', { state: 'error', detail: err instanceof Error ? err.message : 'export failed' }),
        );
      return { started: true, path: null };
    },

    'export.write': async (input) => {
      const e = deps.exporter;
      if (!e) fail('UNAVAILABLE', 'Export is not available here.');
      if (progress.isRunning('export')) fail('BUSY', 'An export is already running; try again when it is done.');
      progress.set('export', { label: `Exporting memories (${input.format})`, state: 'running', done: 0, total: null, detail: null });
      try {
        const r = await e.run({
          format: input.format,
          since: input.since !== undefined ? Date.parse(input.since) : undefined,
          kinds: input.kinds,
          includeSecrets: input.include_secrets,
          onProgress: (done, total, detail) => progress.set('export', { state: 'running', done, total, detail: detail ?? null }),
        });
        progress.set('export', { state: 'done', done: r.memories, total: r.memories, detail: r.path });
        return r;
      } catch (err) {
        progress.set('export', { state: 'error', detail: err instanceof Error ? err.message : 'export failed' });
        throw err;
      }
    },
  };
}

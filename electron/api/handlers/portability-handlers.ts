import type { ApiDeps } from '../deps.js';
import { fail } from '../errors.js';
import type { HandlerGroup } from '../handler-types.js';
import { portabilityRoom } from '../portability-room.js';

type PortabilityNames = 'import.file' | 'backup.write';

/**
 * Import from a file and back up the database: requests that name files on this machine, so only a
 * host whose user typed the names (the CLI: deps.fileAccess) may make them; a window may not read
 * or write where it likes. Progress goes out as the 'import' and 'backup' tasks.
 */
export function portabilityHandlers(deps: ApiDeps): HandlerGroup<PortabilityNames> {
  const { store, progress } = deps;
  const allowed = (what: string) => {
    if (!deps.fileAccess) fail('UNAVAILABLE', `${what} runs from the command line (engram ${what.toLowerCase()}).`);
  };
  /** Runs one task under its progress id: refused while one runs, marked done or failed after. */
  const task = async <T>(id: string, label: string, run: () => Promise<T> | T, done: (r: T) => { done: number; detail: string | null }): Promise<T> => {
    if (progress.isRunning(id)) fail('BUSY', `${label} is already running; try again when it is done.`);
    progress.set(id, { label, state: 'running', done: 0, total: null, detail: null });
    try {
      const r = await run();
      const d = done(r);
      progress.set(id, { state: 'done', done: d.done, total: d.done, detail: d.detail });
      return r;
    } catch (err) {
      progress.set(id, { state: 'error', detail: err instanceof Error ? err.message : `${id} failed` });
      throw err;
    }
  };

  return {
    'import.file': async (input) => {
      allowed('Import');
      const { importFile } = await portabilityRoom.get();
      return task(
        'import',
        'An import',
        () => importFile(store, input.path, { dryRun: input.dry_run, passphrase: input.passphrase, trustCore: input.trust_core, onProgress: (p) => progress.set('import', { state: 'running', done: p.done, total: p.total }) }),
        (r) => ({ done: r.memories.total, detail: null }),
      );
    },
    'backup.write': async (input) => {
      allowed('Backup');
      const { backupStore } = await portabilityRoom.get();
      return task('backup', 'A backup', () => backupStore(store, { out: input.out }), (r) => ({ done: r.memories, detail: r.path }));
    },
  };
}

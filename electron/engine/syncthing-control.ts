import { fail, type SyncthingControl } from '../api/index.js';
import type { ApiErrorCode } from '../../shared/api/index.js';
import { SyncthingError, SyncthingManager, type SyncthingErrorCode } from '../syncthing/index.js';

const CODES: Record<SyncthingErrorCode, ApiErrorCode> = {
  NOT_FOUND: 'UNAVAILABLE',
  NOT_RUNNING: 'UNAVAILABLE',
  START_FAILED: 'UNAVAILABLE',
  REST: 'UNAVAILABLE',
  BAD_INPUT: 'INVALID_INPUT',
  CONFIG: 'DAMAGED',
};

async function typed<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof SyncthingError) fail(CODES[err.code], err.message);
    throw err;
  }
}

/** The handler map's Syncthing: Engram's own instance, its home inside the data dir. */
export function syncthingControl(dataDir: string, env: NodeJS.ProcessEnv): SyncthingControl {
  const manager = new SyncthingManager({ dataDir, env });
  return {
    status: () => typed(() => manager.status()),
    start: (input) => typed(() => manager.start(input)),
    stop: () => typed(() => manager.stop()),
    addDevice: (id, opts) => typed(() => manager.addDevice(id, opts)),
  };
}

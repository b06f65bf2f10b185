import type { ApiDeps, SyncthingControl } from '../deps.js';
import { fail } from '../errors.js';
import type { HandlerGroup } from '../handler-types.js';

type Names = 'syncthing.status' | 'syncthing.start' | 'syncthing.stop' | 'syncthing.addDevice';

/** Engram's own Syncthing instance, for the CLI and the window alike. */
export function syncthingHandlers(deps: ApiDeps): HandlerGroup<Names> {
  const control = (): SyncthingControl => deps.syncthing ?? fail('UNAVAILABLE', 'Syncthing is not available in this host.');
  return {
    'syncthing.status': () => control().status(),
    'syncthing.start': (input) => control().start(input),
    'syncthing.stop': () => control().stop(),
    'syncthing.addDevice': (input) => control().addDevice(input.device_id, { address: input.address, name: input.name }),
  };
}

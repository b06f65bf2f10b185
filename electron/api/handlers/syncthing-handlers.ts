import { SyncKeyFile } from '../../../agents/store/index.js';
import type { SyncthingInstanceStatus, SyncthingStatusDto } from '../../../shared/api/index.js';
import { SYNCTHING_SETTINGS_KEY, SyncthingSettingsSchema } from '../../../shared/settings/index.js';
import type { ApiDeps, SyncthingControl } from '../deps.js';
import { fail } from '../errors.js';
import type { HandlerGroup } from '../handler-types.js';

type Names = 'syncthing.status' | 'syncthing.start' | 'syncthing.stop' | 'syncthing.addDevice' | 'syncthing.autostart';

/**
 * Engram's own Syncthing instance, for the CLI and the window alike. Starting it by hand records
 * the user's choice of it (the app and serve then start it by themselves while sync is on);
 * stopping it by hand clears the choice, a host that quits keeps it.
 */
export function syncthingHandlers(deps: ApiDeps): HandlerGroup<Names> {
  const control = (): SyncthingControl => deps.syncthing ?? fail('UNAVAILABLE', 'Syncthing is not available in this host.');
  const chosen = () => deps.store.settings.get(SYNCTHING_SETTINGS_KEY, SyncthingSettingsSchema, { own_instance: false }).own_instance;
  const choose = (own: boolean) => deps.store.settings.set(SYNCTHING_SETTINGS_KEY, { own_instance: own });
  const withChoice = (s: SyncthingInstanceStatus): SyncthingStatusDto => ({ ...s, own_instance: chosen() });
  /** The sync folder while sync is on; the sync room loads only here, when a host starts. */
  const syncFolder = async (): Promise<string | null> => {
    const { SyncControl } = await import('../../../agents/sync/index.js');
    return new SyncControl(deps.store, deps.syncKeys ?? new SyncKeyFile(deps.store.dataDir)).folder();
  };
  return {
    'syncthing.status': async () => withChoice(await control().status()),
    'syncthing.start': async (input) => {
      // The choice is the user's from the moment they ask: the process runs (and a status read
      // says so) before start() has waited for its API, and that status must not call it not
      // ours. A start that fails puts the earlier choice back.
      const before = chosen();
      choose(true);
      try {
        return withChoice(await control().start(input));
      } catch (err) {
        choose(before);
        throw err;
      }
    },
    'syncthing.stop': async (input) => {
      const s = await control().stop();
      if (!input.keep_choice) choose(false);
      return withChoice(s);
    },
    'syncthing.addDevice': async (input) => withChoice(await control().addDevice(input.device_id, { address: input.address, name: input.name })),
    'syncthing.autostart': async () => {
      const folder = chosen() ? await syncFolder() : null;
      return withChoice(folder ? await control().start({ folder }) : await control().status());
    },
  };
}

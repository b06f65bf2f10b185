import { z } from 'zod';

/** Settings key of the user's choice of Engram's own Syncthing (issue 33). */
export const SYNCTHING_SETTINGS_KEY = 'syncthing';

export const SyncthingSettingsSchema = z.object({
  /**
   * The user started Engram's own Syncthing (Settings → Sync or `engram syncthing start`): the app
   * and `engram serve` start it again by themselves while sync is on. Stopping it by hand clears it.
   */
  own_instance: z.boolean().default(false),
});
export type SyncthingSettings = z.infer<typeof SyncthingSettingsSchema>;

import type { ApiClient } from '../../shared/api/index.js';

export interface OwnSyncthing {
  /** Stops the instance if it runs, keeping the user's choice (the next start starts it again). */
  stop(): Promise<void>;
}

/**
 * A long-running host's (the app, `engram serve`) half of Engram's own Syncthing: at start it asks
 * for it (syncthing.autostart: started only while sync is on and the user chose it), at quit it
 * stops it, so no syncthing process outlives the host. Requests only, through the host's client.
 */
export function runOwnSyncthing(client: ApiClient, log: (line: string) => void): OwnSyncthing {
  // Not awaited by the host: Syncthing may take seconds to start, the window should not wait.
  const started = client.call('syncthing.autostart', {}).then(
    (s) => {
      if (s.running && s.own_instance) log(`syncthing: Engram's own instance runs for ${s.folder?.path ?? 'the sync folder'} (this device ${s.device_id ?? '?'})`);
    },
    (err: unknown) => log(`syncthing: not started: ${err instanceof Error ? err.message : String(err)}`),
  );
  return {
    async stop() {
      // A start still under way ends first, or its process would be left behind.
      await started;
      try {
        const s = await client.call('syncthing.status', {});
        if (s.running) await client.call('syncthing.stop', { keep_choice: true });
      } catch (err) {
        log(`syncthing: stopping at quit: ${err instanceof Error ? err.message : String(err)}`);
      }
    },
  };
}

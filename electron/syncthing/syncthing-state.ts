import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileDurable } from '../../agents/store/index.js';
import { SyncthingError } from './syncthing-error.js';

/**
 * What Engram keeps about its own instance, beside Syncthing's config in the same home dir (mode
 * 0600: it holds the API key). Read with zod; a damaged file is one CONFIG line, never a guess.
 */
export const SyncthingStateSchema = z.object({
  v: z.literal(1),
  device_id: z.string(),
  api_key: z.string().min(24),
  gui_port: z.number().int().min(1).max(65535),
  listen: z.string(),
  pid: z.number().int().positive().nullable(),
  folder: z.object({ id: z.string(), path: z.string(), rescan_s: z.number().int() }).nullable(),
  reach: z.object({ globalDiscovery: z.boolean(), localDiscovery: z.boolean(), relays: z.boolean(), nat: z.boolean() }),
});
export type SyncthingState = z.infer<typeof SyncthingStateSchema>;

export const STATE_FILE = 'engram-syncthing.json';

export function readState(home: string): SyncthingState | null {
  const file = join(home, STATE_FILE);
  if (!existsSync(file)) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw new SyncthingError('CONFIG', `${file} is not JSON; remove it (and the config.xml beside it) to let Engram generate a new Syncthing config`);
  }
  const parsed = SyncthingStateSchema.safeParse(raw);
  if (!parsed.success) throw new SyncthingError('CONFIG', `${file} is not Engram's Syncthing state (${parsed.error.issues[0]?.path.join('.') ?? ''}: ${parsed.error.issues[0]?.message ?? ''})`);
  return parsed.data;
}

export function writeState(home: string, state: SyncthingState): void {
  writeFileDurable(join(home, STATE_FILE), JSON.stringify(state, null, 2), { mode: 0o600 });
}

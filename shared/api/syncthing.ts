import { z } from 'zod';
import { defineRequest, EmptyInput } from './common.js';
import { lazySchema } from './lazy-schema.js';

/** A Syncthing device id as Syncthing prints it: eight dash-separated groups of seven base32 characters. */
export const SyncthingDeviceIdSchema = lazySchema(() => z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(/^[A-Z2-7]{7}(-[A-Z2-7]{7}){7}$/, 'a Syncthing device id is eight groups of seven letters A-Z and digits 2-7, joined by dashes')));

/** tcp://host:port, as Syncthing takes a device's or its own listen address. */
export const SyncthingAddressSchema = lazySchema(() => z
  .string()
  .trim()
  .regex(/^tcp[46]?:\/\/(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):\d{1,5}$/, 'an address is tcp://host:port'));

export const SyncthingStatusSchema = lazySchema(() => z.object({
  /** The syncthing binary found on this machine, or null with `problem` saying how to install it. */
  binary: z.string().nullable(),
  version: z.string().nullable(),
  running: z.boolean(),
  /** This device's Syncthing id, to add on the user's other devices; null before the first start. */
  device_id: z.string().nullable(),
  /** Syncthing's own page on 127.0.0.1 (it asks for the API key); null when not running. */
  gui: z.string().nullable(),
  listen: z.string().nullable(),
  folder: z
    .object({
      id: z.string(),
      path: z.string(),
      state: z.string().nullable(),
      local_files: z.number().int().nullable(),
      global_files: z.number().int().nullable(),
      need_files: z.number().int().nullable(),
    })
    .nullable(),
  devices: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      addresses: z.array(z.string()),
      connected: z.boolean(),
      /** Percent of the folder that device has, as Syncthing last heard; null when unknown. */
      completion: z.number().nullable(),
      /** When Syncthing last saw it connected (ISO time, its /rest/stats/device); null if never. */
      last_seen_at: z.string().nullable(),
    }),
  ),
  reach: z.object({ global_discovery: z.boolean(), local_discovery: z.boolean(), relays: z.boolean(), nat: z.boolean() }).nullable(),
  /** Why it is not running or not reachable, in one line; null when all is well. */
  problem: z.string().nullable(),
  /** The user chose Engram's own instance: the app and `engram serve` start it while sync is on. */
  own_instance: z.boolean(),
}));
export type SyncthingStatusDto = z.infer<typeof SyncthingStatusSchema>;
/** The instance as its manager sees it, before the user's choice is added. */
export type SyncthingInstanceStatus = Omit<SyncthingStatusDto, 'own_instance'>;

export const SyncthingStopInputSchema = lazySchema(() => z
  .object({
    /** A host that quits: stop it, but keep the user's choice so the next start starts it again. */
    keep_choice: z.boolean().optional(),
  })
  .strict());

export const SyncthingStartInputSchema = lazySchema(() => z
  .object({
    /** The folder to replicate (Engram's sync folder); absolute. */
    folder: z.string().min(1).max(4096).refine((p) => p.startsWith('/') || /^[A-Za-z]:[\\/]/.test(p), 'the folder must be an absolute path'),
    /** Syncthing's id for the folder: the same on every device (default "engram-sync"). */
    folder_id: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, 'a folder id is 1-64 letters, digits, dots, dashes or underscores').optional(),
    /** Where this instance listens for the other devices (default tcp://0.0.0.0:22000, or a free port). */
    listen: SyncthingAddressSchema.optional(),
    /** Seconds between full rescans; the file watcher sees most changes at once anyway (default 10). */
    rescan_s: z.number().int().min(1).max(86_400).optional(),
    global_discovery: z.boolean().optional(),
    local_discovery: z.boolean().optional(),
    relays: z.boolean().optional(),
    nat: z.boolean().optional(),
  })
  .strict());
export type SyncthingStartInput = z.infer<typeof SyncthingStartInputSchema>;

export const SyncthingAddDeviceInputSchema = lazySchema(() => z
  .object({
    device_id: SyncthingDeviceIdSchema,
    /** Where to reach it; without one, discovery must find it (off unless opted in). */
    address: SyncthingAddressSchema.optional(),
    name: z.string().trim().min(1).max(100).optional(),
  })
  .strict());

export const syncthingRequests = {
  /** Engram's own Syncthing instance for the sync folder: whether it runs, this device's id, the folder and the other devices. */
  'syncthing.status': defineRequest(EmptyInput, SyncthingStatusSchema),
  /** Starts (generating its config on first use) and configures Engram's instance for a folder. */
  'syncthing.start': defineRequest(SyncthingStartInputSchema, SyncthingStatusSchema),
  /** Stops it; stopped by hand (no keep_choice) the app and serve no longer start it by themselves. */
  'syncthing.stop': defineRequest(SyncthingStopInputSchema, SyncthingStatusSchema),
  /** What the app and `engram serve` call at start: starts it for the sync folder if sync is on and the user chose it; else only the status. */
  'syncthing.autostart': defineRequest(EmptyInput, SyncthingStatusSchema),
  /** Shares the folder with another of the user's devices, by its Syncthing id. */
  'syncthing.addDevice': defineRequest(SyncthingAddDeviceInputSchema, SyncthingStatusSchema),
};

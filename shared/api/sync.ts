import { z } from 'zod';
import { IsoTime } from '../memory/index.js';
import { defineRequest, EmptyInput, OkOutput } from './common.js';
import { lazySchema } from './lazy-schema.js';
import { DeviceNameSchema } from './device-name.js';

/** One memory on every machine (issue 33): a data folder syncing through a folder Syncthing (or any sync) replicates. */

const Count = lazySchema(() => z.number().int().min(0));

export const SyncRefusalSchema = lazySchema(() => z.object({ name: z.string(), code: z.string(), message: z.string() }));

export const SyncStatusSchema = lazySchema(() => z.object({
  on: z.boolean(),
  /** The sync folder (null while off). */
  folder: z.string().nullable(),
  /** This device's sync id (32 hex digits). */
  device: z.string().nullable(),
  /** Where the sync key is kept ("key file", "OS keychain"); never the key. */
  key_kept: z.string(),
  /** Local changes not yet written to the folder. */
  pending_changes: Count,
  /** Other devices' segment files in the folder not yet imported. */
  pending_segments: Count,
  /** The other devices seen in the folder: the name each gives itself (display only, quoted beside its id; null when none reads as one), their last segment number and when it was imported here. */
  devices: z.array(z.object({ device: z.string(), name: z.string().nullable(), last_seq: Count, last_seen_at: IsoTime.nullable() })),
  /** Files refused so far, by reason (each counted once). */
  refused: z.object({ tampered: Count, truncated: Count, replayed: Count, foreign: Count, invalid: Count }),
  /** The refused files still in the folder, one line each (at most 50). */
  refused_files: z.array(SyncRefusalSchema).max(50),
  last_pass_at: IsoTime.nullable(),
  /** Why the last pass failed, one line (null when it did not). */
  last_error: z.string().nullable(),
}));
export type SyncStatus = z.infer<typeof SyncStatusSchema>;

export const SyncPassSchema = lazySchema(() => z.object({ exported: Count, imported: Count, refused: z.array(SyncRefusalSchema) }));
export type SyncPass = z.infer<typeof SyncPassSchema>;

/** A full path (POSIX, a Windows drive or a UNC share): the engine never guesses what a relative one is relative to. */
const Folder = lazySchema(() => z
  .string()
  .trim()
  .min(1, 'give the sync folder')
  .max(4096)
  .refine((p) => p.startsWith('/') || /^[A-Za-z]:[\\/]/.test(p) || p.startsWith('\\\\'), 'give the sync folder by its full path'));
/** The pairing code as typed: 24 words (checked by the handler, which says which word is wrong). */
const Code = lazySchema(() => z.string().trim().min(1, 'give the pairing code').max(1000));

/**
 * Another device stopped excluding these (an app, a window title pattern, a site) and this one
 * kept excluding them (a removal from elsewhere never widens capture here): the user decides.
 */
export const ExclusionOfferSchema = lazySchema(() => z.object({
  id: z.number().int().positive(),
  /** The device that stopped excluding them (its sync id, 32 hex digits). */
  device: z.string(),
  /** The name that device gives itself (device-name.ts), for display beside its id only; null when it gave none. */
  device_name: z.string().nullable().optional(),
  at: IsoTime,
  items: z.array(z.object({ list: z.enum(['apps', 'titles', 'urls']), item: z.string() })).min(1),
}));
export type ExclusionOfferDto = z.infer<typeof ExclusionOfferSchema>;
/** This device's name, and whether the user gave it (else the host name stands in; null when there is none). */
const DeviceNameOutput = lazySchema(() => z.object({ device_name: z.string().nullable(), named: z.boolean() }));
const ExclusionOffersOutput = lazySchema(() => z.object({ offers: z.array(ExclusionOfferSchema) }));

export const syncRequests = {
  'sync.status': defineRequest(EmptyInput, SyncStatusSchema),
  /** Turns sync on with a new key; the answer's code pairs the next device. */
  'sync.init': defineRequest(lazySchema(() => z.object({ folder: Folder }).strict()), lazySchema(() => z.object({ code: z.string(), status: SyncStatusSchema }))),
  /** Turns sync on with the pairing code of another device, and runs a first pass. */
  'sync.join': defineRequest(lazySchema(() => z.object({ code: Code, folder: Folder }).strict()), lazySchema(() => z.object({ pass: SyncPassSchema, status: SyncStatusSchema }))),
  /** Writes pending changes and imports the other devices' now. */
  'sync.now': defineRequest(EmptyInput, lazySchema(() => z.object({ pass: SyncPassSchema, status: SyncStatusSchema }))),
  /** The pairing code, to show for the next device (null while off). */
  'sync.code': defineRequest(EmptyInput, lazySchema(() => z.object({ code: z.string().nullable() }))),
  /** Stops syncing here and forgets the key; the folder and the other devices are left as they are. */
  'sync.off': defineRequest(EmptyInput, OkOutput),
  /** The open offers to stop excluding here what another device stopped excluding, oldest first. */
  'sync.exclusionOffers': defineRequest(EmptyInput, ExclusionOffersOutput),
  /** accept: stop excluding the offer's items here too; decline: keep them, and that device is not asked about them again. Answers the offers left. */
  'sync.answerExclusionOffer': defineRequest(lazySchema(() => z.object({ id: z.number().int().positive(), answer: z.enum(['accept', 'decline']) }).strict()), ExclusionOffersOutput),
  /** The name this device gives itself in the sync folder (the host name until the user names it), shown on the other devices beside its id. */
  'sync.deviceName': defineRequest(EmptyInput, DeviceNameOutput),
  /** Names this device (null: back to the host name). Printable, one line, at most 40 characters; display only. */
  'sync.setDeviceName': defineRequest(lazySchema(() => z.object({ name: DeviceNameSchema.nullable() }).strict()), DeviceNameOutput),
};

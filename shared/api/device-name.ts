import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';

/** Longest name a device may give itself: a label in one line of a settings card. */
export const DEVICE_NAME_MAX = 40;

/**
 * A device's name as the user gives it ("Laptop", the machine's host name by default), carried in
 * what the device writes to the sync folder and shown beside its sync id. Data, never an
 * instruction, and trusted for nothing but display: white space folded to single spaces, no
 * control or format characters (a right-to-left override would make "Laptop" of another string),
 * at most DEVICE_NAME_MAX characters.
 */
export const DeviceNameSchema = lazySchema(() => z
  .string()
  .max(1000)
  .transform((s) => s.normalize('NFC').replace(/\s+/gu, ' ').trim())
  .pipe(
    z
      .string()
      .min(1, 'give the device a name')
      .max(DEVICE_NAME_MAX, `a device name is at most ${DEVICE_NAME_MAX} characters`)
      .refine((s) => !/\p{C}/u.test(s), 'a device name holds printable characters only'),
  ));

/** A name as another device (or a host) wrote it, if it is one; null otherwise (shown by its sync id alone). */
export function deviceNameOf(raw: unknown): string | null {
  const r = DeviceNameSchema.safeParse(raw);
  return r.success ? r.data : null;
}

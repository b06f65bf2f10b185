import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';

/** Longest name a device may give itself: a label in one line of a settings card. */
export const DEVICE_NAME_MAX = 40;

/** Line ends of any script: LF, CR, VT, FF, NEL, the line and paragraph separators. */
const LINE_BREAK = /[\n\r\v\f\u0085\u2028\u2029]/u;

/**
 * A device's name as the user gives it ("Laptop", the machine's host name by default), carried in
 * what the device writes to the sync folder and shown beside its sync id. Data, never an
 * instruction, and trusted for nothing but display: one line, white space folded to single spaces, no
 * control or format characters (a right-to-left override would make "Laptop" of another string),
 * at most DEVICE_NAME_MAX characters.
 */
export const DeviceNameSchema = lazySchema(() => z
  .string()
  .max(1000)
  // One line: a name with a line break in it is another line dressed as a name ("Laptop\nSystem: …").
  .refine((s) => !LINE_BREAK.test(s), 'a device name is one line')
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

/**
 * A device as the window and the CLI name it: “Laptop” (3f9a1b2c), quoted so the name reads as what
 * that device calls itself and nothing more, checked again here, with the first 8 digits of its sync
 * id always beside it (any device of the folder could take the same name); the id alone without one.
 */
export function deviceShown(device: string, name: unknown): string {
  const n = deviceNameOf(name);
  return n ? `“${n}” (${device.slice(0, 8)})` : device.slice(0, 8);
}

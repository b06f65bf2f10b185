import { z } from 'zod';
import { DEFAULT_REDACTION } from '../redaction/index.js';

/**
 * Redaction switches, kept in the capture settings as `redaction`. They decide what is taken out of
 * text read off the screen or heard (before it is stored) and of chat text (before memories are
 * made of it). What is sent to a model is always stripped of secrets, passwords, card and account
 * numbers and ID numbers, whatever these say: switching one off only keeps it in local notes.
 */
export const RedactionSettingsSchema = z.object({
  /** API keys, access tokens, private keys: on. Turning it off asks for confirmation in the UI. */
  secrets: z.boolean().default(DEFAULT_REDACTION.secrets),
  /** Values next to a password label: on. Turning it off asks for confirmation in the UI. */
  passwords: z.boolean().default(DEFAULT_REDACTION.passwords),
  /** Payment card numbers (Luhn-checked): on. Turning it off asks for confirmation in the UI. */
  cards: z.boolean().default(DEFAULT_REDACTION.cards),
  /** IBANs (checksum-checked): on. */
  bank_accounts: z.boolean().default(DEFAULT_REDACTION.bank_accounts),
  /** Labelled social security numbers: on. */
  id_numbers: z.boolean().default(DEFAULT_REDACTION.id_numbers),
  /**
   * Email addresses and phone numbers: off. People expect a memory assistant to remember who they
   * wrote to and to find "Ana's number"; mail, chat and calendar windows are full of them, and
   * redacting them would leave those notes unsearchable. They give no access to an account on
   * their own, and the knowledge vault keeps the ones it sees masked. Users who want them out of
   * their notes turn these on.
   */
  emails: z.boolean().default(DEFAULT_REDACTION.emails),
  phones: z.boolean().default(DEFAULT_REDACTION.phones),
});
export type RedactionSettings = z.infer<typeof RedactionSettingsSchema>;

/**
 * Categories that protect credentials or money: switching one off is never silent (the Privacy
 * screen asks first and keeps a warning in view while it is off).
 */
export const PROTECTED_REDACTIONS = ['secrets', 'passwords', 'cards'] as const satisfies readonly (keyof RedactionSettings)[];

export function defaultRedactionSettings(): RedactionSettings {
  return RedactionSettingsSchema.parse({});
}

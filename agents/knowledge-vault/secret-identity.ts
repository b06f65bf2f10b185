import { normalizeContact } from './contact-details.js';

/**
 * What makes two vault values the same secret, read as the detectors read them: OCR and people
 * group and split a value with spaces ("DE89 3704 …", "sk live 51Qx…"), and a Stripe key is found
 * with or without its "sk_live_" head when OCR broke the head apart. Passwords are taken as written:
 * a space inside one is part of it.
 */
export function secretIdentity(entryType: string, value: string): string {
  if (entryType === 'email' || entryType === 'phone' || entryType === 'address') return normalizeContact(entryType, value);
  const v = value.trim();
  if (entryType === 'password') return v;
  const joined = v.replace(/\s+/g, '');
  if (entryType === 'iban' || entryType === 'card' || entryType === 'account_number') return joined.replace(/[-.]/g, '').toUpperCase();
  if (entryType === 'stripe_key') return joined.replace(/^[sr]k[_-]?(?:live|test)[_-]?/i, '');
  return joined;
}

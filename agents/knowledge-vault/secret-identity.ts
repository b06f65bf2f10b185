import { secretValueIdentity } from '../../shared/redaction/index.js';
import { normalizeContact } from './contact-details.js';

/** What makes two vault values the same: contact details as the vault normalises them, secrets as the detectors read them. */
export function secretIdentity(entryType: string, value: string): string {
  if (entryType === 'email' || entryType === 'phone' || entryType === 'address') return normalizeContact(entryType, value);
  return secretValueIdentity(entryType, value);
}

import type { TrustCase } from './trust-attack.js';

/**
 * Side doors (leak51): what another device can widen here, and what leaves in an archive's plain
 * text. Values made up for these cases alone, so a leak is charged here.
 */
export const LEAK51_CASES: TrustCase[] = [
  // A synced device empties every exclusion list; a password manager this device excludes is then on screen.
  { name: 'sync-exclusions-emptied', via: 'sync-widen', app: 'KeePassXC', title: 'Household.kdbx - KeePassXC', text: 'Entry: building door — Juniper-Osprey-6630', secret: 'Juniper-Osprey-6630' },
];

import { deviceShown } from './device-name.js';
import type { ExclusionOfferDto } from './sync.js';

const KIND = { apps: (x: string) => x, titles: (x: string) => `windows titled like “${x}”`, urls: (x: string) => `pages at “${x}”` } as const;

function joined(parts: string[]): string {
  return parts.length < 2 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/**
 * An exclusion offer as the window and the CLI say it: "Your device “Laptop” (3f9a1b2c) stopped
 * excluding Signal. Stop excluding it here too?". The name is the one that device gives itself,
 * quoted as data and checked again here; the id (its first 8 digits, as `engram sync status` shows
 * them) always stands beside it, since any device of the folder could take the same name.
 */
export function exclusionOfferText(o: Pick<ExclusionOfferDto, 'device' | 'items'> & { device_name?: string | null }): string {
  const what = joined(o.items.map((i) => KIND[i.list](i.item)));
  return `Your device ${deviceShown(o.device, o.device_name)} stopped excluding ${what}. Stop excluding ${o.items.length === 1 ? 'it' : 'them'} here too?`;
}

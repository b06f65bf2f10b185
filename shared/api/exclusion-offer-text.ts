import type { ExclusionOfferDto } from './sync.js';

const KIND = { apps: (x: string) => x, titles: (x: string) => `windows titled like “${x}”`, urls: (x: string) => `pages at “${x}”` } as const;

function joined(parts: string[]): string {
  return parts.length < 2 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/**
 * An exclusion offer as the window and the CLI say it: "Your device 3f9a1b2c stopped excluding Signal.
 * Stop excluding it here too?". Devices have no names, only sync ids: the first 8 digits, as
 * `engram sync status` shows them.
 */
export function exclusionOfferText(o: Pick<ExclusionOfferDto, 'device' | 'items'>): string {
  const what = joined(o.items.map((i) => KIND[i.list](i.item)));
  return `Your device ${o.device.slice(0, 8)} stopped excluding ${what}. Stop excluding ${o.items.length === 1 ? 'it' : 'them'} here too?`;
}

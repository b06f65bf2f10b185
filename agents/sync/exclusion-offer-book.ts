import { z } from 'zod';
import type { SyncedExclusions } from '../store/index.js';

/**
 * The exclusions other devices stopped and this device kept (synced-setting-apply.ts: a removal
 * from elsewhere is never carried out here), kept as offers the user answers: which device, which
 * items, when. Pure: the book is a value, each function returns the next one (exclusion-offers.ts
 * keeps it in the store).
 */
const ListSchema = z.enum(['apps', 'titles', 'urls']);
export const OfferItemSchema = z.object({ list: ListSchema, item: z.string().min(1).max(500) }).strict();
export type OfferItem = z.infer<typeof OfferItemSchema>;

const Device = z.string().regex(/^[0-9a-f]{32}$/);

export const ExclusionOfferSchema = z
  .object({
    id: z.number().int().positive(),
    /** The device that stopped excluding them (its sync id). */
    device: Device,
    /** When that device stopped excluding the latest of them (its clock, epoch ms). */
    at: z.number().int().min(0),
    items: z.array(OfferItemSchema).min(1),
  })
  .strict();
export type ExclusionOffer = z.infer<typeof ExclusionOfferSchema>;

export const OfferBookSchema = z
  .object({
    v: z.literal(1),
    next: z.number().int().positive(),
    offers: z.array(ExclusionOfferSchema),
    /** Items the user chose to keep excluding when a device stopped them: that device is not asked about again. */
    declined: z.array(OfferItemSchema.extend({ device: Device }).strict()),
  })
  .strict();
export type OfferBook = z.infer<typeof OfferBookSchema>;

export const emptyOfferBook = (): OfferBook => ({ v: 1, next: 1, offers: [], declined: [] });

const FIELD = { apps: 'excluded_apps', titles: 'excluded_title_patterns', urls: 'excluded_url_patterns' } as const;
const same = (a: OfferItem, b: OfferItem) => a.list === b.list && a.item === b.item;
/** Is the item excluded on this device now? */
export const excludedHere = (lists: SyncedExclusions, x: OfferItem): boolean => lists[FIELD[x.list]].includes(x.item);

/**
 * Another device stopped excluding `x`. Offered when this device still excludes it, the user did
 * not decline it from that device, and no open offer holds it already (from any device: one
 * question per item). Items from one device join its open offer, so a pass that lifted three apps
 * asks once.
 */
export function withRemoval(book: OfferBook, lists: SyncedExclusions, device: string, x: OfferItem, at: number): OfferBook {
  if (!excludedHere(lists, x)) return book;
  if (book.declined.some((d) => d.device === device && same(d, x))) return book;
  if (book.offers.some((o) => o.items.some((i) => same(i, x)))) return book;
  const open = book.offers.find((o) => o.device === device);
  if (open) return { ...book, offers: book.offers.map((o) => (o === open ? { ...o, at: Math.max(o.at, at), items: [...o.items, { list: x.list, item: x.item }] } : o)) };
  return { ...book, next: book.next + 1, offers: [...book.offers, { id: book.next, device, at, items: [{ list: x.list, item: x.item }] }] };
}

/**
 * Another device excludes `x` again: its open offer for it is moot. The user's "keep" for that
 * device stays: they said not to be asked about it from there again.
 */
export function withAddition(book: OfferBook, device: string, x: OfferItem): OfferBook {
  return pruned({ ...book, offers: book.offers.map((o) => (o.device === device ? { ...o, items: o.items.filter((i) => !same(i, x)) } : o)) });
}

/** The book without items this device no longer excludes (the user took them off here since) and offers left empty. */
export function pruned(book: OfferBook, lists?: SyncedExclusions): OfferBook {
  const offers = book.offers.map((o) => ({ ...o, items: lists ? o.items.filter((i) => excludedHere(lists, i)) : o.items })).filter((o) => o.items.length > 0);
  return { ...book, offers };
}

/** The book once offer `id` is answered: gone; on decline, its items from its device are remembered as kept. */
export function answered(book: OfferBook, id: number, accept: boolean): OfferBook {
  const offer = book.offers.find((o) => o.id === id);
  if (!offer) return book;
  const declined = accept ? book.declined : [...book.declined, ...offer.items.filter((i) => !book.declined.some((d) => d.device === offer.device && same(d, i))).map((i) => ({ device: offer.device, ...i }))];
  return { ...book, offers: book.offers.filter((o) => o !== offer), declined };
}

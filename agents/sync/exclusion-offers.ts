import { CAPTURE_SETTINGS_KEY, CaptureSettingsSchema, defaultCaptureSettings } from '../../shared/settings/index.js';
import { exclusionsOf, withExclusionItem, type EngramStore, type SyncedExclusions } from '../store/index.js';
import { answered, emptyOfferBook, OfferBookSchema, pruned, withAddition, withRemoval, type ExclusionOffer, type OfferBook, type OfferItem } from './exclusion-offer-book.js';
import { SyncError } from './sync-error.js';

const OFFERS_KEY = 'exclusion-offers';

/**
 * The offers to stop excluding here what another device stopped excluding (exclusion-offer-book.ts),
 * kept in the encrypted store beside the merge clocks (sync_state), written in the transaction that
 * imports the removal. An answer is the user's own change on this device: accepting takes the items
 * off here as a local edit, which travels like one, and every other device meets it as a removal from
 * elsewhere, so it gets its own offer and applies nothing by itself.
 */
export class ExclusionOffers {
  constructor(private readonly store: EngramStore) {}

  private book(): OfferBook {
    const parsed = OfferBookSchema.safeParse(this.store.changes.state(OFFERS_KEY));
    return parsed.success ? parsed.data : emptyOfferBook();
  }

  private save(book: OfferBook): void {
    this.store.changes.setState(OFFERS_KEY, book);
  }

  private lists(): SyncedExclusions | null {
    return exclusionsOf(this.store.settings.get(CAPTURE_SETTINGS_KEY, CaptureSettingsSchema, defaultCaptureSettings()));
  }

  /** `device` stopped excluding `x` at `at` (its clock); called while this device keeps it. */
  removed(device: string, x: OfferItem, at: number): void {
    const lists = this.lists();
    if (!lists) return;
    const book = this.book();
    const next = withRemoval(book, lists, device, x, at);
    if (next !== book) this.save(next);
  }

  /** `device` excludes `x` (again). */
  added(device: string, x: OfferItem): void {
    const book = this.book();
    if (!book.offers.length) return;
    this.save(withAddition(book, device, x));
  }

  /** The open offers, oldest first, without items the user has since stopped excluding here. */
  list(): ExclusionOffer[] {
    return this.current().offers;
  }

  private current(): OfferBook {
    const book = this.book();
    const lists = this.lists();
    const next = lists ? pruned(book, lists) : book;
    if (next.offers.length !== book.offers.length || next.offers.some((o, i) => o.items.length !== book.offers[i]!.items.length)) this.save(next);
    return next;
  }

  /**
   * The user's answer: accept takes the offer's items off this device's lists (a local change, logged
   * for sync); decline keeps them and remembers not to ask again for them from that device.
   */
  answer(id: number, accept: boolean): ExclusionOffer {
    return this.store.transaction(() => {
      const book = this.current();
      const offer = book.offers.find((o) => o.id === id);
      if (!offer) throw new SyncError('OFFER', `no open offer ${id}: answered already, or the items are no longer excluded here (engram sync offers lists them)`);
      if (accept) {
        const cur = this.store.settings.get(CAPTURE_SETTINGS_KEY, CaptureSettingsSchema, defaultCaptureSettings());
        let lists = this.lists()!;
        for (const x of offer.items) lists = withExclusionItem(lists, { ...x, on: false });
        this.store.settings.set(CAPTURE_SETTINGS_KEY, { ...cur, privacy: { ...cur.privacy, ...lists } });
      }
      this.save(answered(book, id, accept));
      return offer;
    });
  }
}

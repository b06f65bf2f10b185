import { describe, expect, it } from 'vitest';
import { answered, emptyOfferBook, OfferBookSchema, pruned, withAddition, withRemoval, type OfferBook } from '../../agents/sync/exclusion-offer-book.js';
import type { SyncedExclusions } from '../../agents/store/index.js';

// offer52: what another device stopped excluding and this one kept becomes one question to the user,
// not a silent difference. The book is pure: these build it by hand, as imports and answers would.
const LAPTOP = 'a'.repeat(32);
const PHONE = 'b'.repeat(32);
const here = (over: Partial<SyncedExclusions> = {}): SyncedExclusions => ({ excluded_apps: ['Signal', 'KeePassXC'], excluded_title_patterns: ['Payroll'], excluded_url_patterns: ['bank\\.example'], ...over });
const items = (b: OfferBook) => b.offers.map((o) => [o.id, o.device, o.items.map((i) => `${i.list}:${i.item}`)]);

describe('exclusion offers (the book)', () => {
  it('a removal of an item kept here is offered once, with its device and time; items from one device join its open offer', () => {
    let b = withRemoval(emptyOfferBook(), here(), LAPTOP, { list: 'apps', item: 'Signal' }, 1_000);
    b = withRemoval(b, here(), LAPTOP, { list: 'titles', item: 'Payroll' }, 2_000);
    expect(items(b)).toEqual([[1, LAPTOP, ['apps:Signal', 'titles:Payroll']]]);
    expect(b.offers[0]!.at).toBe(2_000);
    // The same removal again (a replayed pass, another device's), no second question.
    expect(withRemoval(b, here(), LAPTOP, { list: 'apps', item: 'Signal' }, 3_000)).toBe(b);
    expect(withRemoval(b, here(), PHONE, { list: 'apps', item: 'Signal' }, 3_000)).toBe(b);
    // Another device's other item: its own offer.
    b = withRemoval(b, here(), PHONE, { list: 'urls', item: 'bank\\.example' }, 4_000);
    expect(items(b)).toEqual([
      [1, LAPTOP, ['apps:Signal', 'titles:Payroll']],
      [2, PHONE, ['urls:bank\\.example']],
    ]);
    expect(OfferBookSchema.parse(JSON.parse(JSON.stringify(b)))).toEqual(b);
  });

  it('nothing is offered for an item this device does not exclude (an app with the same name in another list neither)', () => {
    const b = emptyOfferBook();
    expect(withRemoval(b, here(), LAPTOP, { list: 'apps', item: 'Slack' }, 1)).toBe(b);
    expect(withRemoval(b, here(), LAPTOP, { list: 'titles', item: 'Signal' }, 1)).toBe(b);
  });

  it('an item the user has since stopped excluding here drops out; an offer left empty goes', () => {
    let b = withRemoval(emptyOfferBook(), here(), LAPTOP, { list: 'apps', item: 'Signal' }, 1);
    b = withRemoval(b, here(), LAPTOP, { list: 'apps', item: 'KeePassXC' }, 2);
    expect(items(pruned(b, here({ excluded_apps: ['KeePassXC'] })))).toEqual([[1, LAPTOP, ['apps:KeePassXC']]]);
    expect(pruned(b, here({ excluded_apps: [] })).offers).toEqual([]);
  });

  it('decline: kept, and the same item from that device is not asked again; another device still may ask', () => {
    let b = withRemoval(emptyOfferBook(), here(), LAPTOP, { list: 'apps', item: 'Signal' }, 1);
    b = answered(b, 1, false);
    expect(b.offers).toEqual([]);
    expect(withRemoval(b, here(), LAPTOP, { list: 'apps', item: 'Signal' }, 5)).toBe(b);
    expect(items(withRemoval(b, here(), PHONE, { list: 'apps', item: 'Signal' }, 5))).toEqual([[2, PHONE, ['apps:Signal']]]);
    // Accept leaves nothing to remember: the items are gone from this device's lists.
    const c = withRemoval(emptyOfferBook(), here(), LAPTOP, { list: 'apps', item: 'Signal' }, 1);
    expect(answered(c, 1, true)).toEqual({ ...c, offers: [] });
    // An id that is not open changes nothing.
    expect(answered(c, 9, false)).toBe(c);
  });

  it('the device excluding the item again withdraws its offer; a "keep" for that device stays after it', () => {
    let b = withRemoval(emptyOfferBook(), here(), LAPTOP, { list: 'apps', item: 'Signal' }, 1);
    b = withRemoval(b, here(), PHONE, { list: 'apps', item: 'KeePassXC' }, 1);
    b = withAddition(b, LAPTOP, { list: 'apps', item: 'Signal' });
    expect(items(b)).toEqual([[2, PHONE, ['apps:KeePassXC']]]);
    // Another device's addition does not withdraw the phone's offer.
    expect(items(withAddition(b, LAPTOP, { list: 'apps', item: 'KeePassXC' }))).toEqual([[2, PHONE, ['apps:KeePassXC']]]);
    b = answered(b, 2, false);
    b = withAddition(b, PHONE, { list: 'apps', item: 'KeePassXC' });
    expect(withRemoval(b, here(), PHONE, { list: 'apps', item: 'KeePassXC' }, 9).offers).toEqual([]);
    // The laptop, which the user never answered about KeePassXC, may still ask.
    expect(items(withRemoval(b, here(), LAPTOP, { list: 'apps', item: 'KeePassXC' }, 9))).toEqual([[3, LAPTOP, ['apps:KeePassXC']]]);
  });
});

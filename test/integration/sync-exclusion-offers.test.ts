import { describe, expect, it } from 'vitest';
import type { EngramStore } from '../../agents/store/index.js';
import type { Engram } from '../../electron/engine/index.js';
import { engineSyncPairEachTest } from '../helpers/engine-sync-pair.js';
import { CAPTURE_SETTINGS_KEY, CaptureSettingsSchema, DEFAULT_EXCLUDED_APPS, DEFAULT_EXCLUDED_TITLE_PATTERNS, defaultCaptureSettings } from '../../shared/settings/index.js';

// offer52: another device's removal of an exclusion is kept here (leak51) and offered to the user,
// through the handler map of two real engines on real encrypted stores syncing through one folder.
// Passes run only when the test asks (sync.now), so every step is in a known order.
describe('exclusion offers between two engines', { timeout: 60_000 }, () => {
  let stores: EngramStore[] = [];
  let engines: Engram[] = [];
  let a: Engram;
  let b: Engram;
  let deviceA: string;
  let deviceB: string;
  engineSyncPairEachTest('engram-sync-offers-', (p) => {
    ({ a, b, deviceA, deviceB } = p);
    stores = [p.storeA, p.storeB];
    engines = [a, b];
  });

  const privacy = (e: Engram) => stores[engines.indexOf(e)]!.settings.get(CAPTURE_SETTINGS_KEY, CaptureSettingsSchema, defaultCaptureSettings()).privacy;
  const setLists = (e: Engram, lists: { excluded_apps?: string[]; excluded_title_patterns?: string[] }) => e.client.call('settings.update', { patch: { capture: { privacy: lists } } });
  const pass = async (...who: Engram[]) => {
    for (const e of who) await e.client.call('sync.now', {});
  };
  const offers = async (e: Engram) => (await e.client.call('sync.exclusionOffers', {})).offers;
  const tick = () => new Promise((r) => setTimeout(r, 5));

  it('A stops excluding Signal and a title: B keeps both and lists one offer from A; B accepts and stops excluding them, A gets nothing to apply', async () => {
    await setLists(a, { excluded_apps: [...DEFAULT_EXCLUDED_APPS, 'Signal'], excluded_title_patterns: [...DEFAULT_EXCLUDED_TITLE_PATTERNS, 'Payroll'] });
    await pass(a, b);
    expect(privacy(b).excluded_apps).toContain('Signal');
    expect(await offers(b)).toEqual([]);

    const before = Date.now();
    await setLists(a, { excluded_apps: [...DEFAULT_EXCLUDED_APPS], excluded_title_patterns: [...DEFAULT_EXCLUDED_TITLE_PATTERNS] });
    await pass(a, b);
    // Kept on B, as leak51 made it: a removal from elsewhere widens nothing here.
    expect(privacy(b).excluded_apps).toContain('Signal');
    expect(privacy(b).excluded_title_patterns).toContain('Payroll');
    const [offer, ...more] = await offers(b);
    expect(more).toEqual([]);
    expect(offer).toMatchObject({ device: deviceA, items: [{ list: 'apps', item: 'Signal' }, { list: 'titles', item: 'Payroll' }] });
    expect(Date.parse(offer!.at)).toBeGreaterThanOrEqual(before - 1000);
    // The same offer once, however many passes run; A, where the change was made, is asked nothing.
    await pass(a, b, a, b);
    expect((await offers(b)).map((o) => o.id)).toEqual([offer!.id]);
    expect(await offers(a)).toEqual([]);

    expect(await b.client.call('sync.answerExclusionOffer', { id: offer!.id, answer: 'accept' })).toEqual({ offers: [] });
    expect(privacy(b).excluded_apps).not.toContain('Signal');
    expect(privacy(b).excluded_title_patterns).not.toContain('Payroll');
    // The defaults A kept are untouched on B.
    expect([...privacy(b).excluded_apps].sort()).toEqual([...DEFAULT_EXCLUDED_APPS].sort());
    await pass(b, a, b);
    expect(await offers(a)).toEqual([]);
    expect(await offers(b)).toEqual([]);
    // Answered already: a typed error, nothing changed.
    const again = await b.client.call('sync.answerExclusionOffer', { id: offer!.id, answer: 'accept' }).then(
      () => null,
      (e: unknown) => e as { code?: string },
    );
    expect(again?.code).toBe('NOT_FOUND');
  });

  it("B's accept reaches A as a removal from elsewhere: A, which excluded Signal again meanwhile, keeps it and is offered it", async () => {
    await setLists(a, { excluded_apps: [...DEFAULT_EXCLUDED_APPS, 'Signal'] });
    await pass(a, b);
    await setLists(a, { excluded_apps: [...DEFAULT_EXCLUDED_APPS] });
    await pass(a, b);
    const [offer] = await offers(b);
    // A changes its mind before B answers; B has not seen that yet.
    await setLists(a, { excluded_apps: [...DEFAULT_EXCLUDED_APPS, 'Signal'] });
    await tick();
    await b.client.call('sync.answerExclusionOffer', { id: offer!.id, answer: 'accept' });
    await pass(b, a, b);
    expect(privacy(a).excluded_apps).toContain('Signal');
    expect(await offers(a)).toMatchObject([{ device: deviceB, items: [{ list: 'apps', item: 'Signal' }] }]);
    expect(privacy(b).excluded_apps).not.toContain('Signal');
  });

  it('a decline keeps the item and is remembered: the same device stopping it again asks nothing', async () => {
    await setLists(a, { excluded_apps: [...DEFAULT_EXCLUDED_APPS, 'Discord'] });
    await pass(a, b);
    await setLists(a, { excluded_apps: [...DEFAULT_EXCLUDED_APPS] });
    await pass(a, b);
    const [offer] = await offers(b);
    expect(offer).toMatchObject({ device: deviceA, items: [{ list: 'apps', item: 'Discord' }] });
    expect(await b.client.call('sync.answerExclusionOffer', { id: offer!.id, answer: 'decline' })).toEqual({ offers: [] });
    expect(privacy(b).excluded_apps).toContain('Discord');
    await setLists(a, { excluded_apps: [...DEFAULT_EXCLUDED_APPS, 'Discord'] });
    await pass(a, b);
    await setLists(a, { excluded_apps: [...DEFAULT_EXCLUDED_APPS] });
    await pass(a, b);
    expect(await offers(b)).toEqual([]);
    expect(privacy(b).excluded_apps).toContain('Discord');
  });

  it('an offer for an item the user has since stopped excluding here is dropped; a bad answer is refused before it reaches the handler', async () => {
    await setLists(a, { excluded_apps: [...DEFAULT_EXCLUDED_APPS, 'Signal', 'Slack'] });
    await pass(a, b);
    await setLists(a, { excluded_apps: [...DEFAULT_EXCLUDED_APPS] });
    await pass(a, b);
    expect((await offers(b))[0]?.items.map((i) => i.item)).toEqual(['Signal', 'Slack']);
    await setLists(b, { excluded_apps: privacy(b).excluded_apps.filter((x) => x !== 'Signal') });
    expect((await offers(b))[0]?.items.map((i) => i.item)).toEqual(['Slack']);
    await setLists(b, { excluded_apps: privacy(b).excluded_apps.filter((x) => x !== 'Slack') });
    expect(await offers(b)).toEqual([]);
    const bad = await b.client.call('sync.answerExclusionOffer', { id: 1, answer: 'maybe' } as never).then(
      () => null,
      (e: unknown) => e as { code?: string },
    );
    expect(bad?.code).toBe('INVALID_INPUT');
    void deviceB;
  });
});

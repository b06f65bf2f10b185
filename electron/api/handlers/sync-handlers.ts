import type { SyncKeyStore } from '../../../agents/sync/index.js';
import { SyncKeyFile } from '../../../agents/store/index.js';
import type { ExclusionOfferDto, SyncPass } from '../../../shared/api/index.js';
import { onFirstUse } from '../../../shared/first-use/index.js';
import type { ApiDeps } from '../deps.js';
import { fail } from '../errors.js';
import type { HandlerGroup } from '../handler-types.js';

type SyncNames = 'sync.status' | 'sync.init' | 'sync.join' | 'sync.now' | 'sync.code' | 'sync.off' | 'sync.exclusionOffers' | 'sync.answerExclusionOffer' | 'sync.deviceName' | 'sync.setDeviceName';

/** The sync room loads with the first sync request: hosts that never sync never load it. */
const syncRoom = onFirstUse(() => import('../../../agents/sync/index.js'));

/**
 * Settings → Sync and `engram sync`: turn sync on (a new key, or another device's pairing code),
 * run a pass, show how it stands, turn it off. The key is kept by `deps.syncKeys` (default: a key
 * file beside the master key's, outside the data folder).
 */
export function syncHandlers(deps: ApiDeps): HandlerGroup<SyncNames> {
  const keys: SyncKeyStore = deps.syncKeys ?? new SyncKeyFile(deps.store.dataDir);
  const control = async () => {
    const { SyncControl, syncStatusDto } = await syncRoom.get();
    const c = new SyncControl(deps.store, keys);
    return Object.assign(c, { dto: () => syncStatusDto(c.status()) });
  };
  /** A sync refusal keeps its one line; its kind says whether the input or the state was wrong. */
  const guarded = async <T>(fn: () => Promise<T>): Promise<T> => {
    const { SyncError } = await syncRoom.get();
    try {
      return await fn();
    } catch (err) {
      if (!(err instanceof SyncError)) throw err;
      if (err.code === 'STATE') fail('CONFLICT', err.message);
      if (err.code === 'IO') fail('IO', err.message);
      if (err.code === 'OFFER') fail('NOT_FOUND', err.message);
      fail('INVALID_INPUT', err.message);
    }
  };
  const pass = (p: { exported: number; imported: number; refused: { name: string; code: string; message: string }[] }): SyncPass => ({
    exported: p.exported,
    imported: p.imported,
    refused: p.refused,
  });
  const offers = async () => {
    const { ExclusionOffers } = await syncRoom.get();
    return new ExclusionOffers(deps.store);
  };
  const offerDtos = async (list: { id: number; device: string; at: number; items: ExclusionOfferDto['items'] }[]): Promise<{ offers: ExclusionOfferDto[] }> => {
    // The name each device gives itself, for display beside its id.
    const names = new (await syncRoom.get()).DeviceNames(deps.store);
    return { offers: list.map((o) => ({ id: o.id, device: o.device, device_name: names.nameOf(o.device), at: new Date(o.at).toISOString(), items: o.items.map((i) => ({ list: i.list, item: i.item })) })) };
  };
  return {
    'sync.status': async () => (await control()).dto(),
    'sync.init': ({ folder }) =>
      guarded(async () => {
        const c = await control();
        const { code } = c.init(folder);
        return { code, status: c.dto() };
      }),
    'sync.join': ({ code, folder }) =>
      guarded(async () => {
        const c = await control();
        const p = await c.join(code, folder);
        return { pass: pass(p), status: c.dto() };
      }),
    'sync.now': () =>
      guarded(async () => {
        const c = await control();
        const p = await c.now();
        return { pass: pass(p), status: c.dto() };
      }),
    'sync.code': async () => ({ code: (await control()).code() }),
    'sync.off': async () => {
      (await control()).off();
      return { ok: true as const };
    },
    'sync.exclusionOffers': async () => offerDtos((await offers()).list()),
    'sync.deviceName': async () => {
      const names = new (await syncRoom.get()).DeviceNames(deps.store);
      return { device_name: names.own(), named: names.named() };
    },
    'sync.setDeviceName': async ({ name }) => {
      const names = new (await syncRoom.get()).DeviceNames(deps.store);
      // The contract checked its shape; a key, a vault value or an order is refused here, for the window and the CLI alike.
      const why = name === null ? null : names.problem(name);
      if (why) fail('INVALID_INPUT', why);
      names.setOwn(name);
      return { device_name: names.own(), named: names.named() };
    },
    'sync.answerExclusionOffer': ({ id, answer }) =>
      guarded(async () => {
        const o = await offers();
        o.answer(id, answer === 'accept');
        // Stopping an exclusion changes what capture lets through: the running capture reads it now.
        if (answer === 'accept') deps.capture?.reloadSettings?.();
        return offerDtos(o.list());
      }),
  };
}

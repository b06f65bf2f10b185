import type { EngramStore, ForgetReport, StoreChange } from '../../agents/store/index.js';
import type { ApiEventBus } from './event-bus.js';

/** Turns the store's own events into the UI's pushed events (small payloads; views refetch). */
export function bridgeStoreEvents(store: EngramStore, bus: ApiEventBus): () => void {
  const iso = (ms: number) => new Date(ms).toISOString();
  const onMemory = (e: StoreChange) => {
    if (e.op === 'insert' || e.op === 'update' || e.op === 'delete') bus.emit('memory.changed', { op: e.op, ids: e.ids.slice(0, 500) });
  };
  const onFrame = (e: StoreChange) => {
    if (e.op !== 'insert') return;
    for (const id of e.ids) {
      const f = store.frames.get(id);
      if (f) bus.emit('frame.added', { id, at: iso(f.captured_at), app: f.app });
    }
  };
  const onObservation = (e: StoreChange) => {
    if (e.op !== 'insert') return;
    for (const id of e.ids) {
      const o = store.observations.get(id);
      if (o) bus.emit('observation.added', { id, at: iso(o.observed_at), app: o.app });
    }
  };
  const onForget = (report: ForgetReport) => bus.emit('data.forgotten', { report, wiped: false });
  store.events.on('memory', onMemory);
  store.events.on('frame', onFrame);
  store.events.on('observation', onObservation);
  store.events.on('forget', onForget);
  return () => {
    store.events.off('memory', onMemory);
    store.events.off('frame', onFrame);
    store.events.off('observation', onObservation);
    store.events.off('forget', onForget);
  };
}

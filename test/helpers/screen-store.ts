import { afterEach, beforeEach } from 'vitest';
import { ChatService } from '../../agents/chat/index.js';
import { OfflineProvider } from '../../agents/llm/index.js';
import type { EngramStore } from '../../agents/store/index.js';
import { storeRecommender } from './experience-recommender.js';
import { openTempStore, removeTempStore } from './temp-store.js';

/** A real store of made-up screens, each test's own, and the offline answer's first line over it. */
export interface ScreenStore {
  /** The store of the running test. */
  store(): EngramStore;
  /** A screen seen (its passages one per paragraph) and the visit that cites it, 5 minutes after the last. */
  screen(title: string, ...passages: string[]): void;
  /** The offline answer's first line to `text`, asked six hours after `at`, with every vector embedded. */
  lead(text: string): Promise<string>;
}

/**
 * Opens a fresh store in a temp folder before each test of the calling describe (screens start at
 * `at`, and `seed` shows the pages every test shares), and removes it after.
 */
export function screenStoreEachTest(prefix: string, at: number, seed: (screen: ScreenStore['screen']) => void = () => undefined): ScreenStore {
  let dir = '';
  let store: EngramStore | null = null;
  let n = 0;
  const open = (): EngramStore => {
    if (!store) throw new Error('screenStoreEachTest: no store outside a test');
    return store;
  };
  const screen = (title: string, ...passages: string[]): void => {
    const s = open();
    const o = s.observations.insert({ kind: 'screen', frame_id: null, audio_id: null, display: ':0', observed_at: at + n++ * 300_000, app: 'Chromium', title, url: null, text: passages.join('\n\n'), caption: null });
    s.memories.insert({ kind: 'episodic', title: `Browsed "${title}"`, text: `Browsed ${title}`, occurred_at: o.observed_at, provenance: [{ source_type: 'observation', source_id: o.id }] });
  };
  const lead = async (text: string): Promise<string> => {
    const s = open();
    await s.flushEmbeddings();
    const chat = new ChatService({ store: s, llm: new OfflineProvider(), recommender: storeRecommender(s), now: () => at + 6 * 3_600_000, timeZone: 'UTC' });
    return (await chat.ask({ text })).answer.split('\n')[0]!;
  };
  beforeEach(async () => {
    n = 0;
    ({ dir, store } = await openTempStore(prefix));
    seed(screen);
  });
  afterEach(async () => {
    if (store) await removeTempStore(store, dir);
    store = null;
  });
  return { store: open, screen, lead };
}

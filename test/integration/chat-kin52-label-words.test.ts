import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EngramStore } from '../../agents/store/index.js';
import { OfflineProvider } from '../../agents/llm/index.js';
import { ChatService } from '../../agents/chat/index.js';
import { storeRecommender } from '../helpers/experience-recommender.js';
import { openTempStore, removeTempStore } from '../helpers/temp-store.js';

/**
 * Issue 30: a question in a person's words reaches the page labelled in the site's (label-kin.ts):
 * the wifi password is a router's "Network key", spinning a gym's "Indoor cycling", the tip a
 * receipt's "Gratuity". Made-up screens, apart from the benchmark days, each beside a page that
 * shares a word of the question but not the asked thing.
 */
const AT = Date.parse('2026-12-05T13:00:00Z');

describe("the page labelled in the site's word is found and read", () => {
  let dir: string;
  let store: EngramStore;
  let n = 0;
  const screen = (title: string, ...passages: string[]) => {
    const o = store.observations.insert({ kind: 'screen', frame_id: null, audio_id: null, display: ':0', observed_at: AT + n++ * 300_000, app: 'Chromium', title, url: null, text: passages.join('\n\n'), caption: null });
    store.memories.insert({ kind: 'episodic', title: `Browsed "${title}"`, text: `Browsed ${title}`, occurred_at: o.observed_at, provenance: [{ source_type: 'observation', source_id: o.id }] });
  };
  const lead = async (text: string) => {
    await store.flushEmbeddings();
    const chat = new ChatService({ store, llm: new OfflineProvider(), recommender: storeRecommender(store), now: () => AT + 6 * 3_600_000, timeZone: 'UTC' });
    return (await chat.ask({ text })).answer.split('\n')[0]!;
  };

  beforeEach(async () => {
    n = 0;
    ({ dir, store } = await openTempStore('engram-kin52-'));
    screen('Inbox — Mail', 'Weekly digest\nYour parcel is on its way\nTeam lunch on Friday?');
    screen('Password manager — Vault', 'Password health: 3 weak passwords\nLast checked Thursday');
  });
  afterEach(async () => {
    await removeTempStore(store, dir);
  });

  it('"the wifi password": the router\'s network key, not a password manager\'s count', async () => {
    screen('Wireless settings — Hollis router', 'Wireless 5 GHz\nNetwork name (SSID): Hollis-5G\nSecurity: WPA2-Personal\nNetwork key: plum-otter-7731\nChannel: 36');
    expect(await lead("What's the wifi password?")).toMatch(/plum-otter-7731/);
  }, 30_000);

  it('"spinning": the timetable\'s indoor cycling; and no time stated when no class is one', async () => {
    screen('Class timetable — Riverside Leisure Centre', 'Thursday classes\nBody pump: Thu 17:45\nIndoor cycling: Thu 18:30\nYoga flow: Thu 19:15');
    expect(await lead('What time is spinning on Thursday?')).toMatch(/18:30/);
  }, 30_000);

  it('negative: a timetable without the class gives no other class\'s time', async () => {
    screen('Class timetable — Riverside Leisure Centre', 'Thursday classes\nBody pump: Thu 17:45\nYoga flow: Thu 19:15');
    expect(await lead('What time is spinning on Thursday?')).not.toMatch(/17:45|19:15/);
  }, 30_000);
});

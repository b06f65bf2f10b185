/**
 * A thread's title quoting a vault value (trust52). A title is made from the thread's first question
 * and shown in the thread list (chat.listThreads), where it was read as stored: a question holding the
 * user's PIN or Wi-Fi password, or a thread named before the value went into the vault, showed it.
 * Titles are cut as a prompt is: when made from a question and when shown; the stored title of an
 * older thread stays as it was (the re-scrub rewrites kept text). Real encrypted store, the chat API's
 * handlers, an offline model.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChatService } from '../../agents/chat/index.js';
import { OfflineProvider } from '../../agents/llm/index.js';
import type { EngramStore } from '../../agents/store/index.js';
import { createChatHandlers } from '../../electron/api/chat-handlers.js';
import { storeRecommender } from '../helpers/experience-recommender.js';
import { openTempStore, removeTempStore } from '../helpers/temp-store.js';

const WIFI = 'Marram-Pelican-3318';
const PIN = '6072';
const NOW = Date.UTC(2026, 10, 20, 12);

describe('thread titles and the vault', () => {
  let store: EngramStore;
  let dir: string;
  beforeEach(async () => {
    ({ store, dir } = await openTempStore('engram-thread-title-vault-'));
  });
  afterEach(() => removeTempStore(store, dir));

  const keep = (title: string, secret: string, kind = 'password') =>
    store.memories.insert({ kind: 'knowledge_vault', title, text: title, fields: { entry_type: kind, sensitivity: 'medium', secret, source: 'user' }, created_at: NOW });
  const service = () => new ChatService({ store, llm: new OfflineProvider(), recommender: storeRecommender(store), now: () => NOW, timeZone: 'UTC', tools: false });
  const listed = async () => (await createChatHandlers({ chat: service(), emit: () => {} })['chat.listThreads']({})).threads.map((t) => t.title);

  it('a thread named before the value was kept: listed and read without it; the stored title as it was', async () => {
    const older = store.threads.create(`joined the boathouse with ${WIFI}`, NOW - 86_400_000);
    store.threads.create(`bike shed: ${PIN}`, NOW - 86_000_000);
    store.threads.create(`room ${PIN} for the offsite`, NOW - 85_000_000);
    keep('Boathouse wifi', WIFI, 'network');
    keep('Bike shed lock', PIN, 'pin');
    expect(await listed()).toEqual(expect.arrayContaining(['joined the boathouse with [redacted:password]', 'bike shed: [redacted:password]', `room ${PIN} for the offsite`]));
    expect((await listed()).join(' ')).not.toContain(WIFI);
    expect(service().getThread(older.id).title).toBe('joined the boathouse with [redacted:password]');
    expect(store.threads.get(older.id)!.title).toBe(`joined the boathouse with ${WIFI}`);
  });

  it('a thread made from a question holding a value is stored without it; a question without one keeps its words', async () => {
    keep('Boathouse wifi', WIFI, 'network');
    keep('Gym locker', PIN, 'pin');
    const a = await service().ask({ text: `Does ${WIFI.toLowerCase()} still work at the boathouse?` });
    const b = await service().ask({ text: `Is ${PIN} still my gym locker code?` });
    const c = await service().ask({ text: `Who booked room ${PIN} last week?` });
    const title = (id: string) => store.threads.get(id)!.title;
    expect(title(a.threadId)).not.toMatch(/marram/i);
    expect(title(a.threadId)).toContain('still work at the boathouse');
    expect(title(b.threadId)).toBe('Is [redacted:password] still my gym locker code?');
    expect(title(c.threadId)).toBe(`Who booked room ${PIN} last week?`);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { openStore, StaticKeyProvider, HashEmbedder, type EngramStore } from '../../agents/store/index.js';
import { OfflineProvider } from '../../agents/llm/index.js';
import { ChatService } from '../../agents/chat/index.js';
import { createBrain, type Brain } from '../../agents/meta/index.js';
import { exportMemories } from '../../agents/portability/index.js';
import { storeRecommender } from '../helpers/experience-recommender.js';

/**
 * Issue 28: the first chat message became the thread's title unredacted ("My github token is
 * ghp_…"), and from the title an episode's and the masked export. A title never holds a secret,
 * and a title stored before this (an old database) reaches no memory in clear.
 */
const TOKEN = 'ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8';

describe('chat questions are redacted before they become titles or episodes', () => {
  let dir: string;
  let store: EngramStore;
  let brain: Brain;
  let chat: ChatService;
  const learnt: Promise<unknown>[] = [];

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'engram-title-'));
    store = await openStore({ dataDir: dir, keyProvider: new StaticKeyProvider(randomBytes(32)), embedder: new HashEmbedder(64) });
    brain = createBrain({ store, llm: new OfflineProvider(), timeZone: 'UTC' });
    chat = new ChatService({ store, llm: new OfflineProvider(), recommender: storeRecommender(store), timeZone: 'UTC', onTurnStored: (t) => learnt.push(brain.ingestMessages(t.threadId)) });
  });
  afterEach(async () => {
    await Promise.all(learnt.splice(0));
    await brain.stop();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Everything a masked export and the memory list hold. */
  const exported = (): string => {
    let out = '';
    exportMemories(store, { write: (c) => (out += String(c)) }, { format: 'json', includeSecrets: false });
    return out + JSON.stringify(store.memories.list({ limit: 500 }));
  };

  it('the first message makes a redacted title; memories and the masked export never carry the token', async () => {
    const turn = await chat.ask({ text: `My github token is ${TOKEN}, keep it for the deploy script` });
    await Promise.all(learnt.splice(0));
    const title = store.threads.get(turn.threadId)!.title;
    expect(title).toContain('[redacted:github_token]');
    expect(title).not.toContain('ghp_');
    expect(exported()).not.toContain(TOKEN.slice(4, 20));
  });

  it('a title given or renamed by hand is redacted too', () => {
    const t = chat.startThread(`deploy ${TOKEN}`);
    expect(t.title).toBe('deploy [redacted:github_token]');
    expect(chat.renameThread(t.id, `Password: Tr0ub4dor&3x`).title).toBe('Password: [redacted:password]');
  });

  it('a title kept in clear by an older version reaches no episode', async () => {
    const t = store.threads.create(`Deploy with token ${TOKEN}`, 1_000);
    store.messages.insert({ thread_id: t.id, role: 'user', text: 'We shipped the Atlas release to staging today.', raw: { role: 'user', content: 'x' }, created_at: 1_000 });
    store.messages.insert({ thread_id: t.id, role: 'assistant', text: 'Noted: Atlas is on staging.', raw: { role: 'assistant', content: 'y' }, created_at: 1_001 });
    await brain.ingestMessages(t.id);
    const memories = store.memories.list({ limit: 100 });
    expect(memories.length).toBeGreaterThan(0);
    expect(JSON.stringify(memories)).not.toContain(TOKEN.slice(4, 20));
    expect(exported()).not.toContain(TOKEN.slice(4, 20));
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exportMemories } from '../../agents/portability/index.js';
import { openChatBrain, type ChatBrain } from '../helpers/chat-brain.js';

/**
 * Issue 28: the first chat message became the thread's title unredacted ("My github token is
 * ghp_…"), and from the title an episode's and the masked export. A title never holds a secret,
 * and a title stored before this (an old database) reaches no memory in clear.
 */
const TOKEN = 'ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8';

describe('chat questions are redacted before they become titles or episodes', () => {
  let t: ChatBrain;
  beforeEach(async () => void (t = await openChatBrain('engram-title-')));
  afterEach(() => t.close());

  /** Everything a masked export and the memory list hold. */
  const exported = (): string => {
    let out = '';
    exportMemories(t.store, { write: (c) => (out += String(c)) }, { format: 'json', includeSecrets: false });
    return out + JSON.stringify(t.store.memories.list({ limit: 500 }));
  };

  it('the first message makes a redacted title; memories and the masked export never carry the token', async () => {
    const turn = await t.chat.ask({ text: `My github token is ${TOKEN}, keep it for the deploy script` });
    await Promise.all(t.learnt.splice(0));
    const title = t.store.threads.get(turn.threadId)!.title;
    expect(title).toContain('[redacted:github_token]');
    expect(title).not.toContain('ghp_');
    expect(exported()).not.toContain(TOKEN.slice(4, 20));
  });

  it('a title given or renamed by hand is redacted too', () => {
    const thread = t.chat.startThread(`deploy ${TOKEN}`);
    expect(thread.title).toBe('deploy [redacted:github_token]');
    expect(t.chat.renameThread(thread.id, `Password: Tr0ub4dor&3x`).title).toBe('Password: [redacted:password]');
  });

  it('a title kept in clear by an older version reaches no episode', async () => {
    const thread = t.store.threads.create(`Deploy with token ${TOKEN}`, 1_000);
    t.store.messages.insert({ thread_id: thread.id, role: 'user', text: 'We shipped the Atlas release to staging today.', raw: { role: 'user', content: 'x' }, created_at: 1_000 });
    t.store.messages.insert({ thread_id: thread.id, role: 'assistant', text: 'Noted: Atlas is on staging.', raw: { role: 'assistant', content: 'y' }, created_at: 1_001 });
    await t.brain.ingestMessages(thread.id);
    const memories = t.store.memories.list({ limit: 100 });
    expect(memories.length).toBeGreaterThan(0);
    expect(JSON.stringify(memories)).not.toContain(TOKEN.slice(4, 20));
    expect(exported()).not.toContain(TOKEN.slice(4, 20));
  });
});

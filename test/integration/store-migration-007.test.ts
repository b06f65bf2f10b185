import { describe, expect, it } from 'vitest';
import { openStore, StaticKeyProvider, LATEST_SCHEMA_VERSION } from '../../agents/store/index.js';
import { storeFolderPerTest } from '../helpers/temp-store.js';

describe('migration 007: running summaries of chat threads', () => {
  const folder = storeFolderPerTest('engram-mig7-');

  it('upgrades a version-4 database with threads and messages, keeping them, and summaries follow their thread and messages', async () => {
    const old = await openStore({ dataDir: folder.dir, keyProvider: new StaticKeyProvider(folder.key), targetVersion: 4 });
    expect(old.db.pragma('user_version', { simple: true })).toBe(4);
    expect(old.db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'thread_summaries'").get()).toBeUndefined();
    const t = old.threads.create('Before the upgrade', 1_000);
    const m1 = old.messages.insert({ thread_id: t.id, role: 'user', text: 'what did Ana say?', raw: {}, created_at: 1_001 });
    const m2 = old.messages.insert({ thread_id: t.id, role: 'assistant', text: 'She approved the plan.', raw: {}, created_at: 1_002 });
    await old.close();

    const store = await openStore({ dataDir: folder.dir, keyProvider: new StaticKeyProvider(folder.key) });
    try {
      expect(store.db.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION);
      expect(LATEST_SCHEMA_VERSION).toBeGreaterThanOrEqual(7);
      expect(store.threads.get(t.id)?.title).toBe('Before the upgrade');
      expect(store.messages.list(t.id).map((m) => m.text)).toEqual(['what did Ana say?', 'She approved the plan.']);
      expect(store.threadSummaries.get(t.id)).toBeNull();

      const summary = { thread_id: t.id, summary: 'The user asked about Ana.', through_message_id: m1.id, covered_messages: 1, updated_at: 2_000 };
      store.threadSummaries.put(summary);
      expect(store.threadSummaries.get(t.id)).toEqual(summary);
      store.threadSummaries.put({ ...summary, summary: 'Updated.', covered_messages: 2, through_message_id: m2.id });
      expect(store.threadSummaries.get(t.id)?.summary).toBe('Updated.');

      // Forgetting any message of the thread takes the summary with it (it may hold what was forgotten).
      store.forget({ from: 1_002, to: 1_002 });
      expect(store.messages.list(t.id)).toHaveLength(1);
      expect(store.threadSummaries.get(t.id)).toBeNull();

      store.threadSummaries.put(summary);
      expect(store.threads.delete(t.id)).toBe(true);
      expect(store.threadSummaries.get(t.id)).toBeNull();
      expect(store.db.prepare('SELECT count(*) FROM thread_summaries').pluck().get()).toBe(0);
    } finally {
      await store.close();
    }
  });
});

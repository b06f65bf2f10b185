import { describe, expect, it } from 'vitest';
import { openStore, StaticKeyProvider, LATEST_SCHEMA_VERSION } from '../../agents/store/index.js';
import { storeFolderPerTest } from '../helpers/temp-store.js';

describe('migration 008: feedback and behavioural directives', () => {
  const folder = storeFolderPerTest('engram-mig8-');

  it('upgrades a version-7 database keeping its conversation; feedback, thumbs, directives and tombstones behave', async () => {
    const old = await openStore({ dataDir: folder.dir, keyProvider: new StaticKeyProvider(folder.key), targetVersion: 7 });
    expect(old.db.pragma('user_version', { simple: true })).toBe(7);
    expect(old.db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'directives'").get()).toBeUndefined();
    const t = old.threads.create('Before the upgrade', 1_000);
    const q = old.messages.insert({ thread_id: t.id, role: 'user', text: 'how do I restart nginx?', raw: {}, created_at: 1_001 });
    const a = old.messages.insert({ thread_id: t.id, role: 'assistant', text: 'First, some background on nginx…', raw: {}, created_at: 1_002 });
    const fb = old.messages.insert({ thread_id: t.id, role: 'user', text: 'too long, give me the command first', raw: {}, created_at: 1_003 });
    await old.close();

    const store = await openStore({ dataDir: folder.dir, keyProvider: new StaticKeyProvider(folder.key) });
    try {
      expect(store.db.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION);
      expect(LATEST_SCHEMA_VERSION).toBeGreaterThanOrEqual(8);
      expect(store.messages.list(t.id).map((m) => m.id)).toEqual([q.id, a.id, fb.id]);
      expect(store.directives.list()).toEqual([]);
      expect(store.feedback.unscannedThreads()).toEqual([t.id]);

      // Thumbs: only on answers, one per answer, the latest click wins, null takes it back.
      expect(() => store.feedback.setThumb(q.id, 'up', 2_000)).toThrow(/only answers/);
      store.feedback.setThumb(a.id, 'up', 2_000);
      store.feedback.setThumb(a.id, 'down', 2_001);
      expect(store.feedback.thumbs(t.id)).toEqual([{ message_id: a.id, value: 'down' }]);
      store.feedback.setThumb(a.id, null, 2_002);
      expect(store.feedback.thumbs(t.id)).toEqual([]);

      const f1 = store.feedback.add({ message_id: fb.id, answer_id: a.id, kind: 'explicit', topic: 'Length', stance: 'against', instruction: 'Keep answers short.', quote: 'too long', source: 'rules', created_at: 1_003 });
      const f2 = store.feedback.add({ message_id: fb.id, answer_id: a.id, kind: 'explicit', topic: 'command_first', stance: 'for', instruction: 'Give the command first.', quote: 'give me the command first', source: 'rules', created_at: 1_003 });
      expect(f1.topic).toBe('length');
      expect(f1.thread_id).toBe(t.id);
      expect(() => store.feedback.add({ ...f1, id: undefined, kind: 'nonsense' as 'explicit' })).toThrow(/unknown feedback kind/);

      const d1 = store.directives.create({ text: 'Keep answers short.', topic: 'length', stance: 'against', origin: 'rules', evidence: [f1.id], at: 3_000 });
      const d2 = store.directives.create({ text: 'Give the command first.', topic: 'command_first', stance: 'for', origin: 'rules', evidence: [f2.id], at: 3_000 });
      expect(() => store.directives.create({ text: 'No evidence', topic: 'x', stance: 'for', origin: 'rules', evidence: [], at: 3_000 })).toThrow(/evidence/);
      // New directives are proposals (migration 012) until the user accepts them.
      expect(store.directives.list('proposed').map((d) => d.text)).toEqual(['Keep answers short.', 'Give the command first.']);
      for (const d of [d1, d2]) store.directives.accept(d.id, 3_050);
      expect(store.directives.list().map((d) => d.text)).toEqual(['Keep answers short.', 'Give the command first.']);
      expect(store.directives.evidence(d1.id).map((f) => f.quote)).toEqual(['too long']);

      // The user's edit sticks; synthesis rewording does not overwrite it.
      store.directives.edit(d1.id, 'Answer in two sentences at most.', 3_100);
      store.directives.reword(d1.id, 'Keep it brief.', 3_200);
      expect(store.directives.get(d1.id)).toMatchObject({ text: 'Answer in two sentences at most.', edited: true });

      // Delete = tombstone: text cleared, evidence spent (the synthesiser will not see it again).
      expect(store.directives.delete(d1.id, 4_000)).toBe(true);
      expect(store.directives.delete(d1.id, 4_001)).toBe(false);
      expect(store.directives.get(d1.id)).toMatchObject({ status: 'deleted', text: '' });
      expect(store.feedback.usable().map((f) => f.id)).toEqual([f2.id]);
      expect(store.directives.list().map((d) => d.id)).toEqual([d2.id]);

      // Forgetting the turn forgets its feedback, and a directive whose evidence is all gone goes too.
      store.forget({ from: 1_003, to: 1_003 });
      expect(store.feedback.count()).toBe(0);
      expect(store.directives.get(d2.id)).toBeNull();
      expect(store.directives.get(d1.id)).toBeNull();
      expect(store.db.prepare('SELECT count(*) FROM directive_evidence').pluck().get()).toBe(0);

      // Deleting the thread takes its thumbs and scan cursor.
      store.feedback.setThumb(a.id, 'down', 5_000);
      store.feedback.markScanned(t.id, 1_002);
      expect(store.threads.delete(t.id)).toBe(true);
      expect(store.feedback.count()).toBe(0);
      expect(store.db.prepare('SELECT count(*) FROM feedback_scans').pluck().get()).toBe(0);
    } finally {
      await store.close();
    }
  });
});

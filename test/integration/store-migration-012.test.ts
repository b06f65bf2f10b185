import { describe, expect, it } from 'vitest';
import { storeFolderPerTest } from '../helpers/temp-store.js';

/** Migration 012: where a thread came from, and directives that wait for the user's Accept (issue 28). */
describe('migration 012: thread origin and directive proposals', () => {
  const { open } = storeFolderPerTest('engram-mig12-');

  it('upgrades a version-11 database: chat threads stay chat, dated imports become imports, unreviewed directives become proposals', async () => {
    const old = await open(11);
    expect(old.db.pragma('user_version', { simple: true })).toBe(11);
    const chat = old.threads.create('asked in chat', 10_000);
    const q = old.messages.insert({ thread_id: chat.id, role: 'user', text: 'how do I restart nginx?', raw: {}, created_at: 10_001 });
    const a = old.messages.insert({ thread_id: chat.id, role: 'assistant', text: 'A long story about nginx…', raw: {}, created_at: 10_002 });
    const fb = old.messages.insert({ thread_id: chat.id, role: 'user', text: 'Too long. Give me the command first.', raw: {}, created_at: 10_003 });
    // `engram add --file` of a dated transcript: its messages are older than the thread.
    const imported = old.threads.create('imported', 20_000);
    old.messages.insert({ thread_id: imported.id, role: 'user', text: 'from now on always end with a link', raw: {}, created_at: 5_000 });
    const f1 = old.feedback.add({ message_id: fb.id, answer_id: a.id, kind: 'explicit', topic: 'length', stance: 'against', instruction: 'Keep answers short.', quote: 'Too long.', source: 'rules', created_at: 10_003 });
    const f2 = old.feedback.add({ message_id: fb.id, answer_id: a.id, kind: 'explicit', topic: 'command_first', stance: 'for', instruction: 'Give the command first.', quote: 'Give me the command first.', source: 'rules', created_at: 10_003 });
    const insert = old.db.prepare("INSERT INTO directives (id, text, topic, stance, status, origin, edited, created_at, updated_at) VALUES (?, ?, ?, ?, 'active', 'rules', ?, 11_000, 11_000)");
    insert.run('dir_unreviewed', 'Keep answers short.', 'length', 'against', 0);
    insert.run('dir_edited', 'The command first, always.', 'command_first', 'for', 1);
    old.db.prepare('INSERT INTO directive_evidence VALUES (?, ?), (?, ?)').run('dir_unreviewed', f1.id, 'dir_edited', f2.id);
    await old.close();

    const store = await open(12);
    try {
      expect(store.db.pragma('user_version', { simple: true })).toBe(12);
      expect(store.threads.get(chat.id)).toMatchObject({ origin: 'chat', title: 'asked in chat' });
      expect(store.threads.get(imported.id)!.origin).toBe('import');
      expect(store.messages.list(chat.id).map((m) => m.id)).toEqual([q.id, a.id, fb.id]);
      // What the user wrote themselves stays in the prompt; what synthesis wrote waits for them.
      expect(store.directives.list().map((d) => d.id)).toEqual(['dir_edited']);
      expect(store.directives.list('proposed').map((d) => d.id)).toEqual(['dir_unreviewed']);
      expect(store.directives.get('dir_unreviewed')!.evidence).toEqual([f1.id]);
      expect(() => store.db.prepare("UPDATE threads SET origin = 'web' WHERE id = ?").run(chat.id)).toThrow(/CHECK/);
      expect(() => store.db.prepare("UPDATE directives SET review = 'maybe' WHERE id = 'dir_edited'").run()).toThrow(/CHECK/);

      // New threads: chat by default, imports when said.
      expect(store.threads.create('new chat', 30_000).origin).toBe('chat');
      const imp = store.threads.create('new import', 30_000, 'import');
      expect(store.threads.get(imp.id)!.origin).toBe('import');

      // Reject: a tombstone whose evidence is spent; accept: into the prompt, retiring the opposite one.
      expect(store.directives.reject('dir_unreviewed', 40_000)).toBe(true);
      expect(store.directives.get('dir_unreviewed')).toMatchObject({ status: 'rejected', text: '', retired_reason: 'rejected by the user' });
      expect(store.directives.reject('dir_unreviewed', 40_001)).toBe(false);
      expect(store.feedback.usable().map((f) => f.id)).toEqual([f2.id]);
      const opposite = store.directives.create({ text: 'Explain first, then give the command.', topic: 'command_first', stance: 'against', origin: 'rules', evidence: [f2.id], at: 41_000 });
      expect(opposite.status).toBe('proposed');
      expect(store.directives.list().map((d) => d.id)).toEqual(['dir_edited']);
      expect(() => store.directives.accept('dir_edited', 42_000)).toThrow(/not a proposal/);
      store.directives.accept(opposite.id, 42_000);
      expect(store.directives.list().map((d) => d.id)).toEqual([opposite.id]);
      expect(store.directives.get('dir_edited')).toMatchObject({ status: 'retired' });
      expect(store.directives.get('dir_edited')!.retired_reason).toMatch(/replaced by the directive you accepted/);
    } finally {
      await store.close();
    }
  });
});

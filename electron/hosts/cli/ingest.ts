import type { Engram } from '../../engine/index.js';
import { messageText, type MessageInput } from '../../../shared/index.js';
import { threadTitle } from '../../../shared/redaction/index.js';

export interface AddResult {
  thread_id: string;
  message_ids: string[];
  memory_ids: string[];
  /** Batches the model could not take now: the messages stay queued and are processed later. */
  deferred: number;
}

/**
 * Stores added messages in a thread (one transaction: all or nothing), then hands them to the
 * engine's brain, which writes memories of every kind they call for (offline rules without a
 * model). A model outage leaves the messages stored and unprocessed, to be taken up again later.
 */
export async function ingestAdded(engram: Engram, messages: MessageInput[], title: string): Promise<AddResult> {
  const { store } = engram;
  const now = Date.now();
  const stored = store.transaction(() => {
    // A title given with --thread is kept as every thread title is: redacted (issue 28).
    const thread = store.threads.create(threadTitle(title) || 'Notes', now, 'import');
    const ids = messages.map((m, i) => {
      const at = m.created_at ? Date.parse(m.created_at) : now + i;
      return store.messages.insert({ thread_id: thread.id, role: m.role, text: messageText(m), raw: m, created_at: at }).id;
    });
    return { thread, ids };
  });
  const brain = await engram.brain();
  if (!brain) throw new Error('ingestAdded needs an engine with the brain');
  const report = await brain.ingestMessages(stored.thread.id);
  return { thread_id: stored.thread.id, message_ids: stored.ids, memory_ids: report.memory_ids, deferred: report.deferred };
}

import type { EngramStore } from '../../../agents/memory/index.js';
import { messageText, type MessageInput } from '../../../shared/index.js';

export interface AddResult {
  thread_id: string;
  message_ids: string[];
  memory_ids: string[];
}

/**
 * Stores added messages in a thread (one transaction: all or nothing), then turns them into
 * memories. Until the brain (agents/meta) is wired in, each user or assistant turn becomes one
 * semantic memory citing its message.
 */
export async function ingestAdded(store: EngramStore, messages: MessageInput[], title: string): Promise<AddResult> {
  const now = Date.now();
  const stored = store.transaction(() => {
    const thread = store.threads.create(title, now);
    const ids = messages.map((m, i) => {
      const at = m.created_at ? Date.parse(m.created_at) : now + i;
      return store.messages.insert({ thread_id: thread.id, role: m.role, text: messageText(m), raw: m, created_at: at }).id;
    });
    return { thread, ids };
  });
  const memoryIds = store.transaction(() => {
    const out: string[] = [];
    for (const id of stored.ids) {
      const msg = store.messages.get(id)!;
      if ((msg.role === 'user' || msg.role === 'assistant') && msg.text.trim()) {
        out.push(
          store.memories.insert({
            kind: 'semantic',
            title: msg.text.split('\n')[0]!.slice(0, 80),
            text: msg.text,
            occurred_at: msg.created_at,
            segment: stored.thread.id,
            provenance: [{ source_type: 'message', source_id: id }],
          }).id,
        );
      }
    }
    store.messages.markProcessed(stored.ids);
    return out;
  });
  return { thread_id: stored.thread.id, message_ids: stored.ids, memory_ids: memoryIds };
}

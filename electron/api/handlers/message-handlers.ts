import { messageText } from '../../../shared/index.js';
import { threadTitle } from '../../../shared/redaction/index.js';
import type { ApiDeps } from '../deps.js';
import { fail } from '../errors.js';
import type { HandlerGroup } from '../handler-types.js';

/**
 * messages.add: stores added messages in a new thread (one transaction: all or nothing), then hands
 * them to the engine's brain, which writes memories of every kind they call for (offline rules
 * without a model). A model outage leaves the messages stored and unprocessed, taken up later.
 */
export function messageHandlers(deps: ApiDeps): HandlerGroup<'messages.add'> {
  const { store } = deps;
  return {
    'messages.add': async (input) => {
      const ingest = deps.ingest;
      if (!ingest) fail('UNAVAILABLE', 'Adding notes runs from the command line (engram add).');
      const now = deps.clock?.() ?? Date.now();
      const stored = store.transaction(() => {
        // A title given with --thread is kept as every thread title is: redacted (issue 28).
        const thread = store.threads.create(threadTitle(input.title) || 'Notes', now, 'import');
        const ids = input.messages.map((m, i) => {
          const at = m.created_at ? Date.parse(m.created_at) : now + i;
          return store.messages.insert({ thread_id: thread.id, role: m.role, text: messageText(m), raw: m, created_at: at }).id;
        });
        return { thread, ids };
      });
      const report = await ingest(stored.thread.id);
      return { thread_id: stored.thread.id, message_ids: stored.ids, memory_ids: report.memory_ids, deferred: report.deferred };
    },
  };
}

import { z } from 'zod';
import { MessageInputSchema } from '../memory/index.js';
import { defineRequest } from './common.js';
import { lazySchema } from './lazy-schema.js';

/** What `messages.add` stored and what the memory agents made of it. */
export const AddedMessagesSchema = lazySchema(() => z.object({
  thread_id: z.string(),
  message_ids: z.array(z.string()),
  memory_ids: z.array(z.string()),
  /** Batches the model could not take now: the messages stay queued and are processed later. */
  deferred: z.number().int().nonnegative(),
}));
export type AddedMessages = z.infer<typeof AddedMessagesSchema>;

export const messageRequests = {
  /**
   * Stores a note or a conversation in a new thread (all or nothing), then has the memory agents
   * turn it into memories (offline rules without a model). Needs an engine whose brain runs
   * (`engram add`); elsewhere UNAVAILABLE, with nothing stored.
   */
  'messages.add': defineRequest(
    lazySchema(() => z.object({ title: z.string().max(10_000), messages: z.array(MessageInputSchema).min(1).max(1_000_000) })),
    AddedMessagesSchema,
  ),
};

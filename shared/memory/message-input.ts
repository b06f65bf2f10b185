import { z } from 'zod';

/**
 * Chat messages as other tools hand them over (OpenAI / MIRIX `add` shape): content is a string or a
 * list of parts; assistant turns may carry tool_calls, and role "tool" turns answer them.
 */
export const TextPartSchema = z.object({ type: z.literal('text'), text: z.string() }).passthrough();
export const OtherPartSchema = z.object({ type: z.string() }).passthrough();
export const ToolCallSchema = z
  .object({
    id: z.string().optional(),
    type: z.string().optional(),
    function: z.object({ name: z.string(), arguments: z.union([z.string(), z.record(z.string(), z.unknown())]).optional() }).passthrough(),
  })
  .passthrough();

export const MessageInputSchema = z
  .object({
    role: z.enum(['system', 'user', 'assistant', 'tool']),
    content: z.union([z.string(), z.array(z.union([TextPartSchema, OtherPartSchema])), z.null()]).optional(),
    name: z.string().optional(),
    tool_calls: z.array(ToolCallSchema).optional(),
    tool_call_id: z.string().optional(),
    created_at: z.string().datetime({ offset: true }).optional(),
  })
  .passthrough()
  .refine((m) => m.content != null || (m.tool_calls?.length ?? 0) > 0, { message: 'a message needs content or tool_calls' });
export type MessageInput = z.infer<typeof MessageInputSchema>;

export const MessageListSchema = z.union([z.array(MessageInputSchema), z.object({ messages: z.array(MessageInputSchema) }).transform((o) => o.messages)]);

/** The plain text of a message: its text parts joined, plus a readable line per tool call. */
export function messageText(m: MessageInput): string {
  const parts: string[] = [];
  if (typeof m.content === 'string') parts.push(m.content);
  else if (Array.isArray(m.content)) {
    for (const p of m.content) if (p.type === 'text' && typeof (p as { text?: unknown }).text === 'string') parts.push((p as { text: string }).text);
  }
  for (const c of m.tool_calls ?? []) {
    const args = typeof c.function.arguments === 'string' ? c.function.arguments : JSON.stringify(c.function.arguments ?? {});
    parts.push(`[tool call ${c.function.name}(${args})]`);
  }
  return parts.join('\n');
}

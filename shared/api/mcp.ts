import { z } from 'zod';
import { SourceTypeSchema } from '../memory/index.js';
import { RedactionSettingsSchema } from '../settings/index.js';
import { IdSchema, defineRequest } from './common.js';
import { lazySchema } from './lazy-schema.js';

/** Whether other agents may use the memory over MCP, and the redaction switches its answers pass (read on every call). */
export const McpStatusSchema = lazySchema(() => z.object({
  enabled: z.boolean(),
  /** The user's redaction switches; the MCP host adds the always-on categories, as for a model. */
  redaction: RedactionSettingsSchema,
}));
export type McpStatus = z.infer<typeof McpStatusSchema>;

/** What the MCP host asks of the engine besides the window's requests: its switch, and where memories came from. */
export const mcpRequests = {
  'mcp.status': defineRequest(lazySchema(() => z.object({})), McpStatusSchema),
  /** `engram mcp enable|disable` (and a settings switch): on or off for every server, running or not. */
  'mcp.setEnabled': defineRequest(lazySchema(() => z.object({ enabled: z.boolean() })), McpStatusSchema),
  /** The types of the sources each memory cites (none for a memory without recorded sources): an answer's content_origin. */
  'mcp.sourceTypes': defineRequest(
    lazySchema(() => z.object({ ids: z.array(IdSchema).max(500) })),
    lazySchema(() => z.object({ source_types: z.record(z.string(), z.array(SourceTypeSchema)) })),
  ),
};

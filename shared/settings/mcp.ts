import { z } from 'zod';

/** Settings key of the MCP server's switch (the settings UI and `engram mcp enable|disable` write it). */
export const MCP_SETTINGS_KEY = 'mcp';

export const McpSettingsSchema = z.object({
  /** Off: `engram mcp` refuses to start, and a running server answers every call with "turned off". */
  enabled: z.boolean().default(true),
});
export type McpSettings = z.infer<typeof McpSettingsSchema>;

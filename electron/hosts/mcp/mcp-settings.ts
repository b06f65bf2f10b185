import { z } from 'zod';
import type { EngramStore } from '../../engine/index.js';

/** store.settings key of the MCP server's switch (the settings UI and `engram mcp enable|disable` write it). */
export const MCP_SETTINGS_KEY = 'mcp';

export const McpSettingsSchema = z.object({
  /** Off: `engram mcp` refuses to start, and a running server answers every call with MCP_OFF_MESSAGE. */
  enabled: z.boolean().default(true),
});
export type McpSettings = z.infer<typeof McpSettingsSchema>;

export const MCP_OFF_MESSAGE =
  "Engram's memory is not shared with other apps: the MCP server is turned off in Engram's settings. Turn it on in Settings, or run `engram mcp enable`.";

/** Read on every call, so switching it off in the app takes effect in a server that is already running. */
export function readMcpSettings(store: Pick<EngramStore, 'settings'>): McpSettings {
  return store.settings.get(MCP_SETTINGS_KEY, McpSettingsSchema, McpSettingsSchema.parse({}));
}

export function writeMcpSettings(store: Pick<EngramStore, 'settings'>, settings: McpSettings): void {
  store.settings.set(MCP_SETTINGS_KEY, McpSettingsSchema.parse(settings));
}

// The switch itself lives in the settings (shared/settings); the engine reads and writes it (mcp.status, mcp.setEnabled).
export { MCP_SETTINGS_KEY, McpSettingsSchema, type McpSettings } from '../../../shared/settings/index.js';

export const MCP_OFF_MESSAGE =
  "Engram's memory is not shared with other apps: the MCP server is turned off in Engram's settings. Turn it on in Settings, or run `engram mcp enable`.";

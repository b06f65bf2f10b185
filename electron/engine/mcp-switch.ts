import { peekSetting } from '../../agents/store/index.js';
import { MCP_SETTINGS_KEY, McpSettingsSchema } from '../../shared/settings/index.js';
import type { StoreLocation } from './start-engram.js';

/**
 * Whether other apps may use the memory through MCP, read before the engine starts, so `engram mcp`
 * refuses at once when switched off and otherwise answers its client while the engine loads
 * (issue 34). The same reading as the mcp.status request: a missing or unreadable value is the default.
 */
export async function mcpSwitchAt(at: StoreLocation): Promise<boolean> {
  const parsed = McpSettingsSchema.safeParse((await peekSetting(at, MCP_SETTINGS_KEY)) ?? {});
  return (parsed.success ? parsed.data : McpSettingsSchema.parse({})).enabled;
}

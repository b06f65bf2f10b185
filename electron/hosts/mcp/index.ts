/** electron/hosts/mcp: Engram's memory for other agents, as an MCP server over stdio. */
export { createEngramMcpServer, MCP_SERVER_NAME } from './engram-mcp-server.js';
export { serveMcpOverStdio, McpDisabledError, type StdioServeOptions } from './stdio-server.js';
export { MCP_SETTINGS_KEY, MCP_OFF_MESSAGE, McpSettingsSchema, type McpSettings } from './mcp-settings.js';
export type { ToolContext } from './tool-context.js';

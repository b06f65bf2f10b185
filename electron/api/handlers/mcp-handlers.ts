import { CAPTURE_SETTINGS_KEY, CaptureSettingsSchema, MCP_SETTINGS_KEY, McpSettingsSchema, defaultCaptureSettings } from '../../../shared/settings/index.js';
import type { McpStatus } from '../../../shared/api/index.js';
import type { SourceType } from '../../../shared/memory/index.js';
import type { ApiDeps } from '../deps.js';
import type { HandlerGroup } from '../handler-types.js';

type McpNames = 'mcp.status' | 'mcp.setEnabled' | 'mcp.sourceTypes';

/**
 * The MCP host's own needs: its on/off switch and the redaction switches (read on every call, so a
 * change in the app reaches a server already running), and the source types behind each memory
 * (an answer's content_origin).
 */
export function mcpHandlers(deps: ApiDeps): HandlerGroup<McpNames> {
  const { store } = deps;
  const status = (): McpStatus => ({
    enabled: store.settings.get(MCP_SETTINGS_KEY, McpSettingsSchema, McpSettingsSchema.parse({})).enabled,
    redaction: store.settings.get(CAPTURE_SETTINGS_KEY, CaptureSettingsSchema, defaultCaptureSettings()).redaction,
  });
  return {
    'mcp.status': () => status(),
    'mcp.setEnabled': (input) => {
      store.settings.set(MCP_SETTINGS_KEY, McpSettingsSchema.parse({ enabled: input.enabled }));
      return status();
    },
    'mcp.sourceTypes': (input) => {
      // Own keys, never assignment: an id spelled "__proto__" would otherwise set the answer's prototype.
      const out: Record<string, SourceType[]> = Object.fromEntries(input.ids.map((id) => [id, store.memories.provenance(id).map((p) => p.source_type)]));
      return { source_types: out };
    },
  };
}

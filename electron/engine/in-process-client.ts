import { createApiClient, type ApiClient } from '../../shared/api/index.js';
import type { EngramApi } from '../api/index.js';

/**
 * The window's typed client, carried in process: the CLI and the MCP server call the same handler
 * map, through the same dispatcher and zod contract, as the window does over IPC or a WebSocket
 * (Actual Budget's loot-core is called from every host this way).
 */
export function inProcessClient(api: Pick<EngramApi, 'dispatch' | 'events'>): ApiClient {
  return createApiClient({
    invoke: (name, input) => api.dispatch(name, input),
    on: (listener) => api.events.subscribe((name, payload) => listener({ name, payload })),
  });
}

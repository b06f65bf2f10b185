import { ApiCallError, apiError } from './errors.js';
import type { EventName, EventPayload } from './events.js';
import type { RequestInput, RequestName, RequestOutput } from './requests.js';
import type { ApiResponse } from './wire.js';

/** Anything that can carry calls and events: the preload bridge, a WebSocket, or an in-process dispatcher. */
export interface ApiTransport {
  invoke(name: string, input: unknown): Promise<ApiResponse>;
  on(listener: (event: { name: string; payload: unknown }) => void): () => void;
}

export interface ApiClient {
  /** Calls a request; resolves with its output or rejects with an ApiCallError carrying the typed code. */
  call<N extends RequestName>(name: N, input: RequestInput<N>): Promise<RequestOutput<N>>;
  /** Like call, but returns the response envelope instead of throwing. */
  request<N extends RequestName>(name: N, input: RequestInput<N>): Promise<ApiResponse<RequestOutput<N>>>;
  on<E extends EventName>(name: E, handler: (payload: EventPayload<E>) => void): () => void;
}

/**
 * The typed client the renderer uses. It is typed against the contract map without importing any
 * host code (Actual Budget's loot-core pattern); the transport is chosen at run time.
 */
export function createApiClient(transport: ApiTransport): ApiClient {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  let unsubscribe: (() => void) | null = null;

  function ensureSubscribed(): void {
    if (unsubscribe) return;
    unsubscribe = transport.on((event) => {
      const set = handlers.get(event.name);
      if (!set) return;
      for (const handler of [...set]) handler(event.payload);
    });
  }

  async function request<N extends RequestName>(name: N, input: RequestInput<N>): Promise<ApiResponse<RequestOutput<N>>> {
    try {
      return (await transport.invoke(name, input)) as ApiResponse<RequestOutput<N>>;
    } catch (err) {
      // A transport failure (socket closed, bridge gone) becomes a typed error like any other.
      return { ok: false, error: apiError('UNAVAILABLE', err instanceof Error ? err.message : 'connection lost') };
    }
  }

  return {
    request,
    async call(name, input) {
      const response = await request(name, input);
      if (!response.ok) throw new ApiCallError(response.error);
      return response.output;
    },
    on(name, handler) {
      ensureSubscribed();
      let set = handlers.get(name);
      if (!set) handlers.set(name, (set = new Set()));
      const h = handler as (payload: unknown) => void;
      set.add(h);
      return () => {
        set.delete(h);
      };
    },
  };
}

import type { z } from 'zod';
import type { ApiRequests, RequestName, RequestOutput } from '../../shared/api/index.js';

/** One handler per request; it receives input already validated by the dispatcher. */
export type ApiHandler<N extends RequestName> = (input: z.output<ApiRequests[N]['input']>) => Promise<RequestOutput<N>> | RequestOutput<N>;

export type ApiHandlers = { [N in RequestName]: ApiHandler<N> };

/** A slice of the map, as each handler file builds it. */
export type HandlerGroup<K extends RequestName> = { [N in K]: ApiHandler<N> };

import { startCaptureFeed } from './capture-feed.js';
import { createApiHandlers } from './create-api-handlers.js';
import type { ApiDeps } from './deps.js';
import { createDispatcher, type Dispatch, type DispatchOptions } from './dispatch.js';
import { createEventBus, type ApiEventBus } from './event-bus.js';
import type { ApiHandlers } from './handler-types.js';
import { followCaptureHealth } from './health-feed.js';
import { createProgressTracker, type ProgressTracker } from './progress-tracker.js';
import { bridgeStoreEvents } from './store-event-bridge.js';

export type ApiOptions = Omit<ApiDeps, 'events' | 'progress'> & {
  events?: ApiEventBus;
  /** Validate handler outputs against the contract too (tests). */
  checkOutputs?: boolean;
  /** Told of each output outside the contract (with checkOutputs): tests fail on it. */
  onContractViolation?: DispatchOptions['onContractViolation'];
  /** How often capture status is polled for changes it makes by itself (ms). */
  captureFeedMs?: number;
};

export interface EngramApi {
  handlers: ApiHandlers;
  dispatch: Dispatch;
  events: ApiEventBus;
  progress: ProgressTracker;
  /** Stops the store bridge and the capture feed (the store itself belongs to the host). */
  dispose(): void;
}

/** Everything a host needs in one call: handlers, the validating dispatcher, the event bus, live feeds. */
export function createApi(opts: ApiOptions): EngramApi {
  const events = opts.events ?? createEventBus((err) => opts.log?.(`api: event listener failed: ${String(err)}`));
  const progress = createProgressTracker(events, opts.clock);
  const deps: ApiDeps = { ...opts, events, progress };
  const handlers = createApiHandlers(deps);
  const dispatch = createDispatcher(handlers, { checkOutputs: opts.checkOutputs, onContractViolation: opts.onContractViolation, log: opts.log });
  const stops = [bridgeStoreEvents(opts.store, events), followCaptureHealth(events)];
  if (opts.capture) stops.push(startCaptureFeed(opts.capture, events, progress, opts.captureFeedMs));
  const driver = opts.captureDriver;
  if (driver) stops.push(driver.onTick(() => events.emit('capture.ticked', driver.counts())));
  return {
    handlers,
    dispatch,
    events,
    progress,
    dispose: () => stops.splice(0).forEach((s) => s()),
  };
}

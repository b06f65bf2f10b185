/**
 * electron/api: the one implementation of the UI contract (shared/api). Hosts: electron/desktop/main wires
 * `dispatch` to IPC; electron/hosts/http serves it over HTTP + WebSocket.
 */
export { createApi, type ApiOptions, type EngramApi } from './create-api.js';
export { createApiHandlers } from './create-api-handlers.js';
export { CONTRACT_VIOLATION, createDispatcher, oversized, type ContractViolation, type Dispatch, type DispatchOptions } from './dispatch.js';
export { createEventBus, type ApiEventBus, type ApiEventListener } from './event-bus.js';
export { createProgressTracker, type ProgressTracker } from './progress-tracker.js';
export { toApiError, fail } from './errors.js';
export { captureControlOf, captureDriverOf, type CaptureServiceLike, type CaptureRunLike } from './capture-control.js';
export { storeSecretStore, maskKey } from './store-secret-store.js';
export { SharpImageCodec } from './sharp-image-codec.js';
export { fileExportTarget, portabilityExporter, type ExporterOptions, type ExportTarget } from './portability-exporter.js';
export type { ApiHandlers, ApiHandler } from './handler-types.js';
export type { ApiDeps, CaptureControl, CaptureDriver, HostSession, SecretStore, StartAtLoginControl, SyncthingControl, Consolidator, DirectiveReviewer, Exporter, FrameImageCodec, ProgressReporter } from './deps.js';

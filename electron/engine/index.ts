/**
 * electron/engine: the one composition of Engram's core (store, model, capture, brain, chat,
 * consolidation, handler map) behind every host: the desktop app, the HTTP host, the CLI, MCP.
 */
export { startEngram, DEFERRED_BRAIN_MS, type Engram, type EngineOptions, type EngineProblem, type BrainChoice, type StoreLocation, type StoreSource } from './start-engram.js';
export type { CaptureSources } from './capture-sources.js';
export { modelConfigFrom, providerFor, modelGetter, type ModelConfig, type ModelOverrides, type EnvReader } from './model-choice.js';
export { embedderFrom } from './embedder-choice.js';
export { openEngram, type OpenEngramOptions, type OpenedStore } from './open-engram.js';
// Where a host's data dir and key are (hosts never name the store's files or key providers: issue 32):
// their own light door, electron/locate, which one-shot commands load without the engine (issue 34).
export { engramPlaces, locateEngram, storeFailureOf, type EngramPlace } from '../locate/index.js';
export { mcpSwitchAt } from './mcp-switch.js';
export { DREAM_MODES, DreamModeSchema, FIRST_WINDOW_DAYS } from '../../shared/api/index.js';
export { captionChoice, CaptionChoiceError, CAPTIONS_ENV } from './caption-choice.js';
export { dreamSummary } from './dream-summary.js';
export { inProcessClient } from './in-process-client.js';
export type { VaultFilter } from './vault-guard.js';
// Browser mode's session: consent asked in the window (the same record the desktop app keeps), capture gated until then.
export { createBrowserSession, type BrowserSession, type BrowserSessionOptions, type SessionCapture } from './browser-session.js';
export { runOwnSyncthing, type OwnSyncthing } from './own-syncthing.js';
// What a host or the desktop app needs of the rooms behind the engine, so they import only this door
// (eslint-rooms.js: hosts and desktop → engine → api, sensing).
export { fileExportTarget } from '../api/index.js';
export type { CaptureControl, EngramApi, ExporterOptions, ExportTarget, HostSession, StartAtLoginControl } from '../api/index.js';
// What a host hands to capture (its sources, their error, the capture settings) is light and loads
// with the engine; capture itself (the platform's screen and window sources, the pipeline, OCR)
// loads through captureRoom, when a host asks for capture: engram stats or search never do.
export {
  CaptureError,
  PushAudioSource,
  WavStreamSource,
  bgraToRgba,
  electronDisplayInfo,
  type AudioSource,
  type CapturedScreen,
  type DisplayInfo,
  type ScreenAccess,
  type ScreenSource,
} from '../sensing/sources/index.js';
export { captureRoom } from './capture-room.js';
export type { IdleSource, LoadSource, PowerSource } from '../sensing/capture/index.js';

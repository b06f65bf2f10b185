/**
 * electron/sensing/capture: screen and audio capture as plain Node code. Hosts (headless host, desktop
 * app, CLI) build a CaptureService with the sources of their platform.
 */
// What a host hands to capture lives in its own light room (electron/sensing/sources); the
// capture door passes it on, so capture's users see one door as before.
export {
  CaptureError,
  bgraToRgba,
  electronDisplayInfo,
  windowSpaceOf,
  readCaptureSettings,
  writeCaptureSettings,
  WavStreamSource,
  PushAudioSource,
  TARGET_RATE,
  encodeWav,
  resample,
  WavStreamDecoder,
  type CaptureErrorCode,
  type ScreenSource,
  type DisplayInfo,
  type ElectronDisplayShape,
  type ScreenImage,
  type CapturedScreen,
  type AudioSource,
  type PcmChunk,
} from '../sources/index.js';
export { ScreenshotDesktopSource, type ScreenshotDesktopSourceOptions } from './screenshot-desktop-source.js';
export { X11ScreenSource, zpixmapToRgb, type X11ScreenSourceOptions } from './x11-screen-source.js';
export { defaultScreenSource } from './default-screen-source.js';
export { NoActiveWindow, type ActiveWindowSource, type WindowInfo } from './active-window.js';
export { GetWindowsActiveWindowSource, GetWindowsWindowList, type GetWindowsModule, type GetWindowsResult } from './get-windows-source.js';
export { ActiveOnlyWindowList, UnavailableWindowList, WindowListError, type ListedWindow, type Rect, type WindowList, type WindowSnapshot } from './window-list.js';
export { X11WindowList } from './x11-window-list.js';
export { planMasks, planDecorations, applyMasks, MASK_RGB, type MaskPlan, type Decoration } from './window-mask.js';
export { greyForOcr } from './ocr-stage.js';
export { MIN_UNMASKED, type WindowListHealth } from './window-guard.js';
export { CachedActiveWindowSource } from './cached-active-window.js';
export { defaultActiveWindowSource, defaultWindowList } from './default-screen-source.js';
export { AlwaysActive, type IdleSource, type IdleState } from './idle-source.js';
export { AlwaysOnAc, SysfsPowerSource, type PowerSource } from './power-source.js';
export { defaultLoadSource, OsLoadSource, type LoadLevel, type LoadSource } from './load-source.js';
export { frameSignature, dHash, dHashHex, hammingDistance, isChanged, changedCells, DEFAULT_CHANGE, type FrameSignature, type ChangeThresholds } from './dhash.js';
export { PrivacyGate, normaliseApp, ENGRAM_WINDOW_TITLES, type GateDecision, type GateReason, type ExclusionReason, type SelfWindows } from './privacy-gate.js';
export { FrameEncoder, type EncodedFrame, type FrameEncoderOptions } from './frame-encoder.js';
export { CapturePipeline, type CapturePipelineDeps, type TickResult, type TickReason, type SecretsEvent, type PipelineStats, type MaskedEvent, type MaskTiming } from './capture-pipeline.js';
export { CaptureService, MAX_BUSY_WAIT_MS, type CaptureServiceDeps, type CaptureServiceStatus } from './capture-service.js';
export { CaptureScheduler } from './scheduler.js';
export { ocrIdleStopMs } from './ocr-idle-stop.js';
export { applyRetention, RetentionJob, type RetentionReport } from './retention.js';
export { counterNames, localDay } from './day-counters.js';
export { EnergyVad, SpeechSegmenter, rmsDb, type SpeechChunk, type SegmenterOptions, type VadOptions } from './vad.js';
export type { Transcriber, Transcript, TranscribeInput } from './transcriber.js';
export { OpenAiTranscriber, transcriptionEndpoint, type OpenAiTranscriberOptions } from './openai-transcriber.js';
export { AudioPipeline, type AudioPipelineDeps, type AudioRunReport } from './audio-pipeline.js';
export { ModelCaptioner, CAPTION_SYSTEM, MAX_CAPTION_CHARS } from './model-captioner.js';
export { CAPTION_TIMEOUT_MS, CaptionTimeout } from './caption-step.js';

/**
 * electron/sensing/sources: what a host hands to capture, and nothing that captures. The screen and
 * audio source interfaces a host implements (the desktop app's screen stream and microphone, a WAV
 * file or stdin), the images they give, their error, and the capture settings a host reads and
 * writes. Light on purpose: every host imports it through the engine's door, while the capture
 * room itself (pipeline, OCR, platform sources) loads only where capture is asked for.
 */
export { CaptureError, type CaptureErrorCode } from './errors.js';
export { bgraToRgba, electronDisplayInfo, windowSpaceOf, type ScreenSource, type ScreenAccess, type DisplayInfo, type ElectronDisplayShape, type ScreenImage, type CapturedScreen } from './screen-source.js';
export { readCaptureSettings, writeCaptureSettings } from './capture-settings.js';
export { WavStreamSource, PushAudioSource, TARGET_RATE, type AudioSource, type PcmChunk, type WavStreamSourceOptions } from './audio-source.js';
export { encodeWav, resample, WavStreamDecoder, type WavFormat } from './wav.js';

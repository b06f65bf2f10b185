import { onFirstUse } from '../../shared/first-use/index.js';

/**
 * The capture room (the platform's screen and window sources, the capture pipeline, OCR), loaded
 * when a host asks for capture rather than with the engine: its ~40 modules are a sixth of what
 * engram stats or search would otherwise load, and they never capture.
 */
export const captureRoom = onFirstUse(() => import('../sensing/capture/index.js'));

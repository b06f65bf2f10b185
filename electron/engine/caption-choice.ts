import type { LlmProvider } from '../../agents/llm/index.js';
import type { EngramStore } from '../../agents/store/index.js';
import { readCaptureSettings, writeCaptureSettings } from '../sensing/sources/index.js';
import { CAPTURE_SETTINGS_KEY } from '../../shared/settings/index.js';
import type { EnvReader } from './model-choice.js';

/** The variable a host without the window reads, like `--captions`: on or off. */
export const CAPTIONS_ENV = 'ENGRAM_CAPTIONS';

export class CaptionChoiceError extends Error {
  override readonly name = 'CaptionChoiceError';
}

/**
 * What the user asked of captioning on a host without the window: true (--captions, or
 * ENGRAM_CAPTIONS=on), false (ENGRAM_CAPTIONS=off), null (nothing said: the stored switch holds).
 */
export function captionChoice(flag: boolean, env: EnvReader): boolean | null {
  if (flag) return true;
  const v = env[CAPTIONS_ENV]?.trim().toLowerCase();
  if (!v) return null;
  if (['on', '1', 'true', 'yes'].includes(v)) return true;
  if (['off', '0', 'false', 'no'].includes(v)) return false;
  throw new CaptionChoiceError(`${CAPTIONS_ENV} must be on or off (got "${env[CAPTIONS_ENV]}")`);
}

/**
 * Records the choice where the Privacy switch "Let the model see screenshots" keeps it
 * (capture.captioning.enabled): the same consent, said in a terminal instead of a click, shown in
 * the window and undone there or with ENGRAM_CAPTIONS=off. Returns an undo for a host that fails
 * before it runs (bad input leaves the data as it was).
 */
export function recordCaptionChoice(store: EngramStore, on: boolean): () => void {
  // Kept as stored (or absent), so a host that fails before it starts can leave the settings as they were.
  const before = store.settings.all()[CAPTURE_SETTINGS_KEY];
  const s = readCaptureSettings(store);
  writeCaptureSettings(store, { ...s, captioning: { ...s.captioning, enabled: on } });
  return () => (before === undefined ? store.settings.delete(CAPTURE_SETTINGS_KEY) : store.settings.set(CAPTURE_SETTINGS_KEY, before));
}

/** What a host tells the user once the choice is recorded and the model is known. */
export function captionNotice(store: EngramStore, model: LlmProvider): string {
  const c = readCaptureSettings(store).captioning;
  if (!c.enabled) return 'captions off: screenshots are not sent to any model';
  if (!model.online) return 'captions on, but no model is set up: frames get captions once one is (Settings → Model, or ANTHROPIC_API_KEY / ENGRAM_LLM_BASE_URL)';
  return `captions on: screenshots the privacy rules keep go to the model (${model.name}, ${model.models.extraction}) with the secrets OCR found blacked out, at most ${c.max_per_hour} an hour; ${CAPTIONS_ENV}=off turns it off`;
}

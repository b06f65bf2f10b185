import { LlmError } from './llm-error.js';
import type { LlmProvider, LlmResponse } from './types.js';

/**
 * The "no model" provider, the default when no API key is set. It never answers: callers check
 * `online` and take their rule-based path. Calling it anyway is a bug, so it throws a typed error.
 */
export class OfflineProvider implements LlmProvider {
  readonly online = false;
  readonly name = 'offline';
  readonly models = { chat: 'offline', extraction: 'offline' };

  complete(): Promise<LlmResponse> {
    return Promise.reject(new LlmError('OFFLINE', 'no model is configured (offline mode)'));
  }

  stream(): Promise<LlmResponse> {
    return Promise.reject(new LlmError('OFFLINE', 'no model is configured (offline mode)'));
  }
}

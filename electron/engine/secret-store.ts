import { LLM_SETTINGS } from '../../agents/llm/index.js';
import { storeSecretStore, type SecretStore } from '../api/index.js';
import type { EngramStore } from '../../agents/store/index.js';
import type { EnvReader } from './model-choice.js';

/**
 * A key as the Settings screen sees it, matching modelConfigFrom: the stored key first, else
 * $ANTHROPIC_API_KEY or $OPENAI_API_KEY (shown as coming from the environment, which the screen
 * cannot change).
 */
export function engineSecretStore(store: EngramStore, env: EnvReader, provider: 'anthropic' | 'openai' = 'anthropic'): SecretStore {
  const stored = provider === 'openai' ? storeSecretStore(store, LLM_SETTINGS.openaiApiKey) : storeSecretStore(store);
  const fromEnv = () => (provider === 'openai' ? env.OPENAI_API_KEY : env.ANTHROPIC_API_KEY)?.trim() || null;
  return {
    get: () => stored.get() ?? fromEnv(),
    set: (value) => stored.set(value),
    clear: () => stored.clear(),
    source: () => (stored.get() ? 'store' : fromEnv() ? 'env' : null),
  };
}

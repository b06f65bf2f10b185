import { z } from 'zod';
import type { EngramStore } from '../../agents/store/index.js';
import { LLM_SETTINGS } from '../../agents/llm/index.js';
import type { SecretStore } from './deps.js';

/**
 * The Anthropic key kept in the encrypted store's settings, where the LLM layer reads it
 * (LLM_SETTINGS.apiKey). The desktop app may pass a SecretStore that wraps it with safeStorage.
 */
export function storeSecretStore(store: EngramStore, key: string = LLM_SETTINGS.apiKey): SecretStore {
  return {
    get: () => {
      const v = store.settings.get(key, z.string().max(4096), '').trim();
      return v || null;
    },
    set: (value) => store.settings.set(key, value),
    clear: () => store.settings.delete(key),
    source: () => (store.settings.get(key, z.string().max(4096), '').trim() ? 'store' : null),
  };
}

/** "sk-ant-…f3Qa": enough to recognise which key it is, not enough to use it. */
export function maskKey(key: string): string {
  if (key.length < 16) return '••••••••';
  const prefix = key.startsWith('sk-ant-') ? 'sk-ant-' : key.slice(0, 3);
  return `${prefix}…${key.slice(-4)}`;
}

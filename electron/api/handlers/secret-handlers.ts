import type { SecretStatus } from '../../../shared/api/index.js';
import { fail } from '../errors.js';
import type { ApiDeps, SecretStore } from '../deps.js';
import type { HandlerGroup } from '../handler-types.js';
import { maskKey } from '../store-secret-store.js';

type SecretNames = 'secrets.status' | 'secrets.setAnthropicKey' | 'secrets.clearAnthropicKey' | 'secrets.setOpenAiKey' | 'secrets.clearOpenAiKey';

function statusOf(secrets: SecretStore): SecretStatus {
  const key = secrets.get();
  return { set: !!key, masked: key ? maskKey(key) : null, source: key ? secrets.source() : null };
}

export function secretHandlers(deps: ApiDeps, secrets: SecretStore, openai: SecretStore): HandlerGroup<SecretNames> {
  const status = (): { anthropic: SecretStatus } => ({ anthropic: statusOf(secrets) });
  const changed = (key = 'llm.api_key') => deps.events.emit('settings.changed', { keys: [key] });
  return {
    'secrets.status': () => ({ anthropic: statusOf(secrets), openai: statusOf(openai) }),
    'secrets.setOpenAiKey': (input) => {
      if (openai.source() === 'env') fail('CONFLICT', 'The key comes from the OPENAI_API_KEY environment variable; change it there.');
      openai.set(input.key);
      changed('llm.openai_api_key');
      return { openai: statusOf(openai) };
    },
    'secrets.clearOpenAiKey': () => {
      if (openai.source() === 'env') fail('CONFLICT', 'The key comes from the OPENAI_API_KEY environment variable; unset it there.');
      openai.clear();
      changed('llm.openai_api_key');
      return { openai: statusOf(openai) };
    },
    'secrets.setAnthropicKey': (input) => {
      if (secrets.source() === 'env') fail('CONFLICT', 'The key comes from the ANTHROPIC_API_KEY environment variable; change it there.');
      secrets.set(input.key);
      changed();
      return status();
    },
    'secrets.clearAnthropicKey': () => {
      if (secrets.source() === 'env') fail('CONFLICT', 'The key comes from the ANTHROPIC_API_KEY environment variable; unset it there.');
      secrets.clear();
      changed();
      return status();
    },
  };
}

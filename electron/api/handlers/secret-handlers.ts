import type { SecretStatus } from '../../../shared/api/index.js';
import { fail } from '../errors.js';
import type { ApiDeps, SecretStore } from '../deps.js';
import type { HandlerGroup } from '../handler-types.js';
import { maskKey } from '../store-secret-store.js';

export function secretHandlers(deps: ApiDeps, secrets: SecretStore): HandlerGroup<'secrets.status' | 'secrets.setAnthropicKey' | 'secrets.clearAnthropicKey'> {
  const status = (): { anthropic: SecretStatus } => {
    const key = secrets.get();
    return { anthropic: { set: !!key, masked: key ? maskKey(key) : null, source: key ? secrets.source() : null } };
  };
  const changed = () => deps.events.emit('settings.changed', { keys: ['llm.api_key'] });
  return {
    'secrets.status': () => status(),
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

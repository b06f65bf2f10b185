import { apiError, ApiCallError, chatRequests, dayRequests, type RequestName } from '../../shared/api/index.js';
import type { ApiDeps } from './deps.js';
import type { ApiHandlers, HandlerGroup } from './handler-types.js';
import { activityHandlers } from './handlers/activity-handlers.js';
import { brainSettingsHandlers } from './handlers/brain-settings-handlers.js';
import { brainStartHandler } from './handlers/brain-start-handler.js';
import { captureHandlers } from './handlers/capture-handlers.js';
import { frameWordsHandlers } from './handlers/frame-words-handlers.js';
import { directiveHandlers } from './handlers/directive-handlers.js';
import { dreamHandlers } from './handlers/dream-handlers.js';
import { entityHandlers } from './handlers/entity-handlers.js';
import { experienceHandlers } from './handlers/experience-handlers.js';
import { forgetHandlers } from './handlers/forget-handlers.js';
import { mcpHandlers } from './handlers/mcp-handlers.js';
import { memoryHandlers } from './handlers/memory-handlers.js';
import { messageHandlers } from './handlers/message-handlers.js';
import { openPathHandlers } from './handlers/open-path-handlers.js';
import { portabilityHandlers } from './handlers/portability-handlers.js';
import { secretHandlers } from './handlers/secret-handlers.js';
import { sessionHandlers } from './handlers/session-handlers.js';
import { settingsHandlers } from './handlers/settings-handlers.js';
import { statsHandlers } from './handlers/stats-handlers.js';
import { syncHandlers } from './handlers/sync-handlers.js';
import { systemHandlers } from './handlers/system-handlers.js';
import { syncthingHandlers } from './handlers/syncthing-handlers.js';
import { timelineHandlers } from './handlers/timeline-handlers.js';
import { SharpImageCodec } from './sharp-image-codec.js';
import { LLM_SETTINGS } from '../../agents/llm/index.js';
import { storeSecretStore } from './store-secret-store.js';

type ChatNames = keyof typeof chatRequests & string;

/** Without a chat service every chat request answers UNAVAILABLE, in one clear line. */
function chatUnavailable(): HandlerGroup<ChatNames> {
  const no = () => {
    throw new ApiCallError(apiError('UNAVAILABLE', 'Chat is not available in this window.'));
  };
  return Object.fromEntries(Object.keys(chatRequests).map((n) => [n, no])) as unknown as HandlerGroup<ChatNames>;
}

/**
 * A group of handlers built on its first request, with the rooms it imports: a host that is never
 * asked a question never loads chat, and `engram stats` never loads the day report (which brings chat).
 */
function lazyGroup<N extends RequestName>(names: readonly N[], load: () => Promise<HandlerGroup<N>>): HandlerGroup<N> {
  let ready: Promise<HandlerGroup<N>> | null = null;
  const get = () => {
    ready ??= load().catch((err: unknown) => {
      ready = null;
      throw err;
    });
    return ready;
  };
  return Object.fromEntries(names.map((n) => [n, async (input: unknown) => ((await get())[n] as (i: unknown) => unknown)(input)])) as unknown as HandlerGroup<N>;
}

const DAY_NAMES = Object.keys(dayRequests) as (keyof typeof dayRequests)[];

/**
 * The one implementation of the UI contract. Both hosts (Electron IPC in electron/desktop/main, HTTP +
 * WebSocket in electron/hosts/http) wrap these handlers with createDispatcher().
 */
export function createApiHandlers(deps: ApiDeps): ApiHandlers {
  const secrets = deps.secrets ?? storeSecretStore(deps.store);
  const openaiSecrets = deps.openaiSecrets ?? storeSecretStore(deps.store, LLM_SETTINGS.openaiApiKey);
  const timeline = timelineHandlers(deps, deps.images ?? new SharpImageCodec());
  const { clearImageCache, ...timelineGroup } = timeline;
  const emit = (name: Parameters<typeof deps.events.emit>[0], payload: Parameters<typeof deps.events.emit>[1]) => deps.events.emit(name, payload);
  const given = deps.chat;
  const loader = deps.chatLoader;
  // The chat room (and its date library) loads with the first chat request, not with the host.
  const chat =
    given || loader
      ? lazyGroup(Object.keys(chatRequests) as ChatNames[], async () => {
          const { createChatHandlers } = await import('./chat-handlers.js');
          return createChatHandlers({ chat: given ?? (await loader!()), emit }) as unknown as HandlerGroup<ChatNames>;
        })
      : chatUnavailable();
  return {
    ...systemHandlers(deps, () => (deps.model ? !deps.model().online : !secrets.get())),
    ...captureHandlers(deps),
    ...memoryHandlers(deps),
    ...portabilityHandlers(deps),
    ...timelineGroup,
    ...forgetHandlers(deps, clearImageCache),
    ...activityHandlers(deps),
    ...lazyGroup(DAY_NAMES, async () => (await import('./handlers/day-handlers.js')).dayHandlers(deps)),
    ...frameWordsHandlers(deps),
    ...openPathHandlers(deps),
    ...secretHandlers(deps, secrets, openaiSecrets),
    ...settingsHandlers(deps, { anthropic: secrets, openai: openaiSecrets }),
    ...statsHandlers(deps),
    ...sessionHandlers(deps),
    ...entityHandlers(deps),
    ...experienceHandlers(deps),
    ...brainSettingsHandlers(deps),
    ...brainStartHandler(deps),
    ...directiveHandlers(deps),
    ...syncthingHandlers(deps),
    ...syncHandlers(deps),
    ...mcpHandlers(deps),
    ...messageHandlers(deps),
    ...dreamHandlers(deps),
    ...(chat as HandlerGroup<ChatNames>),
  };
}

import type { z } from 'zod';
import { activityRequests } from './activity.js';
import { brainRequests } from './brain.js';
import { captureRequests } from './capture.js';
import { chatRequests } from './chat.js';
import { dayRequests } from './day.js';
import { frameRequests } from './frames.js';
import type { RequestDef } from './common.js';
import { directiveRequests } from './directives.js';
import { dreamRequests } from './dream.js';
import { entityRequests } from './entities.js';
import { experienceRequests } from './experiences.js';
import { forgetRequests } from './forget.js';
import { mcpRequests } from './mcp.js';
import { memoryRequests } from './memories.js';
import { messageRequests } from './messages.js';
import { secretRequests } from './secrets.js';
import { sessionRequests } from './session.js';
import { settingsRequests } from './settings.js';
import { statsRequests } from './stats.js';
import { syncRequests } from './sync.js';
import { systemRequests } from './system.js';
import { syncthingRequests } from './syncthing.js';
import { timelineRequests } from './timeline.js';

/**
 * The whole request contract of the UI: name -> { input, output } zod schemas. Both hosts (Electron
 * IPC and the headless HTTP/WebSocket host) serve exactly this map through electron/api.
 */
export const apiRequests = {
  ...systemRequests,
  ...captureRequests,
  ...memoryRequests,
  ...timelineRequests,
  ...forgetRequests,
  ...activityRequests,
  ...dayRequests,
  ...frameRequests,
  ...secretRequests,
  ...settingsRequests,
  ...statsRequests,
  ...sessionRequests,
  ...entityRequests,
  ...experienceRequests,
  ...brainRequests,
  ...directiveRequests,
  ...syncthingRequests,
  ...syncRequests,
  ...mcpRequests,
  ...messageRequests,
  ...dreamRequests,
  // Chat: shared/api/chat.ts is owned by the chat engineer.
  ...chatRequests,
} satisfies Record<string, RequestDef>;

export type ApiRequests = typeof apiRequests;
export type RequestName = keyof ApiRequests & string;
export type RequestInput<N extends RequestName> = z.input<ApiRequests[N]['input']>;
export type RequestOutput<N extends RequestName> = z.output<ApiRequests[N]['output']>;

export const REQUEST_NAMES = Object.keys(apiRequests) as RequestName[];

export function isRequestName(name: string): name is RequestName {
  return Object.prototype.hasOwnProperty.call(apiRequests, name);
}

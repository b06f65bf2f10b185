import type { z } from 'zod';
import { activityRequests } from './activity.js';
import { captureRequests } from './capture.js';
import type { RequestDef } from './common.js';
import { forgetRequests } from './forget.js';
import { memoryRequests } from './memories.js';
import { secretRequests } from './secrets.js';
import { systemRequests } from './system.js';
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
  ...secretRequests,
  // CHAT: shared/api/chat.ts (owned by the chat engineer) adds `...chatRequests` here when it lands.
  // SETTINGS: settings.get / settings.update join here once shared/settings (capture) defines the schema.
} satisfies Record<string, RequestDef>;

export type ApiRequests = typeof apiRequests;
export type RequestName = keyof ApiRequests & string;
export type RequestInput<N extends RequestName> = z.input<ApiRequests[N]['input']>;
export type RequestOutput<N extends RequestName> = z.output<ApiRequests[N]['output']>;

export const REQUEST_NAMES = Object.keys(apiRequests) as RequestName[];

export function isRequestName(name: string): name is RequestName {
  return Object.prototype.hasOwnProperty.call(apiRequests, name);
}

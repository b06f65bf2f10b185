import type { z } from 'zod';
import { coreEvents } from './core-events.js';

/** Every pushed event: name -> payload schema. */
export const apiEvents = {
  ...coreEvents,
  // CHAT: `...chatEvents` from shared/api/chat.ts (chat engineer) joins here when it lands.
} satisfies Record<string, z.ZodType>;

export type ApiEvents = typeof apiEvents;
export type EventName = keyof ApiEvents & string;
export type EventPayload<E extends EventName> = z.output<ApiEvents[E]>;

export const EVENT_NAMES = Object.keys(apiEvents) as EventName[];

export function isEventName(name: string): name is EventName {
  return Object.prototype.hasOwnProperty.call(apiEvents, name);
}

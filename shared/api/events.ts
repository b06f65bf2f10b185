import type { z } from 'zod';
import { chatEvents } from './chat.js';
import { coreEvents } from './core-events.js';

/** Every pushed event: name -> payload schema. */
export const apiEvents = {
  ...coreEvents,
  // Chat: shared/api/chat.ts is owned by the chat engineer.
  ...chatEvents,
} satisfies Record<string, z.ZodType>;

export type ApiEvents = typeof apiEvents;
export type EventName = keyof ApiEvents & string;
export type EventPayload<E extends EventName> = z.output<ApiEvents[E]>;

export const EVENT_NAMES = Object.keys(apiEvents) as EventName[];

export function isEventName(name: string): name is EventName {
  return Object.prototype.hasOwnProperty.call(apiEvents, name);
}

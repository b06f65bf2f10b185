import { EventEmitter } from 'node:events';
import type { ForgetReport } from './types.js';

/** A change to rows of one table: what was done, and to which ids. */
export interface StoreChange {
  op: 'insert' | 'update' | 'delete' | 'recycle';
  ids: string[];
}

/** Every event the store emits, with its payload: listeners are typed, never `unknown` cast by hand. */
export interface StoreEventMap {
  memory: [StoreChange];
  frame: [StoreChange];
  observation: [StoreChange];
  message: [StoreChange];
  forget: [ForgetReport];
}

export type StoreEvents = EventEmitter<StoreEventMap>;

export function createStoreEvents(): StoreEvents {
  return new EventEmitter<StoreEventMap>();
}

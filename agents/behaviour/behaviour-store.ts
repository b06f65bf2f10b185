import type { EngramStore } from '../store/index.js';

/** The part of the store feedback and directives use; tests hand in the real store. */
export type BehaviourStore = Pick<EngramStore, 'feedback' | 'directives' | 'messages' | 'threads' | 'settings' | 'transaction' | 'llmCalls'>;

/**
 * electron/locate: where a host's Engram is (its data dir and key) and what a host may read there
 * before, or without, the engine: the door a one-shot command (engram --help, engram stats) loads
 * instead of the engine's whole module graph (issue 34). The engine's door re-exports what hosts
 * already take from it.
 */
export { engramPlaces, locateEngram, type EngramPlace } from './locate-engram.js';
export type { EnvReader, StoreLocation, StoreSource } from './store-location.js';
export { storeFailureOf } from './store-failure.js';
export { readStoreStats } from './store-stats.js';

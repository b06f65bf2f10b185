import type { SdkErrorClasses } from './http-failure.js';

// A model SDK loads with the first call to the model (shared/first-use): the SDKs take about half a
// second of CPU to load, which a command or a start-up that never calls a model (engram stats,
// search, the offline brain) should not pay. Until then its error classes are these.

/** Before its SDK has loaded, nothing can be one of its errors: classes nothing is an instance of. */
class NotLoaded extends Error {}
export const NO_SDK_ERRORS: SdkErrorClasses = { timeout: NotLoaded, abort: NotLoaded, connection: NotLoaded, api: NotLoaded };

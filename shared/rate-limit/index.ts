/** shared/rate-limit: the one token bucket every host uses to refuse floods. Pure TypeScript. */
export { TokenBucket } from './token-bucket.js';

/** shared/consent: the first-run consent record every host reads and writes (one record, one question). */
export * from './consent.js';

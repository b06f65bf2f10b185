/**
 * First-run consent for the desktop app: the record and its file live where every host can use
 * them (shared/consent, agents/store's consent-file), so browser mode reads the same answer.
 */
export { CONSENT_VERSION, ConsentChoiceSchema, ConsentRecordSchema, consentState, consentRecord, audioTaken } from '../../../shared/consent/index.js';
export type { ConsentChoice, ConsentRecord, ConsentState } from '../../../shared/consent/index.js';
export { CONSENT_FILE, readConsent, writeConsent, withdrawConsent } from '../../../agents/store/index.js';

/**
 * shared/redaction: finds secrets and personal details in text and replaces them with markers
 * (`[redacted:card]`). One set of detectors for every side: capture redacts screen and audio text
 * with it before anything is stored, the agents scrub chat text and prompts with it, and the
 * settings schema and the Privacy screen name its categories. Pure TypeScript, no Node or DOM.
 */
export {
  DEFAULT_REDACTION,
  DETECTORS,
  REDACTION_CATEGORIES,
  emailPattern,
  phonePattern,
  type Detector,
  type RedactionCategory,
  type RedactionSwitches,
  type SecretKind,
} from './detectors.js';
export { cardNumberValid, ibanValid, looksLikePhone, luhnValid } from './checks.js';
export { isWholeMarker } from './whole-marker.js';
export { findSecretsIn, redactText, redactionMarker, switchesForModel, type LaidOutSecret, type Redacted, type SecretMatch } from './redactor.js';
// Label and value read as separate columns, paired again by their boxes.
export { labelledCells, secretsByLayout, type LabelledCell, type PlacedWord } from './layout-pairs.js';
export { redactWindowFields, sanitizeUrl } from './window-fields.js';
// Two found values that are one secret (spaces, dashes, a key's broken head).
export { secretValueIdentity } from './secret-identity.js';
export { DETECTORS_VERSION, DETECTORS_FINGERPRINT, DETECTION_SOURCES } from './version.js';
// A thread's title everywhere it is shown: redacted by the always-on categories, one line, clipped.
export { threadTitle, titleFor } from './thread-title.js';

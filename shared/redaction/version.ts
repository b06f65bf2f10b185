/**
 * Which generation of detectors the redactor is. The store records the generation its text was
 * redacted with; when it is older than this one, a background pass (agents/store rescrub) runs the
 * redactor again over what was kept, so a secret stored before a detector learned its shape (a
 * Stripe key OCR'd with spaces, an IBAN whose check digits OCR read as letters) is masked too.
 *
 * Bump DETECTORS_VERSION whenever what the detectors find may change, and set DETECTORS_FINGERPRINT to
 * the new value test/unit/redaction-version.test.ts prints: that test fails when the detection
 * sources (DETECTION_SOURCES) change and the fingerprint was not updated with a bump.
 */
export const DETECTORS_VERSION = 11;

/** The detection sources' fingerprint at DETECTORS_VERSION (sha256 of their text, white space folded, first 16 hex). */
export const DETECTORS_FINGERPRINT = '500e8ad3b6908318';

/**
 * The files whose change changes what is found (window-fields and thread-title only apply
 * redactText): this folder's, and shared/layout's line reader, which cuts the cells layout-pairs reads.
 */
export const DETECTION_SOURCES = ['checks.ts', 'damaged-accounts.ts', 'bank-details.ts', 'detectors.ts', 'lookalikes.ts', 'ocr-noise.ts', 'redactor.ts', 'layout-pairs.ts', '../layout/lines.ts'] as const;

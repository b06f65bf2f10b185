import { DEFAULT_REDACTION, redactText, type LaidOutSecret, type RedactionSwitches, type SecretKind } from '../../../shared/redaction/index.js';

/**
 * Secret redaction for text read off the screen or heard, before it is stored. Each match is
 * replaced by a marker such as `[redacted:card]`; the values come back separately so the agents can
 * keep them (masked) in the knowledge vault, never in observation or episodic text. The detectors
 * live in shared/redaction; the switches are the user's (capture settings `redaction`).
 */
export type { SecretKind };
export { luhnValid } from '../../../shared/redaction/index.js';

export interface RedactedSecret {
  kind: SecretKind;
  value: string;
  /** Label found next to it ("password", "API key"), when there was one. */
  label: string | null;
}

export interface RedactionResult {
  text: string;
  secrets: RedactedSecret[];
}

/** Redacts what the switches ask for (the defaults when none are given); `laidOut`: values paired with their label by the screen's layout. */
export function redact(input: string, switches: RedactionSwitches = DEFAULT_REDACTION, laidOut: readonly LaidOutSecret[] = []): RedactionResult {
  const r = redactText(input, switches, laidOut);
  return { text: r.text, secrets: r.secrets.map((s) => ({ kind: s.kind, value: s.value, label: s.label })) };
}

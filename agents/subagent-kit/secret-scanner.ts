import { DEFAULT_REDACTION, findSecretsIn, redactText, switchesForModel, type RedactionSwitches } from '../../shared/redaction/index.js';

/**
 * Secrets in chat text (what the user types is not redacted by capture): labelled passwords, key
 * and token shapes, card numbers (Luhn), IBANs (checksum) and whatever else the user's redaction
 * switches ask for. The vault keeps them; every prompt gets the scrubbed text with
 * `[redacted:KIND]` markers instead. The detectors live in shared/redaction.
 */
export { luhnValid } from '../../shared/redaction/index.js';

export interface FoundSecret {
  kind: string;
  value: string;
  /** What it is for, when the text says ("wifi" in "my wifi password is ..."). */
  label: string | null;
  start: number;
  end: number;
}

export function findSecrets(text: string, switches: RedactionSwitches = DEFAULT_REDACTION): FoundSecret[] {
  return findSecretsIn(text, switches).map((s) => ({ kind: s.kind, value: s.value, label: s.purpose, start: s.start, end: s.end }));
}

/** The text with every secret the switches ask for replaced by its marker. */
export function scrubSecrets(text: string, switches: RedactionSwitches = DEFAULT_REDACTION): string {
  return redactText(text, switches).text;
}

/**
 * For text sent to a model: the user's switches, with credentials, cards, account and ID numbers
 * always taken out (switching those off keeps them in local notes only, never in a prompt).
 */
export function scrubForModel(text: string, switches: RedactionSwitches = DEFAULT_REDACTION): string {
  return redactText(text, switchesForModel(switches)).text;
}

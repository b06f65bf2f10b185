/**
 * Whether a value is only a redaction marker ("[redacted:card]"): a vault entry that records that a
 * secret appeared, not the secret. The vault, its consolidation and sync each tell such entries
 * from ones holding a value; one rule, beside the marker's shape (redactor.ts's redactionMarker).
 */
export function isWholeMarker(value: unknown): boolean {
  return typeof value === 'string' && /^\[redacted:[a-z_]+\]$/.test(value);
}

import { redactText, type RedactionSwitches } from '../../../shared/redaction/index.js';
import { WITHHELD } from '../../../shared/vault/index.js';

/**
 * What every MCP answer passes through on its way out, after the vault cut: the always-on
 * redaction (credentials, passwords, cards, accounts, ID numbers, whatever the user switched off
 * for their own notes) plus any category the user switched on (the switches: tool-context.ts).
 * The text redacted around the vault cut's markers, which stay whole: "password is [withheld: …]"
 * would otherwise read to the password detector as a label and its value.
 */
export function redactOutgoing(text: string, switches: RedactionSwitches): string {
  return text
    .split(WITHHELD)
    .map((part) => redactText(part, switches).text)
    .join(WITHHELD);
}

/** Every string in the value, redacted; numbers, booleans and keys as they were. */
export function redactDeep<T>(value: T, switches: RedactionSwitches): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return redactOutgoing(v, switches);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value) as T;
}

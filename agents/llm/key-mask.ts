import { redactText, redactionMarker } from '../../shared/redaction/index.js';
import { cutParts } from '../../shared/vault/index.js';

const MASK = redactionMarker('api_key');

/**
 * Text a model server sent (an error body, a stream's error event) with the configured key, and
 * anything shaped like a key, token or password, masked. Such text becomes an LlmError message,
 * which reaches logs, notifications and stored settings; a proxy or local server may echo the key
 * it was sent, whole or in part. Masked before the line is cut, so a clipped key cannot slip past.
 */
export function maskKeys(text: string, key?: string): string {
  let out = text;
  if (key) {
    for (const form of new Set([key, encodeURIComponent(key), JSON.stringify(key).slice(1, -1)])) out = out.split(form).join(MASK);
    // Servers echo parts of it too ("Incorrect API key provided: sk-proj-****…Wz1Q.", a clipped
    // prefix): cut as the vault cuts parts of its values.
    out = cutParts(out, [key], MASK);
  }
  return redactText(out).text;
}

import { redactText, redactionMarker } from '../../shared/redaction/index.js';

const MASK = redactionMarker('api_key');

/**
 * Text a model server sent (an error body, a stream's error event) with the configured key, and
 * anything shaped like a key, token or password, masked. Such text becomes an LlmError message,
 * which reaches logs, notifications and stored settings; a proxy or local server may echo the key
 * it was sent. Masked before the line is cut, so a clipped key cannot slip past.
 */
export function maskKeys(text: string, key?: string): string {
  let out = text;
  if (key) {
    for (const form of new Set([key, encodeURIComponent(key), JSON.stringify(key).slice(1, -1)])) out = out.split(form).join(MASK);
  }
  return redactText(out).text;
}

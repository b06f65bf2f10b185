/**
 * Secrets in chat text (what the user types is not redacted by capture). Finds labelled passwords,
 * well-known key and token shapes, card numbers (Luhn) and IBANs (checksum). The vault keeps them;
 * every prompt gets the scrubbed text with `[redacted:KIND]` markers instead.
 */
export interface FoundSecret {
  kind: string;
  value: string;
  /** What it is for, when the text says ("wifi" in "my wifi password is ..."). */
  label: string | null;
  start: number;
  end: number;
}

interface Rule {
  kind: string;
  re: RegExp;
  group?: number;
  labelGroup?: number;
  valid?: (v: string) => boolean;
}

const RULES: Rule[] = [
  { kind: 'private_key', re: /-----BEGIN [A-Z ]*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY(?: BLOCK)?-----|$)/g },
  { kind: 'anthropic_key', re: /\bsk-ant-[A-Za-z0-9_-]{20,}/g },
  { kind: 'openai_key', re: /\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}/g },
  { kind: 'stripe_key', re: /\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}/g },
  { kind: 'github_token', re: /\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{40,})/g },
  { kind: 'slack_token', re: /\bxox[abposr]-[A-Za-z0-9-]{10,}/g },
  { kind: 'aws_key', re: /\b(?:AKIA|ASIA)[A-Z0-9]{16}\b/g },
  { kind: 'google_api_key', re: /\bAIza[0-9A-Za-z_-]{35}\b/g },
  { kind: 'jwt', re: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g },
  {
    kind: 'password',
    // "my wifi password is hunter22", "password for the NAS: x9!k", "pin: 4821"
    re: /\b(?:(?:my|the|our)\s+)?([\w-]+(?:\s[\w-]+)?\s+)?(password|passcode|passphrase|pwd|pin)(?:\s+(?:for|to|of)\s+(?:the\s+|my\s+)?([\w.-]+(?:\s[\w.-]+)?))?\s*(?:is|:|=|→)\s*["'“]?([^\s"'”]{3,128})/gi,
    group: 4,
    labelGroup: 3,
  },
  {
    kind: 'api_key',
    re: /\b((?:api|access|secret|auth|client)[_ -]?(?:key|token|secret)|token)(?:\s+(?:for|to|of)\s+([\w.-]+))?\s*(?:is|:|=)\s*["']?([A-Za-z0-9._~+/=-]{16,})/gi,
    group: 3,
    labelGroup: 2,
    valid: (v) => /\d/.test(v) && /[A-Za-z]/.test(v),
  },
  { kind: 'iban', re: /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b/g, valid: ibanValid },
  { kind: 'card', re: /(?<![\d-])(?:\d[ -]?){12,18}\d(?![\d-])/g, valid: (v) => luhnValid(v.replace(/\D/g, '')) },
];

export function findSecrets(text: string): FoundSecret[] {
  const found: FoundSecret[] = [];
  const taken: Array<[number, number]> = [];
  const overlaps = (s: number, e: number): boolean => taken.some(([a, b]) => s < b && e > a);
  for (const rule of RULES) {
    for (const m of text.matchAll(rule.re)) {
      const g = rule.group ?? 0;
      // A labelled value ends before sentence punctuation ("password is hunter22." → "hunter22").
      const value = rule.labelGroup ? m[g]?.replace(/[.,;:!?)]+$/, '') : m[g];
      if (!value || value.length < 3 || value.startsWith('[redacted:')) continue;
      if (rule.valid && !rule.valid(value)) continue;
      const start = m.index + (g === 0 ? 0 : m[0].lastIndexOf(m[g]!));
      const end = start + value.length;
      if (overlaps(start, end)) continue;
      taken.push([start, end]);
      let label = rule.labelGroup ? (m[rule.labelGroup]?.trim() ?? null) : null;
      if (!label && rule.kind === 'password' && m[1]) label = m[1].trim();
      if (label && /^(my|the|our|a|is)$/i.test(label)) label = null;
      found.push({ kind: rule.kind, value: value.trim(), label, start, end });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/** The text with every secret replaced by its marker. */
export function scrubSecrets(text: string): string {
  const found = findSecrets(text);
  if (!found.length) return text;
  let out = '';
  let at = 0;
  for (const f of found) {
    out += `${text.slice(at, f.start)}[redacted:${f.kind}]`;
    at = f.end;
  }
  return out + text.slice(at);
}

export function luhnValid(digits: string): boolean {
  if (!/^\d{13,19}$/.test(digits) || /^(\d)\1+$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

function ibanValid(raw: string): boolean {
  const iban = raw.replace(/\s+/g, '');
  if (iban.length < 15 || iban.length > 34) return false;
  let rem = 0;
  for (const ch of iban.slice(4) + iban.slice(0, 4)) {
    const code = ch.charCodeAt(0);
    const val = code >= 65 ? String(code - 55) : ch;
    for (const d of val) rem = (rem * 10 + (d.charCodeAt(0) - 48)) % 97;
  }
  return rem === 1;
}

/**
 * Secret redaction for text read off the screen or heard, before it is stored. Each match is
 * replaced by a marker such as `[redacted:card]`; the values come back separately so the agents can
 * keep them (masked) in the knowledge vault, never in observation or episodic text.
 */
export type SecretKind =
  | 'card'
  | 'aws_key'
  | 'aws_secret'
  | 'github_token'
  | 'slack_token'
  | 'stripe_key'
  | 'openai_key'
  | 'anthropic_key'
  | 'google_api_key'
  | 'jwt'
  | 'private_key'
  | 'password'
  | 'bearer_token'
  | 'iban'
  | 'ssn'
  | 'api_key';

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

interface Rule {
  kind: SecretKind;
  re: RegExp;
  /** Capture group holding the secret (0 = whole match); the rest of the match is kept. */
  group?: number;
  /** Extra check on the candidate (Luhn, IBAN checksum). */
  valid?: (value: string) => boolean;
  label?: (m: RegExpExecArray) => string | null;
}

// Order matters: specific token shapes first, so "sk-ant-..." is an Anthropic key, not a generic one.
const RULES: Rule[] = [
  {
    kind: 'private_key',
    re: /-----BEGIN ((?:RSA |EC |DSA |OPENSSH |ENCRYPTED |PGP )?PRIVATE KEY(?: BLOCK)?)-----[\s\S]*?(?:-----END \1-----|$)/g,
  },
  { kind: 'anthropic_key', re: /\bsk-ant-(?:api|admin)\d{2}-[A-Za-z0-9_-]{20,}/g },
  { kind: 'openai_key', re: /\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}(?:T3BlbkFJ[A-Za-z0-9_-]{10,})?/g },
  { kind: 'stripe_key', re: /\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}/g },
  { kind: 'github_token', re: /\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{40,})/g },
  { kind: 'slack_token', re: /\bxox[abposr]-[A-Za-z0-9-]{10,}/g },
  { kind: 'slack_token', re: /https:\/\/hooks\.slack\.com\/services\/[A-Za-z0-9/_-]{20,}/g },
  { kind: 'aws_key', re: /\b(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}\b/g },
  {
    kind: 'aws_secret',
    re: /\b(aws_?secret(?:_?access)?_?key|secret_?access_?key)(["']?\s*[:=]\s*["']?)([A-Za-z0-9/+=]{40})\b/gi,
    group: 3,
    label: (m) => m[1] ?? null,
  },
  { kind: 'google_api_key', re: /\bAIza[0-9A-Za-z_-]{35}\b/g },
  { kind: 'jwt', re: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g },
  { kind: 'bearer_token', re: /\b(Bearer)(\s+)([A-Za-z0-9._~+/-]{20,}=*)/g, group: 3, label: () => 'Bearer' },
  {
    kind: 'password',
    // A password label, a separator, then the value up to whitespace: "Password: hunter2", "pwd=..."
    re: /\b(pass(?:word|wd|phrase|code)?|pwd|pin|passwort|mot de passe|contraseña)(\s*[:=]\s*|\s+is\s+|\s*→\s*)(["']?)([^\s"']{3,128})\3/gi,
    group: 4,
    label: (m) => m[1] ?? null,
  },
  {
    kind: 'api_key',
    re: /\b((?:api|access|secret|auth|client)[_ -]?(?:key|token|secret)|token|secret)(["']?\s*[:=]\s*["']?)([A-Za-z0-9._~+/=-]{16,})/gi,
    group: 3,
    label: (m) => m[1] ?? null,
    // A label followed by a plain word ("token: expired") is not a secret: require a digit or mixed case.
    valid: (v) => /\d/.test(v) && /[A-Za-z]/.test(v),
  },
  { kind: 'iban', re: /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b/g, valid: ibanValid },
  { kind: 'ssn', re: /\b(SSN|social security(?: number)?)(\s*[:#]?\s*)(\d{3}-\d{2}-\d{4})\b/gi, group: 3, label: (m) => m[1] ?? null },
  // 13-19 digits, optionally grouped by spaces or dashes; checked with Luhn so order numbers pass through.
  { kind: 'card', re: /(?<![\d-])(?:\d[ -]?){12,18}\d(?![\d-])/g, valid: (v) => luhnValid(v.replace(/\D/g, '')) },
];

const MARKER = /\[redacted:[a-z_]+\]/;

export function redact(input: string): RedactionResult {
  let text = input;
  const secrets: RedactedSecret[] = [];
  for (const rule of RULES) {
    text = text.replace(rule.re, (...args: unknown[]) => {
      const match = args[0] as string;
      const groups = args.slice(1, -2) as (string | undefined)[];
      const g = rule.group ?? 0;
      const value = g === 0 ? match : groups[g - 1];
      if (!value || MARKER.test(value)) return match;
      if (rule.valid && !rule.valid(value)) return match;
      const m = Object.assign([match, ...groups], { index: 0, input: text }) as unknown as RegExpExecArray;
      secrets.push({ kind: rule.kind, value: value.trim(), label: rule.label ? rule.label(m) : null });
      const marker = `[redacted:${rule.kind}]`;
      if (g === 0) return marker;
      // Keep everything around the secret (label, separator) so the text still reads.
      const before = groups.slice(0, g - 1).join('');
      const after = groups.slice(g).join('');
      return before + marker + after;
    });
  }
  return { text, secrets };
}

export function luhnValid(digits: string): boolean {
  if (!/^\d{13,19}$/.test(digits)) return false;
  if (/^(\d)\1+$/.test(digits)) return false; // 0000..., 1111...: placeholders, not cards
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
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let rem = 0;
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0);
    const val = code >= 65 ? String(code - 55) : ch;
    for (const d of val) rem = (rem * 10 + (d.charCodeAt(0) - 48)) % 97;
  }
  return rem === 1;
}

/** Mask for display: first and last few characters, the rest as bullets. */
export function maskSecret(value: string): string {
  if (value.length <= 8) return '•'.repeat(value.length);
  const keep = value.length >= 16 ? 4 : 2;
  return value.slice(0, keep) + '•'.repeat(Math.min(12, value.length - keep * 2)) + value.slice(-keep);
}

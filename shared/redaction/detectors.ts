import { cardNumberValid, ibanValid, looksLikePhone } from './checks.js';

/** An IBAN as printed, or as OCR read it (a 0 taken for O, a 1 for I in the digits after the country). */
function ibanValidThroughOcr(raw: string): boolean {
  if (ibanValid(raw)) return true;
  const fixed = raw.slice(0, 4) + raw.slice(4).replace(/(?<=\d|\s|^)O|O(?=\d)/g, '0').replace(/(?<=\d|\s|^)I|I(?=\d)/g, '1');
  return fixed !== raw && ibanValid(fixed);
}

/**
 * What the redactor can find, grouped the way a person thinks of it: each group is one switch in
 * Privacy settings. The detectors below serve text read off the screen, heard, and typed in chat.
 */
export const REDACTION_CATEGORIES = ['secrets', 'passwords', 'cards', 'bank_accounts', 'id_numbers', 'emails', 'phones'] as const;
export type RedactionCategory = (typeof REDACTION_CATEGORIES)[number];

/** Which categories are redacted. */
export type RedactionSwitches = Readonly<Record<RedactionCategory, boolean>>;

/**
 * What Engram redacts unless told otherwise. Credentials, card and account numbers and ID numbers
 * give access to money or accounts: on. Email addresses and phone numbers are what a memory
 * assistant is asked about ("what is Ana's number?") and fill every mail and chat window: off, so
 * they stay searchable (the knowledge vault still keeps them, masked). shared/settings mirrors this.
 */
export const DEFAULT_REDACTION: RedactionSwitches = {
  secrets: true,
  passwords: true,
  cards: true,
  bank_accounts: true,
  id_numbers: true,
  emails: false,
  phones: false,
};

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
  | 'passport'
  | 'api_key'
  | 'email'
  | 'phone';

export interface Detector {
  kind: SecretKind;
  category: RedactionCategory;
  /** Global, with indices (flag d): the value's position comes from its group. */
  re: RegExp;
  /** Capture group holding the value (0 = the whole match); the rest of the match is context and stays. */
  group?: number;
  /** Group holding the word that labels the value ("Password", "api_key", "Bearer"). */
  labelGroup?: number;
  /** Groups saying what the value is for ("wifi" in "my wifi password is …"); the first one present wins. */
  purposeGroups?: number[];
  /** Extra check on the value (Luhn, IBAN checksum, a digit in a token); `after` is the text that follows it. */
  valid?: (value: string, after?: string) => boolean;
  /** A value written in a sentence ends before its punctuation ("password is hunter22." → "hunter22"). */
  trimSentenceEnd?: boolean;
}

/** Keys, tokens and labelled secrets: some digits and some letters, so "token: expired" is not one. */
const mixed = (v: string): boolean => /\d/.test(v) && /[A-Za-z]/.test(v);

export const PASSWORD_WORDS = String.raw`pass(?:word|wd|phrase|code)?|pwd|pin|passwort|mot de passe|contraseña|senha|(?:door|gate|alarm|entry|garage|safe)[ -]?code|türcode`;

/**
 * A labelled "value" that is a word of the sentence going on: "the password: first open the
 * console" is a how-to, not the password "first". Real values written in prose end their clause
 * or carry a digit, a capital or a symbol; a bare lower-case word followed by more words does not.
 */
export function notProse(value: string, after = ''): boolean {
  return !(/^[a-zà-ÿß]+$/.test(value) && /^[ \t]+\p{L}/u.test(after));
}

/** A value given with no separator ("type the password Gx7!pq29Lm") must look like one: letters and digits, and a symbol or both cases. */
function strongValue(value: string): boolean {
  return /\d/.test(value) && /\p{L}/u.test(value) && (/[^\p{L}\d]/u.test(value) || (/\p{Lu}/u.test(value) && /\p{Ll}/u.test(value)));
}

/** "for the NAS", "at the cabin", "of my bank": what a labelled secret is for. */
const PURPOSE = String.raw`(?:\s+(?:for|to|of|at|on)\s+(?:the\s+|my\s+|our\s+)?([\w.-]+(?:\s[\w.-]+)?))?`;

/**
 * Order matters: specific token shapes first, so "sk-ant-…" is an Anthropic key rather than a
 * generic one, and a value found by one detector is not found again by a later, vaguer one.
 */
export const DETECTORS: readonly Detector[] = [
  {
    kind: 'private_key',
    category: 'secrets',
    re: /-----BEGIN ((?:RSA |EC |DSA |OPENSSH |ENCRYPTED |PGP )?PRIVATE KEY(?: BLOCK)?)-----[\s\S]*?(?:-----END \1-----|$)/dg,
  },
  { kind: 'anthropic_key', category: 'secrets', re: /\bsk-ant-[A-Za-z0-9_-]{20,}/dg },
  { kind: 'openai_key', category: 'secrets', re: /\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}(?:T3BlbkFJ[A-Za-z0-9_-]{10,})?/dg },
  { kind: 'stripe_key', category: 'secrets', re: /\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}/dg },
  { kind: 'github_token', category: 'secrets', re: /\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{40,})/dg },
  { kind: 'slack_token', category: 'secrets', re: /\bxox[abposr]-[A-Za-z0-9-]{10,}/dg },
  { kind: 'slack_token', category: 'secrets', re: /https:\/\/hooks\.slack\.com\/services\/[A-Za-z0-9/_-]{20,}/dg },
  { kind: 'aws_key', category: 'secrets', re: /\b(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}\b/dg },
  {
    kind: 'aws_secret',
    category: 'secrets',
    re: /\b(aws_?secret(?:_?access)?_?key|secret_?access_?key)["']?\s*[:=]\s*["']?([A-Za-z0-9/+=]{40})\b/dgi,
    group: 2,
    labelGroup: 1,
  },
  { kind: 'google_api_key', category: 'secrets', re: /\bAIza[0-9A-Za-z_-]{35}\b/dg },
  { kind: 'jwt', category: 'secrets', re: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/dg },
  { kind: 'bearer_token', category: 'secrets', re: /\b(Bearer)\s+([A-Za-z0-9._~+/-]{20,}=*)/dg, group: 2, labelGroup: 1 },
  {
    kind: 'password',
    category: 'passwords',
    // A field ("Password: hunter2", "pwd=…") or a sentence ("my wifi password is …", "the password
    // for the NAS: …"): the label word, what it is for, a separator, then the value up to white space.
    re: new RegExp(
      String.raw`\b(?:(?:my|the|our)\s+)?([\w-]+(?:\s[\w-]+)?\s+)?(${PASSWORD_WORDS})` +
        PURPOSE +
        String.raw`(?:\s*[:=→]\s*|\s+is\s+)["'“]?([^\s"'”]{3,128})`,
      'dgi',
    ),
    group: 4,
    labelGroup: 2,
    purposeGroups: [3, 1],
    valid: notProse,
    trimSentenceEnd: true,
  },
  {
    kind: 'password',
    category: 'passwords',
    // "then type the password Gx7!pq29Lm": no separator, so only a value shaped like a password.
    re: new RegExp(String.raw`\b([\w-]+\s+)?(${PASSWORD_WORDS})\s+["'“]?([^\s"'”]{6,128})`, 'dgi'),
    group: 3,
    labelGroup: 2,
    purposeGroups: [1],
    valid: (v) => strongValue(v.replace(/[.,;:)]+$/, '')),
    trimSentenceEnd: true,
  },
  {
    kind: 'api_key',
    category: 'secrets',
    re: new RegExp(
      String.raw`\b((?:api|access|secret|auth|client)[_ -]?(?:key|token|secret)|token|secret)` + PURPOSE + String.raw`["']?(?:\s*[:=]\s*|\s+is\s+)["']?([A-Za-z0-9._~+/=-]{16,})`,
      'dgi',
    ),
    group: 3,
    labelGroup: 1,
    purposeGroups: [2],
    valid: mixed,
  },
  { kind: 'iban', category: 'bank_accounts', re: /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b/dg, valid: ibanValidThroughOcr },
  {
    kind: 'ssn',
    category: 'id_numbers',
    // OCR may read a digit as l, I or O, or a dash as a dot: the label makes the shape enough.
    re: /\b(SSN|social security(?: number)?)\s*[:#]?\s*([\dlIO]{3}[-. ]?[\dlIO]{2}[-. ]?[\dlIO]{4})\b/dgi,
    group: 2,
    labelGroup: 1,
    valid: (v) => (v.match(/\d/g) ?? []).length >= 7,
  },
  {
    kind: 'passport',
    category: 'id_numbers',
    re: /\b(passport(?:\s+(?:number|no\.?|nr\.?|#))?|reisepass(?:nummer)?|passaporte|pasaporte|passeport)\s*[:#]?\s*(?:is\s+)?([A-Z0-9]{6,9})\b/dgi,
    group: 2,
    labelGroup: 1,
    valid: (v) => /\d/.test(v),
  },
  // 13-19 digits, optionally grouped by spaces or dashes; Luhn and the first digit keep order numbers out.
  { kind: 'card', category: 'cards', re: /(?<![\d-])(?:\d[ -]?){12,18}\d(?![\d-])/dg, valid: cardNumberValid },
  { kind: 'email', category: 'emails', re: emailPattern() },
  { kind: 'phone', category: 'phones', re: phonePattern(), valid: looksLikePhone },
];

/** Email addresses (a fresh global RegExp: callers may keep their own lastIndex). */
export function emailPattern(): RegExp {
  return /\b[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}\b/dg;
}

/** Candidate phone numbers: groups of digits with separators, optional +country and (area); check with looksLikePhone. */
export function phonePattern(): RegExp {
  // Grouped digits, or an international number whose subscriber part is one block ("+49 30 12345678").
  return /(?<![\w+])(?:(\+\d{1,3}[\s.-]?)?(\(\d{1,4}\)[\s.-]?)?\d{2,4}[\s.-]\d{2,4}[\s.-]\d{2,4}(?:[\s.-]\d{1,4})?|\+\d{1,3}[\s.-]?\d{1,4}[\s.-]\d{5,10})(?![\w-])/dg;
}

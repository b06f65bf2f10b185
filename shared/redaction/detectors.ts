import { cardNumberValid, ibanValid, looksLikePhone } from './checks.js';
import { PREFIX_SEP, lookalike as L, lookalikeAny } from './lookalikes.js';

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
  | 'account_number'
  | 'ssn'
  | 'passport'
  | 'api_key'
  | 'one_time_code'
  | 'card_code'
  | 'recovery_phrase'
  | 'totp_seed'
  | 'licence_key'
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
  /** The value ends where the match ends, not at the end of its token (a URL's password ends at its "@"). */
  bounded?: boolean;
}

/** Keys, tokens and labelled secrets: some digits and some letters, so "token: expired" is not one. */
const mixed = (v: string): boolean => /\d/.test(v) && /[A-Za-z]/.test(v);

/**
 * Words that label a password, spelled to accept OCR's look-alikes ("Passw0rd", "Pa5sword") and,
 * in the longer ones, a space OCR put inside ("P assword", "pass code").
 */
export const PASSWORD_WORDS =
  `${L('pass', true)}(?: ?${lookalikeAny(['word', 'wd', 'phrase', 'code'], true)})?|${lookalikeAny(['pwd', 'pin', 'passwort'])}|` +
  `${L('mot')} de ${L('pass')}e|contraseña|senha|(?:door|gate|alarm|entry|garage|safe)[ -]?${L('code')}|türcode|` +
  // A router's or an account page's Wi-Fi key is the network's password ("Wi-Fi key", "WLAN-Schlüssel", "clé Wi-Fi").
  String.raw`(?:wi-?fi|wlan|wpa2?|wireless|network|netzwerk)[ -]?(?:key|schl(?:ü|ue|u)ssel)|(?:cl[ée]|clave|chiave|chave)\s+(?:de\s+|da\s+)?(?:s[ée]curit[ée]\s+)?(?:wi-?fi|wlan|wpa2?)`;

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

/**
 * Where a label word may start: at a word's edge, or after an underscore that ends a name's first
 * part, as configuration names are written (`SMTP_PASSWORD=`, `SESSION_SECRET=`, `MYAPP_API_KEY:`
 * in a .env file, a compose file, a CI page): the label is the name's last part.
 */
const LABEL_START = String.raw`(?:\b|(?<=[A-Za-z0-9]_))`;

/** A setting's value that says no password is set, not a password ("password: none", "DB_PASS=false"). */
const NO_VALUE = /^(?:true|false|null|none|nil|undefined|required|optional)$/i;

/** Words that say a number is a one-time sign-in code, in the languages the password words know. */
const OTP_WORDS =
  String.raw`(?:(?:verification|security|login|log-in|sign-in|signin|one-time|one time|authentication|auth|confirmation|2fa|two-factor|access)[ -]?(?:code|pin|passcode)|otp|passcode|` +
  String.raw`best(?:ä|ae)tigungscode|sicherheitscode|anmeldecode|code de (?:v[ée]rification|s[ée]curit[ée]|confirmation)|c[oó]digo de (?:verificaci[oó]n|seguridad|acceso)|codice di (?:verifica|sicurezza))`;

/** Numbered words ("1 orbit 2 velvet … 12 zebra"), in any order OCR read the rows and columns: the numbers are 1..N once each, N a phrase's length. */
function numberedPhrase(value: string): boolean {
  const nums = [...value.matchAll(/(?<![\w])(\d{1,2})[.)]?[ \t]+[a-z]/g)].map((m) => Number(m[1]));
  if (![12, 15, 18, 21, 24].includes(nums.length)) return false;
  return new Set(nums).size === nums.length && nums.every((n) => n >= 1 && n <= nums.length);
}

/**
 * Lines of a key's body seen without its BEGIN or END line (a pager or an editor scrolled into the
 * middle of it): key files wrap at one width, so every line but the last is as wide as the first
 * (OCR may drop a glyph or two), and each mixes both cases and digits, as a hash or a word never does.
 */
function keyBodyLines(value: string): boolean {
  const lines = value.split(/\r?\n/).map((l) => l.trim());
  if (lines.length < 2 || !lines.every((l) => /[A-Z]/.test(l) && /[a-z]/.test(l) && /\d/.test(l))) return false;
  return lines.slice(0, -1).every((l) => Math.abs(l.length - lines[0]!.length) <= 2);
}

/**
 * An authenticator's setup key (base32: letters and the digits 2 to 7 only) as sign-up pages print it,
 * in groups of four or whole: digits in most groups, so a run of four-letter words is not one.
 */
function base32Seed(value: string): boolean {
  const groups = value.replace(/=+$/, '').split(' ');
  const withDigit = groups.filter((g) => /\d/.test(g)).length;
  const digits = (value.match(/\d/g) ?? []).length;
  const letters = (value.match(/[a-z]/gi) ?? []).length;
  return digits >= 3 && letters >= 6 && (groups.length === 1 || withDigit * 2 >= groups.length);
}

/**
 * A licence or product key (`7KQ4M-XW9PR-3LD6V-B5NHC-8JTY2`): groups of one width joined by dashes,
 * letters and digits mixed through them. A UUID's groups differ in width; a date or an ISBN has no letters.
 */
function licenceKey(value: string): boolean {
  const groups = value.split('-');
  if (!groups.every((g) => g.length === groups[0]!.length)) return false;
  const digits = (value.match(/\d/g) ?? []).length;
  const letters = (value.match(/[A-Z]/g) ?? []).length;
  return digits >= 4 && letters >= 4 && groups.filter((g) => /\d/.test(g)).length >= 2 && groups.filter((g) => /[A-Z]/.test(g)).length >= 2;
}

/** "for the NAS", "at the cabin", "of my bank": what a labelled secret is for. */
const PURPOSE = String.raw`(?:\s+(?:for|to|of|at|on)\s+(?:the\s+|my\s+|our\s+)?([\w.-]+(?:\s[\w.-]+)?))?`;

/** Where a token prefix's parts meet: a separator, or a space OCR read in its place ("sk ant-…"). */
const SEP_OR_SPACE = `(?:${PREFIX_SEP}| )`;
const OPENAI_PARTS = lookalikeAny(['proj', 'svcacct', 'admin']);
const SK = `[s5]k`;

/** Query keys whose values are credentials: OAuth codes and tokens, signatures, sessions, keys. */
const SECRET_QUERY_KEYS = String.raw`code|(?:access_|id_|refresh_|private_|auth_)?token|auth|(?:api_?)?key|(?:client_)?secret|password|pass|pwd|sig|signature|x-amz-signature|x-amz-credential|session(?:_?id)?|sid|ticket|otp|jwt`;

/**
 * Order matters: specific token shapes first, so "sk-ant-…" is an Anthropic key rather than a
 * generic one, and a value found by one detector is not found again by a later, vaguer one.
 * Prefixes and labels accept OCR's look-alikes (`lookalike`); a token split by a space is
 * rejoined by the redactor before these run a second time.
 */
export const DETECTORS: readonly Detector[] = [
  {
    // Any BEGIN … KEY block, whatever OCR made of its header ("PRlVATE", "BEGlN", four dashes).
    kind: 'private_key',
    category: 'secrets',
    re: new RegExp(
      String.raw`-{3,}[ \t]?${L('BEGIN')}[ \t]([^\n-]{0,40}?)${L('KEY')}(?:[ \t]${L('BLOCK')})?[ \t]?-{3,}` +
        // Up to its END line; without one (cut off on screen), through the lines that look like its body.
        String.raw`(?:[\s\S]*?-{3,}[ \t]?${L('END')}[^\n]*?-{3,}|(?:\r?\n[ \t]*(?:[A-Za-z0-9+/=]{4,}|[A-Za-z-]+:[^\n]*)?)*)`,
      'dg',
    ),
  },
  {
    // A key block whose BEGIN line is off screen (a terminal scrolled, a pane cut at its top): the
    // body lines that run down to its END line.
    kind: 'private_key',
    category: 'secrets',
    re: new RegExp(String.raw`(?<![^\n])(?:[ \t]*[A-Za-z0-9+/=]{16,}[ \t]*\r?\n)+[ \t]*-{3,}[ \t]?${L('END')}[ \t][^\n-]{0,40}?${L('KEY')}(?:[ \t]${L('BLOCK')})?[ \t]?-{3,}`, 'dg'),
  },
  {
    // The middle of a long key, neither its BEGIN nor its END line on screen (redteam56).
    kind: 'private_key',
    category: 'secrets',
    re: /(?<![^\n])(?:[ \t]*[A-Za-z0-9+/]{48,80}[ \t]*\r?\n)+[ \t]*[A-Za-z0-9+/]{8,80}={0,2}[ \t]*(?=\r?\n|$)/dg,
    valid: keyBodyLines,
  },
  {
    // A URL's user:password@: the password only, so the address stays readable.
    kind: 'password',
    category: 'passwords',
    re: /\b[a-z][a-z0-9+.-]{1,15}:\/\/[^\s:/@?#]+:([^\s/@?#]+)@/dgi,
    group: 1,
    bounded: true,
  },
  {
    // A credential in a URL's query or fragment (?code=4/0AX…, &token=…): the value, up to the next parameter.
    kind: 'api_key',
    category: 'secrets',
    re: new RegExp(String.raw`[?&#;](${SECRET_QUERY_KEYS})=([^\s&#"'<>]{8,})`, 'dgi'),
    group: 2,
    labelGroup: 1,
    valid: (v) => /\d/.test(v) || v.length >= 16,
    bounded: true,
  },
  { kind: 'anthropic_key', category: 'secrets', re: new RegExp(String.raw`\b${SK}${SEP_OR_SPACE}ant${SEP_OR_SPACE}[A-Za-z0-9_-]{20,}`, 'dg') },
  {
    kind: 'stripe_key',
    category: 'secrets',
    re: new RegExp(String.raw`\b[srp5]k${PREFIX_SEP}${lookalikeAny(['live', 'test'])}${PREFIX_SEP}[A-Za-z0-9]{16,}`, 'dg'),
  },
  {
    // OCR loses an underscore sitting on the baseline and reads a space ("sk live 51Qx…", screen bench
    // day 5). With a space in the prefix, the body must look like a key (digits and letters), so prose
    // such as "5k live internationalization" stays.
    kind: 'stripe_key',
    category: 'secrets',
    re: new RegExp(String.raw`\b[srp5]k${SEP_OR_SPACE}${lookalikeAny(['live', 'test'])}${SEP_OR_SPACE}([A-Za-z0-9]{16,})`, 'dg'),
    group: 1,
    valid: mixed,
  },
  {
    kind: 'openai_key',
    category: 'secrets',
    // "sk-" and a long token; a space or underscore after "sk" only before a known part ("sk proj-…").
    re: new RegExp(
      String.raw`\b${SK}(?:-(?:${OPENAI_PARTS}${PREFIX_SEP})?|[_ \u2013\u2014]${OPENAI_PARTS}${PREFIX_SEP})[A-Za-z0-9_-]{20,}(?:T3BlbkFJ[A-Za-z0-9_-]{10,})?`,
      'dg',
    ),
  },
  {
    kind: 'github_token',
    category: 'secrets',
    re: new RegExp(String.raw`\b(?:[g9]h[pousr0]${SEP_OR_SPACE}[A-Za-z0-9]{30,}|${L('github')}${PREFIX_SEP}pat${PREFIX_SEP}[A-Za-z0-9_]{40,})`, 'dg'),
  },
  { kind: 'slack_token', category: 'secrets', re: new RegExp(String.raw`\bx[o0]x[abposr0]${PREFIX_SEP}[A-Za-z0-9-]{10,}`, 'dg') },
  { kind: 'slack_token', category: 'secrets', re: /https:\/\/hooks\.slack\.com\/services\/[A-Za-z0-9/_-]{20,}/dg },
  // The body may hold an l read for a 1 or an I; the prefix's I any thin glyph.
  { kind: 'aws_key', category: 'secrets', re: /\b(?:A[KS][I1l|!]A|ABIA|ACCA)[A-Z0-9l]{16}\b/dg },
  // Labelled, the value is a secret whatever its length: OCR drops or doubles a letter of the 40
  // (a real xterm's was read 39 long and kept in clear, trust bench x11-terminal-aws-pair).
  {
    kind: 'aws_secret',
    category: 'secrets',
    re: new RegExp(
      String.raw`\b(aws[_ ]?${L('secret')}(?:[_ ]?${L('access')})?[_ ]?key|${L('secret')}[_ ]?${L('access')}[_ ]?key)["']?\s*[:=]\s*["']?([A-Za-z0-9/+=]{30,60})(?![A-Za-z0-9/+=])`,
      'dgi',
    ),
    group: 2,
    labelGroup: 1,
  },
  // The unlabelled pair as terminals and consoles show it: a key id, then (on its line or the next)
  // a 40-character mixed-case secret. Mixed case and a digit keep hex digests (git, sha1) out.
  {
    kind: 'aws_secret',
    category: 'secrets',
    re: /\b(?:A[KS][I1l|!]A|ABIA|ACCA)[A-Z0-9l]{16}\b[^\n]{0,60}?\n?[^\n]{0,60}?(?<![A-Za-z0-9/+=])(?=[A-Za-z0-9/+=]*[0-9])(?=[A-Za-z0-9/+=]*[a-z])(?=[A-Za-z0-9/+=]*[A-Z])([A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])/dg,
    group: 1,
  },
  { kind: 'google_api_key', category: 'secrets', re: /\bA[I1l|]za[0-9A-Za-z_-]{35}\b/dg },
  // A Google OAuth authorization code pasted on its own ("4/0AX4Xf…").
  { kind: 'api_key', category: 'secrets', re: /(?<![\w/])4\/0A[A-Za-z0-9_-]{30,}/dg },
  { kind: 'jwt', category: 'secrets', re: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/dg },
  { kind: 'bearer_token', category: 'secrets', re: /\b([B8]earer)\s+([A-Za-z0-9._~+/-]{20,}=*)/dg, group: 2, labelGroup: 1 },
  {
    kind: 'password',
    category: 'passwords',
    // A field ("Password: hunter2", "pwd=…") or a sentence ("my wifi password is …", "the password
    // for the NAS: …"): the label word, what it is for, a separator, then the value up to white space.
    re: new RegExp(
      String.raw`(?:\b(?:(?:my|the|our)\s+)?([\w-]+(?:\s[\w-]+)?\s+)?|(?<=[A-Za-z0-9]_))(${PASSWORD_WORDS})` +
        PURPOSE +
        String.raw`(?:\s*[:=→]\s*|\s+is\s+)["'“]?([^\s"'”]{3,128})`,
      'dgi',
    ),
    group: 4,
    labelGroup: 2,
    purposeGroups: [3, 1],
    valid: (v, after) => notProse(v, after) && !NO_VALUE.test(v.replace(/[.,;:)]+$/, '')),
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
    // A configuration name's last part may be the label on its own: `ENCRYPTION_KEY=`, `STRIPE_KEY:` (key alone labels nothing in prose).
    re: new RegExp(
      String.raw`${LABEL_START}(${lookalikeAny(['api', 'access', 'secret', 'auth', 'client'])}[_ -]?${lookalikeAny(['key', 'token', 'secret'])}|${lookalikeAny(['token', 'secret'])}|(?<=[A-Za-z0-9]_)${L('key')})` + PURPOSE + String.raw`["']?(?:\s*[:=]\s*|\s+is\s+)["']?([A-Za-z0-9._~+/=-]{16,})`,
      'dgi',
    ),
    group: 3,
    labelGroup: 1,
    purposeGroups: [2],
    valid: mixed,
  },
  {
    kind: 'iban',
    category: 'bank_accounts',
    // A line break may stand for a space: an IBAN in a paragraph wraps ("… Konto: IBAN GB71\nBARC 2031 …"), and OCR keeps the break.
    re: /\b[A-Z]{2}\d{2}(?:[ \n]?[A-Z0-9]{4}){2,7}(?:[ \n]?[A-Z0-9]{1,4})?\b/dg,
    valid: ibanValidThroughOcr,
  },
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
  {
    // A one-time code as texts, toasts and mails give it: its number beside words that say it is a
    // sign-in code ("482913 is your security code", "Your verification code: 482 913", "OTP 7731").
    // The words are the check: an error code, a postcode or an order number has none of them.
    kind: 'one_time_code',
    category: 'secrets',
    re: new RegExp(String.raw`\b${OTP_WORDS}\b(?:[^\n\d]{0,30}?|[^\n]{0,30}?[:=]\s*)(?<![\d-])((?:[A-Z]-)?\d{3}[ -]\d{3}|(?:[A-Z]-)?\d{4,8})(?![\d-]|[.,]\d)`, 'dgi'),
    group: 1,
  },
  {
    kind: 'one_time_code',
    category: 'secrets',
    re: new RegExp(String.raw`(?<![\w-])((?:[A-Z]-)?\d{3}[ -]\d{3}|(?:[A-Z]-)?\d{4,8})\s+(?:(?:is|as)\s+your|est\s+votre|ist\s+(?:dein|ihr)|es\s+tu)\b[^\n.]{0,40}?\b(?:code|passcode|otp|pin|codice|c[oó]digo)\b`, 'dgi'),
    group: 1,
  },
  {
    // A card's security code as a checkout form or a card's details page show it: three or four digits
    // after their label ("CVC 123", "Security code (3 digits on the back): 512", "Kartenprüfnummer 834").
    // A form with the expiry beside it reads "Expiry  CVC\n07/29  862": the expiry may come between.
    // The label is the check: a bare three-digit number is a room or a price. Four digits after
    // "security code" are a sign-in code's shape and are caught above as one.
    kind: 'card_code',
    category: 'cards',
    re: /\b(?:CVC2?|CVV2?|CV2|card verification (?:code|value|number)|card security code|security code|kartenpr(?:ü|ue)fnummer|cryptogramme(?: visuel)?|code de s[ée]curit[ée]|c[oó]digo de seguridad|codice di sicurezza|c[oó]digo de seguran[çc]a)(?![\p{L}\d])\s*(?:\([^)\n]{0,40}\))?\s*[:#]?\s*(?:\d{1,2}\s*\/\s*\d{2,4}\s+)?(\d{3,4})(?![\d.,/-])/dgiu,
    group: 1,
  },
  {
    // A card form with no label on its security code: the number, its expiry, then three or four
    // digits, as checkout rows and autofill lists lay them out (redteam56). The number and the expiry
    // before it are the check: a bare three-digit number is a room or a price.
    kind: 'card_code',
    category: 'cards',
    re: /(?<![\d-])(?:\d[ -]?){12,18}\d(?![\d-])[^\n\d]{0,30}\n?[^\n\d]{0,30}?(?<![\d/])(?:0[1-9]|1[0-2]) ?\/ ?(?:20)?\d{2}(?![\d/])[^\n\d]{0,30}\n?[^\n\d]{0,30}?(?<![\d/.,])(\d{3,4})(?![\d.,/:-])/dg,
    group: 1,
  },
  {
    // A bank's sign-in code alone on its line under the bank's name, as a notification shows it
    // ("Starling Bank" over "730518"): the bank's name says what the bare number is (redteam56).
    kind: 'one_time_code',
    category: 'secrets',
    re: /\b(?:bank|banking|banco|banque|sparkasse|credit union|building society)\b[^\n]{0,40}\r?\n(?:[^\n\d]{0,40}\r?\n)?[ \t]*(\d{3}[ -]?\d{3})[ \t]*(?=\r?\n|$)/dgi,
    group: 1,
  },
  {
    // An authenticator's seed: in an otpauth:// address, in groups of four under a sign-up page's
    // "setup key", or whole in capitals (redteam56).
    kind: 'totp_seed',
    category: 'secrets',
    re: /(?<![\w/+=-])(?:[a-z2-7]{4}(?: [a-z2-7]{4}){3,15}|[A-Z2-7]{4}(?: [A-Z2-7]{4}){3,15}|[A-Z2-7]{16,64}={0,6})(?![\w/+=-])/dg,
    valid: base32Seed,
  },
  {
    // A password glued to a command's -p, as a shell's history keeps it (`mysql -u root -pS3cret`), or after sshpass -p (redteam56).
    kind: 'password',
    category: 'passwords',
    re: /\b(?:(?:mysql|mysqldump|mysqladmin|mysqlsh|mariadb|mariadb-dump)\b[^\n|;&]*?[ \t]-p|sshpass[ \t]+-p[ \t]*)["']?([^\s'"]{3,128})/dg,
    group: 1,
  },
  {
    // A licence key (redteam56): it unlocks what was paid for, and shows in About boxes and mails.
    kind: 'licence_key',
    category: 'secrets',
    re: /(?<![\w-])[A-Z0-9]{4,6}(?:-[A-Z0-9]{4,6}){3,7}(?![\w-])/dg,
    valid: licenceKey,
  },
  {
    // A wallet's recovery phrase as its backup screen shows it: words numbered 1 to 12 (or 24), in
    // rows or in columns; the numbers must be exactly 1..N, so a numbered list of other things is not one.
    kind: 'recovery_phrase',
    category: 'secrets',
    re: /(?<![\w.])1[.)]?[ \t]+[a-z]{3,8}(?:\s+\d{1,2}[.)]?[ \t]+[a-z]{3,8}){11,23}(?![\w])/dg,
    valid: numberedPhrase,
  },
  {
    // The same words after their label, unnumbered ("Recovery phrase: orbit velvet canyon …").
    kind: 'recovery_phrase',
    category: 'secrets',
    re: /\b(?:recovery|seed|secret|backup|mnemonic)[ -]?(?:phrase|words)\b[^\n]{0,40}?[:\n]\s*((?:[a-z]{3,8}[ \t\n]+){11,23}[a-z]{3,8})\b/dgi,
    group: 1,
    valid: (v) => [12, 15, 18, 21, 24].includes(v.split(/\s+/).length) && v === v.toLowerCase(),
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

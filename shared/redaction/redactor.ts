import { DEFAULT_REDACTION, DETECTORS, type Detector, type RedactionCategory, type RedactionSwitches, type SecretKind } from './detectors.js';
import { labelledAccountNumbers } from './bank-details.js';
import { damagedIbans, labelledCards } from './damaged-accounts.js';
import { TOKEN_KINDS, extendToToken, joinedSplits, joinedWraps, noisyCards, noisyTokens, withoutInnerNoise, type TextView } from './ocr-noise.js';

export interface SecretMatch {
  kind: SecretKind;
  category: RedactionCategory;
  value: string;
  /** Where the value stands in the text: [start, end). */
  start: number;
  end: number;
  /** The word that labels it on screen ("Password", "api_key", "Bearer"), when there is one. */
  label: string | null;
  /** What it is for, when the text says ("wifi" in "my wifi password is …"). */
  purpose: string | null;
}

export interface Redacted {
  /** The text with every value found replaced by its marker, `[redacted:KIND]`. */
  text: string;
  secrets: SecretMatch[];
}

/** A secret found by where it stands on screen (layout-pairs), masked wherever its value appears in a text. */
export interface LaidOutSecret {
  kind: SecretKind;
  category: RedactionCategory;
  value: string;
  label: string | null;
}

/** What stands in the text where a secret was (agents/knowledge-vault reads these back). */
export function redactionMarker(kind: string): string {
  return `[redacted:${kind}]`;
}

/** Words that are part of the sentence, not a purpose ("the" in "the password is …"). */
const NOT_A_PURPOSE = /^(my|the|our|a|is)$/i;

function groupText(m: RegExpExecArray | RegExpMatchArray, groups: readonly number[] | undefined): string | null {
  for (const g of groups ?? []) {
    const v = m[g]?.trim();
    if (v && !NOT_A_PURPOSE.test(v)) return v;
  }
  return null;
}

/**
 * Every secret in the text that the switches ask for, in reading order, none overlapping. Without
 * switches, the defaults (DEFAULT_REDACTION) apply. Detectors run in order, most specific first,
 * and a later detector never takes text an earlier one found. Detectors of categories switched
 * off still claim their text without redacting it: a card number is not a phone number because
 * card redaction is off. `laidOut`: values found by layout (secretsByLayout over the words of the
 * screen this text was read from), masked at every place they stand in the text.
 */
export function findSecretsIn(text: string, switches: RedactionSwitches = DEFAULT_REDACTION, laidOut: readonly LaidOutSecret[] = []): SecretMatch[] {
  const claimed: SecretMatch[] = [];
  const overlaps = (s: number, e: number): boolean => claimed.some((f) => s < f.end && e > f.start);
  const claim = (kind: SecretKind, category: RedactionCategory, start: number, end: number): void => {
    if (!overlaps(start, end)) claimed.push({ kind, category, value: text.slice(start, end), start, end, label: null, purpose: null });
  };
  /**
   * Runs a detector over the text or over a view of it (`from` maps the view's positions back).
   * With `merge`, a find that holds earlier ones whole takes their place: the view of a key OCR
   * split finds all of it where the text alone found its first half.
   */
  const run = (d: Detector, view: TextView | null = null, merge = false): void => {
    const source = view?.text ?? text;
    const map = view?.from;
    const back = (i: number): number => (map ? map[i]! : i);
    for (const m of source.matchAll(d.re)) {
      const g = d.group ?? 0;
      const raw = m[g];
      const at = m.indices?.[g]?.[0];
      if (!raw || at === undefined) continue;
      // Positions of the trimmed value: leading white space moves the start, trailing moves the end.
      const vStart = at + (raw.length - raw.trimStart().length);
      let value = raw.trim();
      if (d.trimSentenceEnd) value = value.replace(/[.,;:)]+$/, '');
      if (value.length < 3) continue;
      const vEnd = vStart + value.length;
      const start = back(vStart);
      let end = back(vEnd - 1) + 1;
      if (text.slice(start, end).includes('[redacted')) continue;
      if (d.valid && !d.valid(value, source.slice(vEnd, vEnd + 40))) continue;
      const label = d.labelGroup ? (m[d.labelGroup]?.trim() ?? null) || null : null;
      // A token secret covers its whole token: OCR may have broken it at a "]" or "|".
      if (TOKEN_KINDS.has(d.kind) && !d.bounded) end = extendToToken(text, end);
      const found: SecretMatch = { kind: d.kind, category: d.category, value: text.slice(start, end), start, end, label, purpose: groupText(m, d.purposeGroups) };
      if (!overlaps(start, end)) claimed.push(found);
      else if (merge && claimed.every((f) => !(start < f.end && end > f.start) || (f.start >= start && f.end <= end && f.end - f.start < end - start))) {
        claimed.splice(0, claimed.length, ...claimed.filter((f) => !(start < f.end && end > f.start)), found);
      }
    }
  };
  // Exact shapes first, then what OCR noise hides (before emails and phones, the vaguest, which
  // would otherwise take a noisy card's digits for a phone number).
  const vague = (d: Detector) => d.category === 'emails' || d.category === 'phones';
  for (const d of DETECTORS) if (!vague(d)) run(d);
  // Account numbers whose checksum OCR broke, confirmed another way (screen bench day 4: "DES 3704 …").
  for (const a of damagedIbans(text)) claim('iban', 'bank_accounts', a.start, a.end);
  // The same account by its domestic number, beside its sort code or routing number.
  for (const a of labelledAccountNumbers(text)) claim('account_number', 'bank_accounts', a.start, a.end);
  // A key OCR split with a space, read again whole (issue 28).
  const joined = joinedSplits(text);
  if (joined) for (const d of DETECTORS) if (!vague(d) && d.kind !== 'card' && d.kind !== 'iban') run(d, joined, true);
  // A key a narrow window wrapped onto the next line, read again whole (redteam55: a devtools pane's JWT).
  const wrapped = joinedWraps(text);
  if (wrapped) for (const d of DETECTORS) if (TOKEN_KINDS.has(d.kind) || d.kind === 'private_key') run(d, wrapped, true);
  for (const t of noisyTokens(text, DETECTORS)) claim(t.kind, 'secrets', t.start, t.end);
  // Labelled values ("Bearer …", "api_key: …") read again with the marks inside words as letters.
  const clean = withoutInnerNoise(text);
  if (clean !== text) for (const d of DETECTORS) if (TOKEN_KINDS.has(d.kind) && d.group !== undefined) run(d, { text: clean });
  for (const c of noisyCards(text)) claim('card', 'cards', c.start, c.end);
  for (const c of labelledCards(text)) claim('card', 'cards', c.start, c.end);
  // Values paired with their label by layout, wherever they stand as a whole (before the vaguest,
  // like any exact find): never inside a longer word or number, so a short password "Max" does not
  // take "Maximum" with it, in a text nor in a screenshot's boxes (trust53).
  for (const l of laidOut) {
    for (let at = text.indexOf(l.value); at >= 0; at = text.indexOf(l.value, at + l.value.length)) {
      const end = at + l.value.length;
      if (!standsAlone(text, l.value, at, end)) continue;
      if (!overlaps(at, end)) claimed.push({ kind: l.kind, category: l.category, value: l.value, start: at, end, label: l.label, purpose: null });
    }
  }
  for (const d of DETECTORS) if (vague(d)) run(d);
  return claimed.filter((f) => switches[f.category]).sort((a, b) => a.start - b.start);
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** Whether a value found at [at, end) is not the middle of a longer word or number: a letter or digit at its edge has none beside it. */
function standsAlone(text: string, value: string, at: number, end: number): boolean {
  if (at > 0 && WORD_CHAR.test(value[0]!) && WORD_CHAR.test(text[at - 1]!)) return false;
  return !(end < text.length && WORD_CHAR.test(value[value.length - 1]!) && WORD_CHAR.test(text[end]!));
}

/** The text with each secret the switches ask for replaced by its marker, and the secrets taken out. */
export function redactText(text: string, switches: RedactionSwitches = DEFAULT_REDACTION, laidOut: readonly LaidOutSecret[] = []): Redacted {
  const secrets = findSecretsIn(text, switches, laidOut);
  if (!secrets.length) return { text, secrets };
  let out = '';
  let at = 0;
  for (const s of secrets) {
    out += text.slice(at, s.start) + redactionMarker(s.kind);
    at = s.end;
  }
  return { text: out + text.slice(at), secrets };
}

/**
 * The switches for text that leaves the machine (prompts to a model): the user's choices, but
 * credentials, passwords, card and account numbers and ID numbers are always taken out; switching
 * them off only keeps them in the local notes.
 */
export function switchesForModel(user: RedactionSwitches = DEFAULT_REDACTION): RedactionSwitches {
  const out = { ...user };
  for (const c of Object.keys(DEFAULT_REDACTION) as RedactionCategory[]) {
    if (DEFAULT_REDACTION[c]) out[c] = true;
  }
  return out;
}

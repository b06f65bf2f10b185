import type { Database as Db } from 'better-sqlite3-multiple-ciphers';
import { DETECTORS, secretValueIdentity, type LaidOutSecret, type RedactionCategory, type RedactionSwitches, type SecretKind } from '../../shared/redaction/index.js';

/**
 * Secrets the re-scrub carries into text that quotes them without their label. A value found only
 * by where it stood (a settings pane's "Password" column beside its value column, paired by the
 * frame's word boxes) was masked in that screen's text; a note, a fact, a chat message the brain
 * wrote earlier from that screen quotes the value alone, which no text detector finds. Every later
 * text of the pass is searched for the values the knowledge vault holds (what this pass and earlier
 * ones put there, read once per slice) and the ones this slice took out before it reaches the vault.
 *
 * Read from the vault rather than kept with the cursor: the vault entry commits in the batch's
 * transaction with the masking, so a pass stopped between steps (a crash, a restart) finds it there,
 * a later pass does too, and no second copy of a secret is written anywhere.
 *
 * Matched as the vault judges two values the same (secretValueIdentity): an account number however
 * it is grouped and in any case, a key with or without the spaces OCR put in it, a password exactly;
 * never inside a longer word or number. Only values that could not be ordinary text (carriable).
 */

/** The kinds the detectors mask and the switch each belongs to: contacts (emails, phones) are not carried, their detectors find them. */
const CATEGORY_OF = new Map<string, { kind: SecretKind; category: RedactionCategory }>(
  DETECTORS.filter((d) => d.category !== 'emails' && d.category !== 'phones').map((d) => [d.kind, { kind: d.kind, category: d.category }]),
);

/** Account numbers: the vault takes them without spaces, dashes or dots, in any case. */
const FOLDED = new Set(['iban', 'card', 'account_number']);

/**
 * A vault entry of a kind no detector knows (a Wi-Fi "network", an "address", a free-form note with
 * a secret value), for a cutter that takes every kind (VaultCut): masked as a password, the kind of
 * secret a user keeps by hand, with the credentials' switch (always on for a model). (Not a kind of
 * its own: a new SecretKind would change the detectors' fingerprint and re-scrub every store.)
 * Contacts stay out, as above: the user's switches say whether emails and phone numbers reach a model.
 */
const OTHER_KIND: { kind: SecretKind; category: RedactionCategory } = { kind: 'password', category: 'passwords' };
const CONTACT_KIND = /^(e-?mail|phone|telephone|mobile|contact)/;

/** Fewer bits than this (length times the log of the alphabet its characters come from) reads as ordinary text. */
const MIN_BITS = 40;
const MIN_LENGTH = 8;
/** A value of letters only (a word, joined words) is carried from this length: "sunflowers" stays a word in a note. */
const MIN_LETTERS_ONLY = 20;

/**
 * Whether a value may be masked wherever it stands in unrelated text: long and varied enough that
 * it is not an ordinary word or number. A PIN "1234", a password "summer" or "sunflowers", an
 * 8-digit account number are masked where a label names them, not everywhere.
 */
export function carriable(kind: string, value: string): boolean {
  const v = value.trim();
  if (v.includes('[redacted') || /^[•*·]+$/.test(v)) return false;
  const joined = (kind === 'password' ? v : secretValueIdentity(kind, v)).replace(/\s+/g, '');
  if (joined.length < MIN_LENGTH) return false;
  if (/^\p{L}+$/u.test(joined) && joined.length < MIN_LETTERS_ONLY) return false;
  const pool = (/\p{Ll}/u.test(joined) ? 26 : 0) + (/\p{Lu}/u.test(joined) ? 26 : 0) + (/\d/.test(joined) ? 10 : 0) + (/[^\p{L}\d]/u.test(joined) ? 32 : 0);
  return joined.length * Math.log2(Math.max(pool, 2)) >= MIN_BITS;
}

interface Carried {
  kind: SecretKind;
  category: RedactionCategory;
  /** What is looked for: the password as written, else the vault's identity of the value. */
  needle: string;
}

/** A text with some characters left out, and where each kept one stood in the text. */
interface View {
  text: string;
  from: number[];
}

/** White space as `\s` reads it, by code (a view is built for every text the pass reads). */
function isSpace(c: number): boolean {
  return (c >= 9 && c <= 13) || c === 32 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/** The text without white space (and, folded, without dashes and dots, ASCII letters in capitals), and where each kept character stood. */
function viewWithout(text: string, folded: boolean): View {
  const codes: number[] = [];
  const from: number[] = [];
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (isSpace(c) || (folded && (c === 45 || c === 46))) continue;
    // One character for one: an account number is ASCII, and a capital that is two letters ("ß") would shift the positions.
    if (folded && c >= 97 && c <= 122) c -= 32;
    codes.push(c);
    from.push(i);
  }
  let out = '';
  for (let i = 0; i < codes.length; i += 4096) out += String.fromCharCode(...codes.slice(i, i + 4096));
  return { text: out, from };
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** How the text is read for a kind: as written (passwords), without spaces (keys), folded (account numbers). */
type Reading = 'exact' | 'spaceless' | 'folded';
const readingOf = (kind: string): Reading => (kind === 'password' ? 'exact' : FOLDED.has(kind) ? 'folded' : 'spaceless');

/** A value as the folded view writes text (viewWithout): no white space, dashes or dots, ASCII letters in capitals. */
const asciiFolded = (value: string): string => value.replace(/[\s.-]+/g, '').replace(/[a-z]+/g, (w) => w.toUpperCase());

/** Needles are looked up by their first three characters at each place a word may start (one lookup a place, not one search a value). */
const HEAD = 3;
const headAt = (s: string, i: number): number => (s.charCodeAt(i) * 65536 + s.charCodeAt(i + 1)) * 65536 + s.charCodeAt(i + 2);

/** A letter or a digit: what may not stand right before or after a carried value. */
function wordAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (c < 128) return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  return WORD_CHAR.test(text[i]!);
}

export class CarriedSecrets {
  private readonly byKey = new Map<string, Carried>();
  private readonly byHead: Record<Reading, Map<number, Carried[]>> = { exact: new Map(), spaceless: new Map(), folded: new Map() };

  /** `everyKind`: vault entries of kinds no detector knows are carried too (OTHER_KIND), for prompts; the re-scrub of kept text carries only the detectors' kinds. */
  constructor(
    private readonly switches: RedactionSwitches,
    private readonly everyKind = false,
  ) {}

  /** The secrets the knowledge vault holds (superseded entries too: a value is a value). */
  static fromVault(db: Db, switches: RedactionSwitches): CarriedSecrets {
    const carry = new CarriedSecrets(switches);
    const rows = db
      .prepare("SELECT json_extract(fields, '$.entry_type') AS kind, json_extract(fields, '$.secret') AS value FROM memories WHERE kind = 'knowledge_vault'")
      .all() as { kind: unknown; value: unknown }[];
    for (const r of rows) if (typeof r.kind === 'string' && typeof r.value === 'string') carry.add(r.kind, r.value);
    return carry;
  }

  get size(): number {
    return this.byKey.size;
  }

  /** Carries a value from here on, if its kind is masked by the user's switches and it passes the floor. */
  add(kind: string, value: string): void {
    const k = CATEGORY_OF.get(kind) ?? (this.everyKind && !CONTACT_KIND.test(kind) ? OTHER_KIND : undefined);
    if (!k || !this.switches[k.category] || !carriable(kind, value)) return;
    // A value of a kind no detector knows is read folded, as an account number: an address or a code
    // is the same in capitals, across a line break, grouped with dashes or dots.
    const other = k === OTHER_KIND;
    const needle = other ? asciiFolded(value) : kind === 'password' ? value.trim() : secretValueIdentity(kind, value).replace(/\s+/g, '');
    if (other && needle.length < MIN_LENGTH) return;
    const key = `${kind}\u0000${needle}`;
    if (this.byKey.has(key)) return;
    const c = { ...k, needle };
    this.byKey.set(key, c);
    const heads = this.byHead[other ? 'folded' : readingOf(kind)];
    const head = headAt(needle, 0);
    heads.set(head, [...(heads.get(head) ?? []), c]);
  }

  /**
   * Whether any string in a value quotes a carried value: a row or a synced memory, strings inside
   * its objects, arrays and JSON-text columns too. Picks the few rows worth redacting again.
   */
  quotedIn(v: unknown): boolean {
    if (typeof v === 'string') {
      if (this.in(v).length) return true;
      if (!/^\s*[[{]/.test(v)) return false;
      try {
        return this.quotedIn(JSON.parse(v) as unknown);
      } catch {
        return false;
      }
    }
    if (Array.isArray(v)) return v.some((x) => this.quotedIn(x));
    if (v && typeof v === 'object' && !Buffer.isBuffer(v)) return Object.values(v).some((x) => this.quotedIn(x));
    return false;
  }

  /**
   * Where carried values stand in a text, as the text writes them: handed to the redactor as
   * layout's finds are (findSecretsIn's `laidOut`), which masks each wherever it stands.
   */
  in(text: string): LaidOutSecret[] {
    if (!this.byKey.size || !text) return [];
    const out = new Map<string, LaidOutSecret>();
    for (const reading of ['exact', 'spaceless', 'folded'] as const) {
      const heads = this.byHead[reading];
      if (!heads.size) continue;
      const view = reading === 'exact' ? null : viewWithout(text, reading === 'folded');
      const hay = view?.text ?? text;
      for (let at = 0; at + HEAD <= hay.length; at++) {
        const start = view ? view.from[at]! : at;
        // Never part of a longer word or number: "Kx4-Osprey-52" is not masked inside "Kx4-Osprey-521".
        if (start > 0 && wordAt(text, start - 1)) continue;
        const list = heads.get(headAt(hay, at));
        if (!list) continue;
        for (const c of list) {
          if (!hay.startsWith(c.needle, at)) continue;
          const end = view ? view.from[at + c.needle.length - 1]! + 1 : at + c.needle.length;
          if (end < text.length && wordAt(text, end)) continue;
          const value = text.slice(start, end);
          if (!out.has(value)) out.set(value, { kind: c.kind, category: c.category, value, label: null });
        }
      }
    }
    // Longest first, as layout's are: a whole value is masked before a part of it is looked for.
    return [...out.values()].sort((a, b) => b.value.length - a.value.length);
  }
}

import { emailPattern, looksLikePhone, phonePattern } from '../../shared/redaction/index.js';
import { nameSpelledBy } from '../../shared/text/index.js';
import type { BatchAnalysis } from '../subagent-kit/index.js';

export interface FoundContact {
  entry_type: 'email' | 'phone' | 'address';
  value: string;
  /** Whose it is, when the same line names someone ("Ana Lima <ana@acme.com>"). */
  owner: string | null;
  app: string | null;
  /** For what the user typed: the sentence it came in, the value replaced ("My sister's new address is [address]."). */
  context?: string;
  sources: number[];
  first: number;
}

// Email and phone shapes are the redactor's (shared/redaction), so what it would redact is what the vault keeps.
const EMAIL_RE = emailPattern();
const PHONE_RE = phonePattern();
const ADDRESS_RE = /\b\d{1,5}\s+(?:[A-Z][a-z]+\s){1,3}(?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Way|Court|Ct|Place|Pl|Square|Sq)\b\.?(?:,\s*[A-Z][\w ]{1,40})?/g;
/** Where the street type comes first and the number after ("Rua das Flores 12, 4050-262 Porto", "Calle Mayor 5", "Rue de Rivoli 10"). */
const STREET_FIRST_RE =
  /\b(?:Rua|Avenida|Av\.|Travessa|Largo|Praça|Estrada|Calle|Carrer|Avda\.|Paseo|Plaza|Rue|Avenue|Boulevard|Bd|Place|Chemin|Via|Viale|Piazza|Corso)\s+(?:[\p{L}'’.-]+\s){0,4}?\d{1,5}[A-Za-z]?\b(?:,\s*(?:\d{4,5}(?:-\d{3})?\s+)?\p{Lu}[\p{L}-]+(?:\s\p{Lu}[\p{L}-]+)?)?/gu;
/** German and Dutch style: the street name ends in its type ("Hauptstraße 5, 10115 Berlin"). */
const STREET_SUFFIX_RE = /\b\p{Lu}[\p{Ll}-]+(?:straße|strasse|str\.|weg|allee|platz|gasse|damm|ufer|straat|laan|gracht)\s+\d{1,4}[a-z]?\b(?:,\s*\d{4,5}\s+\p{Lu}[\p{L}-]+)?/gu;
const NOT_PERSONAL = /^(no-?reply|do-?not-?reply|donotreply|notifications?|mailer-daemon|postmaster|bounce|news(letter)?)@/i;
const NAME_BEFORE = /([A-Z][\p{Ll}'’-]+(?:[ \t]{1,2}[A-Z][\p{Ll}'’-]+){0,2})\s*(?:[<(\[:,–—-]|\bat\b)?\s*$/u;

/** A gap this wide is a table's column gap: what stands before it is another cell. */
const CELL_GAP = /\s{3,}$/;

/**
 * The person named just before a value on its line, if any ("Ana Lima <ana@acme.com>" → "Ana Lima").
 * Across a column gap only the row's first cell can be its owner: the cell just before an email is
 * the row's role or team ("Backend Engineer   Payments   ana@acme.com").
 */
function ownerBefore(line: string, index: number): string | null {
  const raw = line.slice(0, index).replace(/(e-?mail|phone|tel|mobile|cell|address)\s*[:]?\s*$/i, '');
  const before = raw.trimEnd();
  const m = NAME_BEFORE.exec(before);
  if (!m) return null;
  if (CELL_GAP.test(raw) && before.slice(0, m.index).trim() !== '') return null;
  const name = m[1]!.trim();
  if (/^(From|To|Cc|Bcc|Reply|Email|Phone|Tel|Mobile|Contact|Sent|Date|Subject)$/i.test(name)) return null;
  return name;
}

function digits(s: string): string {
  return s.replace(/\D/g, '');
}

const NAME_LINE = /^(?:(?:Dr|Dra|Prof|Mr|Mrs|Ms|Mx|Sr|Sra|Herr|Frau|Mme|M)\.?\s+)?([A-Z][\p{Ll}'’-]+(?:\s+[A-Z][\p{Ll}'’-]+){1,2})[,.]?$/u;

/** A signature names its owner on a line of its own just above ("Ana Lima / Head of Finance / Mobile: ..."). */
function ownerAbove(lines: string[], i: number): string | null {
  for (let j = i - 1; j >= 0 && j >= i - 3; j--) {
    const m = NAME_LINE.exec(lines[j]!.trim());
    if (m) return m[1]!;
  }
  return null;
}

const RUN = /\p{Lu}[\p{Ll}'’-]+(?:[ \t]+\p{Lu}[\p{Ll}'’-]+){1,3}/gu;

/** The name an email spells, on its line or the two lines above ("Rui Costa … rui.costa@…"): its owner, wherever the columns fell. */
function spelledOwner(lines: string[], i: number, email: string): string | null {
  for (let j = i; j >= 0 && j >= i - 2; j--) {
    for (const r of lines[j]!.matchAll(RUN)) {
      const name = nameSpelledBy(r[0], email);
      if (name) return name;
    }
  }
  return null;
}

export function normalizeContact(type: FoundContact['entry_type'], value: string): string {
  if (type === 'email') return value.toLowerCase();
  if (type === 'phone') return (value.trim().startsWith('+') ? '+' : '') + digits(value);
  return value.replace(/\s+/g, ' ').trim();
}

export function findContacts(a: BatchAnalysis): FoundContact[] {
  return a.memo('vault.contacts', () => {
    const out = new Map<string, FoundContact>();
    const add = (c: Omit<FoundContact, 'sources' | 'first'>, source: number, at: number): void => {
      const key = `${c.entry_type}|${normalizeContact(c.entry_type, c.value)}`;
      const have = out.get(key);
      if (have) {
        if (!have.context && c.context) have.context = c.context;
        if (!have.sources.includes(source)) have.sources.push(source);
        if (!have.owner && c.owner) have.owner = c.owner;
        return;
      }
      out.set(key, { ...c, sources: [source], first: at });
    };
    for (const s of a.sources) {
      // The assistant's own words are not the user's contacts.
      if (s.role === 'assistant' || s.role === 'tool' || s.role === 'system') continue;
      const lines = s.text.split(/\r?\n/);
      lines.forEach((line, i) => {
        const owner = (idx: number): string | null => ownerBefore(line, idx) ?? ownerAbove(lines, i);
        const typed = (value: string, type: FoundContact['entry_type']): { context?: string } =>
          s.role === 'user' ? { context: line.replace(value, `[${type}]`).replace(/\s+/g, ' ').trim().slice(0, 300) } : {};
        if (line.includes('@')) {
          for (const m of line.matchAll(EMAIL_RE)) {
            if (NOT_PERSONAL.test(m[0])) continue;
            add({ entry_type: 'email', value: m[0], owner: spelledOwner(lines, i, m[0]) ?? owner(m.index), app: s.app, ...typed(m[0], 'email') }, s.index, s.at);
          }
        }
        for (const m of line.matchAll(PHONE_RE)) {
          if (!looksLikePhone(m[0])) continue;
          add({ entry_type: 'phone', value: m[0].trim(), owner: owner(m.index), app: s.app, ...typed(m[0].trim(), 'phone') }, s.index, s.at);
        }
        for (const re of [ADDRESS_RE, STREET_FIRST_RE, STREET_SUFFIX_RE]) {
          for (const m of line.matchAll(re)) add({ entry_type: 'address', value: m[0].trim(), owner: owner(m.index), app: s.app, ...typed(m[0].trim(), 'address') }, s.index, s.at);
        }
      });
    }
    return [...out.values()];
  });
}

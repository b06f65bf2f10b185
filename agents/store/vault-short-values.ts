import { redactionMarker } from '../../shared/redaction/index.js';
import { carriable } from './rescrub-carry.js';

/**
 * Short or plain vault values (a PIN "4471", a lock's word "otter") cut where they stand as a value
 * (leak51). CarriedSecrets cuts only long, varied values wherever they stand: a 4-digit PIN or one
 * word is everywhere in ordinary text. But a value the user keeps is still told apart where text
 * gives it as one: right after a label that names it (a word of the entry's title, "gym locker
 * 4471", or a word for a code or password, "door code: 4471", "the pin is 4471"), or as a whole
 * string that is nothing but the value (a message or a cell "4471"; with a digit only, so a kind's
 * or a setting's name is never taken for a word the user keeps). Only a whole word or number (never
 * inside "44712"), in any case, on the label's own line.
 */

/** Words that name a code or a password, in the languages the redactor's labels know. */
const CREDENTIAL = new Set(
  'pin pins code codes passcode passcodes password passwords passwort kennwort pw pwd passphrase combination combo lock unlock geheimzahl zugangscode mdp passe contraseña clave senha wachtwoord toegangscode wifi wlan'.split(' '),
);
/** Words between a label and its value: "the code is 4471", "PIN war 4471". */
const LINK = new Set('is was are ist war sind est était es era é è'.split(' '));
/** Title words that name nothing ("My old bank card": bank, card). */
const STOP = new Set('the and for with from our your my old new of to in on at a an'.split(' '));
const CONTACT_KIND = /^(e-?mail|phone|telephone|mobile|contact)/;
const WORDS = /[\p{L}\p{N}]+/gu;
/** What may stand between a label and its value besides white space. */
const TRAILING_MARKS = /[\s:=#"'“”‘’«»(\[–—-]+$/u;
const MAX_LENGTH = 40;

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const wordsOf = (s: string): string[] => (s.toLowerCase().match(WORDS) ?? []);

interface Short {
  value: string;
  find: RegExp;
  labels: Set<string>;
  whole: boolean;
}

export class ShortVaultValues {
  private readonly byValue = new Map<string, Short>();

  get size(): number {
    return this.byValue.size;
  }

  /** A value the long cut leaves (not carriable), with the words its entry is named by. */
  add(kind: string, title: string, value: string): void {
    const v = value.trim();
    if (!v || v.length > MAX_LENGTH || v.includes('[redacted') || /^[•*·]+$/.test(v) || CONTACT_KIND.test(kind) || carriable(kind, v)) return;
    // A value that is not a word or number of its own (" - ", "!!") cannot be told as one.
    if (!/^[\p{L}\p{N}]/u.test(v) || !/[\p{L}\p{N}]$/u.test(v)) return;
    const key = v.toLowerCase();
    const labels = new Set([...wordsOf(title), ...wordsOf(kind)].filter((w) => w.length >= 3 && !STOP.has(w) && w !== key));
    const had = this.byValue.get(key);
    if (had) {
      for (const l of labels) had.labels.add(l);
      return;
    }
    this.byValue.set(key, { value: key, find: new RegExp(`(?<![\\p{L}\\p{N}])${escape(v)}(?![\\p{L}\\p{N}])`, 'giu'), labels, whole: /\d/.test(v) });
  }

  /** Whether the text before a value ends with a label that names it. */
  private labelled(before: string, s: Short): boolean {
    const line = before.slice(before.lastIndexOf('\n') + 1);
    // Right after the label, or after a mark (":", "=", a quote), not after other punctuation ("end. 4471").
    const rest = line.replace(TRAILING_MARKS, '');
    if (/[.,;!?)]$/.test(rest)) return false;
    const words = wordsOf(rest);
    while (words.length && LINK.has(words[words.length - 1]!)) words.pop();
    const last = words[words.length - 1];
    return last !== undefined && (CREDENTIAL.has(last) || s.labels.has(last));
  }

  /** The text with each value it gives as one masked; the same string when it gives none. */
  cut(text: string): string {
    if (!this.byValue.size || !text) return text;
    const spans: [number, number][] = [];
    const lower = text.toLowerCase();
    const trimmed = lower.trim();
    for (const s of this.byValue.values()) {
      if (!lower.includes(s.value)) continue;
      for (const m of text.matchAll(s.find)) {
        const at = m.index;
        if (text.lastIndexOf('[redacted', at) > text.lastIndexOf(']', at)) continue;
        if ((s.whole && trimmed === s.value) || this.labelled(text.slice(0, at), s)) spans.push([at, at + m[0].length]);
      }
    }
    if (!spans.length) return text;
    spans.sort((a, b) => a[0] - b[0]);
    let out = '';
    let at = 0;
    for (const [from, to] of spans) {
      if (from < at) continue;
      out += text.slice(at, from) + redactionMarker('password');
      at = to;
    }
    return out + text.slice(at);
  }
}

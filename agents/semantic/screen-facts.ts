import { showsRoute } from '../../shared/text/index.js';
import { documentStatements } from './document-statements.js';
import { splitPassages } from '../store/index.js';
import type { BatchAnalysis } from '../subagent-kit/index.js';

/**
 * Facts read off a screen, offline and without rules for any one kind of page: labelled values
 * ("Subtotal: 84.20", "Assignee: Jonas Weber", "Due date: Friday 8 January") and table rows with
 * their header ("Flight: NW 482 · Gate: B14 · Seat: 23C"). Emails and phone numbers are left to
 * the knowledge vault; redacted secrets never get here (sources are scrubbed).
 */
export interface ScreenFact {
  /** What the fact is about: the block's heading, else the window title. */
  subject: string;
  /** The labelled values, "Label: value; Label: value". */
  text: string;
  /** Index of the source (observation) it was read from. */
  source: number;
  at: number;
}

/** A label is a few words; a value holds a figure, a capitalised word or a date. */
const PAIR = /^([\p{L}][\p{L}\p{N} ()/%&.'’-]{1,38}?)\s*:\s+(\S.{0,140})$/u;
const CONTACT = /@[\w-]+\.[\w.-]+|\+?\d[\d ()-]{7,}\d/;
const SECRET_MARK = /\[redacted:/;
/** A labelled postal address is a contact detail: the knowledge vault keeps it (DESIGN: addresses are vault items). */
const ADDRESS_LABEL = /^(?:(?:postal|home|street|billing|shipping|delivery|mailing)\s+)?(?:address|addr\.?|adresse|anschrift|morada|direcci[oó]n|indirizzo)$/i;
/** "Re: budget", "Fwd: …", "AW: …": a mail subject's reply mark, not a label. */
const REPLY_PREFIX = /(?:^|\s)(?:re|fwd?|aw|wg|sv|vs|tr)$/i;
/** A shell's window title ("ana@build-01: ~/src"): terminal output is not labelled facts ("Receiving objects: 40%"). */
const SHELL_TITLE = /^[\w.-]+@[\w.-]+:\s*[~/]/;
/** A line that cannot head a block of facts: a list item, an address bar or a breadcrumb trail. */
const NOT_A_HEADING = /^\s*\d{1,2}[.)]\s|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}(?:\/|\s|$)|[›»]/i;
/** Facts taken per screen at most: the rest of a busy page is still answerable as passages. */
const MAX_PER_SOURCE = 12;

function valueWorthKeeping(v: string): boolean {
  return /\d/.test(v) || /\p{Lu}/u.test(v.slice(0, 1)) || /\b(?:yes|no|passed|failed|included|free|high|low|medium)\b/i.test(v);
}

function pairsOf(line: string): [string, string][] {
  // A row of labelled cells ("Flight: NW 482 · Gate: B14") or one "Label: value" line.
  const cells = line.split(' · ');
  const out: [string, string][] = [];
  for (const c of cells) {
    const m = PAIR.exec(c.trim());
    if (!m) continue;
    const label = m[1]!.trim();
    const value = m[2]!.trim();
    if (label.split(/\s+/).length > 5 || /^https?$/i.test(label) || REPLY_PREFIX.test(label) || ADDRESS_LABEL.test(label)) continue;
    if (CONTACT.test(value) || SECRET_MARK.test(value) || !valueWorthKeeping(value)) continue;
    out.push([label, value]);
  }
  return out;
}

/** A person's name on a line of its own, maybe with a title ("Dr. Helena Weber", "Priya Nair"). */
const PERSON_LINE = /^(?:(?:Dr|Dra|Prof|Mr|Mrs|Ms|Mx)\.?\s+)?(\p{Lu}[\p{Ll}'’-]+(?:\s+\p{Lu}[\p{Ll}'’-]+){1,2})$/u;
/** The line under it that says what they are: "Staff Engineer at Globex", "Dentist · Praxis am Park". */
const ROLE_LINE = /^(\p{L}[\p{L} &/-]{1,50}?)\s+(?:at|@|·|,|-|–|—|bei|chez|en|na|no)\s+(\p{Lu}[\p{L}\p{N} &.'’-]{1,50})$/u;

/** Name-and-role cards (profiles, contacts, signatures): "Priya Nair — Staff Engineer at Globex". */
function personCards(text: string): Array<{ subject: string; text: string }> {
  const lines = text.split('\n').map((l) => l.trim());
  const out: Array<{ subject: string; text: string }> = [];
  for (let i = 0; i + 1 < lines.length; i++) {
    const name = PERSON_LINE.exec(lines[i]!);
    if (!name) continue;
    const role = ROLE_LINE.exec(lines[i + 1]!);
    if (!role || role[0].split(/\s+/).length > 9 || CONTACT.test(role[0])) continue;
    out.push({ subject: name[1]!, text: lines[i + 1]! });
  }
  return out;
}

/**
 * A confirmation or a details card read without blank lines is split as one paragraph ("Your stay
 * is confirmed / Check-in: … / Confirmation number: …"): its own lines, when two or more of them are
 * labelled values, are facts with the line above the first as their heading. Prose is left alone.
 */
function labelledLines(raw: string[], paragraph: string): string[] {
  const inside = raw.filter((l) => paragraph.includes(l));
  // One long "Label: value" line, alone or under a short heading, is split as a paragraph too; it is no prose.
  const last = inside[inside.length - 1];
  if (last !== undefined && inside.length <= 2 && pairsOf(last).length > 0 && (inside.length === 1 || (inside[0]!.length <= 50 && !pairsOf(inside[0]!).length))) return inside;
  const first = inside.findIndex((l) => pairsOf(l).length > 0);
  if (first < 0 || inside.filter((l) => pairsOf(l).length > 0).length < 2) return [];
  return inside.slice(Math.max(0, first - 1)).filter((l, i) => (i === 0 && first > 0) || pairsOf(l).length > 0);
}

export function screenFacts(a: BatchAnalysis): ScreenFact[] {
  if (a.isChat) return [];
  const out: ScreenFact[] = [];
  const seen = new Set<string>();
  for (const s of a.sources) {
    if (s.role !== 'screen' || SHELL_TITLE.test(s.title ?? '') || showsRoute(s.text)) continue;
    let n = 0;
    for (const c of personCards(s.text)) {
      const key = `${c.subject}\n${c.text}`.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ ...c, source: s.index, at: s.at });
      n++;
    }
    // Decisions under their heading and a policy's rules: sentences, each a fact of the page.
    for (const d of documentStatements(s.text, s.title ?? '')) {
      if (n >= MAX_PER_SOURCE) break;
      const subject = (s.title ?? s.app ?? 'screen').trim();
      const text = `${d.label}: ${d.text}`;
      const key = `${subject}\n${text}`.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ subject, text, source: s.index, at: s.at });
      n++;
    }
    const raw = s.text.split('\n').map((l) => l.trim()).filter(Boolean);
    for (const p of splitPassages(s.text)) {
      if (n >= MAX_PER_SOURCE) break;
      if (p.kind === 'code') continue;
      const lines = p.kind === 'paragraph' ? labelledLines(raw, p.text) : p.text.split('\n');
      const pairs = lines.flatMap(pairsOf);
      if (!pairs.length) continue;
      const head = lines[0]!;
      const subject = !PAIR.test(head) && !head.includes(' · ') && head.length <= 60 && !NOT_A_HEADING.test(head) ? head : (s.title ?? s.app ?? 'screen').trim();
      const text = pairs.map(([l, v]) => `${l}: ${v}`).join('; ');
      const key = `${subject}\n${text}`.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ subject, text, source: s.index, at: s.at });
      n++;
    }
  }
  return out;
}

import { cardNumberValid } from './checks.js';
import type { Detector, SecretKind } from './detectors.js';
import { DIGIT_LOOKALIKE } from './lookalikes.js';

/**
 * Text read off the screen is noisy: OCR turns characters of a key into `]`, `|`, `l` or `!`, and
 * puts stray marks between the groups of a card number. A detector that stops at the first odd
 * character leaves the rest of the secret in the notes (measured: an Anthropic key shown in an
 * xterm was stored as `[redacted:anthropic_key]]jF5dCOaE`). These helpers make a recognised secret
 * cover its whole token, recognise tokens whose shape survives under the noise, and read card
 * numbers through it.
 */

/** Secrets that are one token on screen: a match covers the whole white-space-delimited token. */
export const TOKEN_KINDS: ReadonlySet<SecretKind> = new Set<SecretKind>([
  'anthropic_key',
  'openai_key',
  'stripe_key',
  'github_token',
  'slack_token',
  'aws_key',
  'aws_secret',
  'google_api_key',
  'jwt',
  'bearer_token',
  'api_key',
  'password',
]);

/** Characters OCR puts into or between tokens instead of a letter or digit. */
const NOISE = /[\][|!'`"(){},;:¦]/g;

/** [start, end) of the white-space-delimited token around the position. */
export function tokenAround(text: string, start: number, end: number): [number, number] {
  let s = start;
  let e = end;
  while (s > 0 && !/\s/.test(text[s - 1]!)) s--;
  while (e < text.length && !/\s/.test(text[e]!)) e++;
  return [s, e];
}

/**
 * Where a recognised token secret should end: at the end of its token when what follows in the
 * token holds a letter or digit (the rest of the key after an OCR slip), else where the match ended
 * (a sentence's full stop, a closing quote stay outside).
 */
export function extendToToken(text: string, end: number): number {
  const [, tokenEnd] = tokenAround(text, end, end);
  return /[A-Za-z0-9]/.test(text.slice(end, tokenEnd)) ? tokenEnd : end;
}

/**
 * Tokens whose secret shape shows once OCR's stray marks are dropped (or read as letters): the
 * whole token, with the kind of the detector that recognised it.
 */
export function noisyTokens(text: string, detectors: readonly Detector[]): { kind: SecretKind; start: number; end: number }[] {
  const out: { kind: SecretKind; start: number; end: number }[] = [];
  // Compiled once per call, not once per token: the look-alike prefixes make them costly to build.
  const shapes = detectors
    .filter((d) => TOKEN_KINDS.has(d.kind) && d.group === undefined)
    .map((d) => ({ kind: d.kind, valid: d.valid, re: new RegExp(d.re.source, d.re.flags.replace('g', '')) }));
  for (const m of text.matchAll(/\S{12,}/g)) {
    const token = m[0];
    if (!/[\][|!'`"(){},;:¦]/.test(token) || token.includes('[redacted:')) continue;
    // An inserted mark (drop it) or a character read as one (any letter or digit stands in).
    const variants = [token.replace(NOISE, ''), token.replace(NOISE, 'x'), token.replace(NOISE, 'X'), token.replace(NOISE, '0')];
    for (const d of shapes) {
      const hit = variants.some((v) => {
        const found = d.re.exec(v);
        return found !== null && (!d.valid || d.valid(found[0]));
      });
      if (hit) {
        out.push({ kind: d.kind, start: m.index, end: m.index + token.length });
        break;
      }
    }
  }
  return out;
}

const G = String.raw`[0-9lIOoSBZ|]`;
const SEP = String.raw`[\s.,|'_:;·-]`;

/**
 * Card numbers read through OCR noise: groups of digits (with the odd look-alike letter) separated
 * by up to three spaces or stray marks. Every run of such groups is searched for the longest
 * stretch of whole groups that is a valid card number; the match covers that whole stretch,
 * separators and noise included.
 */
export function noisyCards(text: string): { start: number; end: number; value: string }[] {
  const out: { start: number; end: number; value: string }[] = [];
  const group = new RegExp(`${G}+`, 'g');
  // Runs of groups: a group, then (separator of 1–3 marks, group)*.
  const run = new RegExp(`(?<![A-Za-z0-9])${G}+(?:${SEP}{1,3}${G}+)+(?![A-Za-z0-9])`, 'g');
  for (const r of text.matchAll(run)) {
    const groups = [...r[0].matchAll(group)]
      .map((g) => ({ start: r.index + g.index, end: r.index + g.index + g[0].length, raw: g[0] }))
      // A word ("Old", "SOS") or a lone mark is not a group of digits: it needs digits of its own.
      .filter((g) => /\d/.test(g.raw) && g.raw.length <= 8);
    let best: { start: number; end: number; digits: number } | null = null;
    for (let i = 0; i < groups.length; i++) {
      let digits = '';
      let real = 0;
      for (let j = i; j < groups.length; j++) {
        const g = groups[j]!;
        // Only adjacent groups (nothing but separators between them) make one number.
        if (j > i && !new RegExp(`^${SEP}{1,3}$`).test(text.slice(groups[j - 1]!.end, g.start))) break;
        // Card groups are 3–6 digits (4-4-4-4, 4-6-5); a last group may be short. Dates and times
        // (2025-03-03 10:00) have groups of two, and are not read as one long number.
        if (j > i && groups[j - 1]!.raw.length < 3) break;
        if (j === i && g.raw.length < 3) break;
        digits += [...g.raw].map((c) => DIGIT_LOOKALIKE[c] ?? c).join('');
        real += (g.raw.match(/\d/g) ?? []).length;
        if (digits.length > 19) break;
        if (digits.length >= 13 && real >= digits.length * 0.75 && cardNumberValid(digits) && (!best || digits.length > best.digits)) {
          best = { start: groups[i]!.start, end: g.end, digits: digits.length };
        }
      }
      if (best) break;
    }
    if (best) out.push({ start: best.start, end: best.end, value: text.slice(best.start, best.end) });
  }
  return out;
}

/**
 * The text with OCR's stray marks inside words read as a letter: same length, so a detector run on
 * it finds positions that hold in the original ("Bearer abcd]efgh…" is found as a bearer token).
 */
export function withoutInnerNoise(text: string): string {
  return text.replace(/(?<=[A-Za-z0-9_-])[\][|!'`"(){},;:¦](?=[A-Za-z0-9_-])/g, 'x');
}

/** A text seen another way, with where each of its characters stands in the original. */
export interface TextView {
  text: string;
  /** `from[i]` is the original position of the view's character i; without it, the same position. */
  from?: ArrayLike<number>;
}

/**
 * A piece of a key as OCR leaves it when it breaks one with a space: only characters keys are made
 * of, and something no word of prose has (a digit, a capital after the first letter, `_ / + = ~`),
 * or a trailing separator ("sk-ant-", "eyJ….") that says the token goes on.
 */
function keyPiece(p: string): boolean {
  if (p.length < 2 || !/^[A-Za-z0-9_\-/+=.~]+$/.test(p)) return false;
  return /\d/.test(p) || /[A-Z]/.test(p.slice(1)) || /[_/+=~]/.test(p) || /[-.]$/.test(p);
}

/**
 * The lines of the text in which OCR may have split a key with a space, with each single space
 * between two key pieces taken out, so the key reads whole ("sk-ant-api03-Xy7Kq2 LmNpR4…",
 * "eyJ…. eyJ…"); null when no line has such a space. Words of prose never join (a lower-case or
 * capitalised word is not a key piece), so a detector that finds a secret here finds one the split
 * hid. Only those lines: the detectors run over this view a second time, and most lines need none.
 */
export function joinedSplits(text: string): TextView | null {
  let out = '';
  const from: number[] = [];
  let lineStart = 0;
  for (const line of text.split('\n')) {
    const pieces = [...line.matchAll(/\S+/g)];
    // Where each kept run of the line starts: a piece glued to the one before starts no new run.
    const runs: [number, number][] = [];
    for (let i = 0; i < pieces.length; i++) {
      const p = pieces[i]!;
      const prev = pieces[i - 1];
      // What follows may not be a flag ("-p") or a setting of its own ("user=ana").
      const glue =
        prev !== undefined && p.index - (prev.index + prev[0].length) === 1 && line[p.index - 1] === ' ' && keyPiece(prev[0]) && keyPiece(p[0]) && !/^-|=[^=]/.test(p[0]);
      if (glue) runs.push([p.index, p.index + p[0].length]);
      else runs.push([i === 0 ? 0 : pieces[i - 1]!.index + pieces[i - 1]![0].length, p.index + p[0].length]);
    }
    if (runs.length && runs.some(([s], i) => i > 0 && s === pieces[i]!.index)) {
      for (const [s, e] of runs) {
        out += line.slice(s, e);
        for (let k = s; k < e; k++) from.push(lineStart + k);
      }
      out += '\n';
      from.push(lineStart + line.length);
    }
    lineStart += line.length + 1;
  }
  return out ? { text: out, from } : null;
}

/** The run of key characters a line ends with, and the one the next line starts with. */
const KEY_TAIL = /[A-Za-z0-9_\-/+=.~]{12,}[ \t]*$/;
const KEY_HEAD = /^[ \t]*[A-Za-z0-9_\-/+=.~]{2,}/;

/**
 * The text with each line break that may be a window's wrap inside a key taken out: a line that ends
 * in a long run of key characters (a pane too narrow for a token breaks it at its edge, anywhere,
 * the devtools' JWT after its second dot, a terminal's key mid-way), and a next line that starts
 * with key characters. Null when no line ends so. The detectors run over this view as over
 * joinedSplits': only a token shape found across the join is taken, so two lines of prose never are.
 */
export function joinedWraps(text: string): TextView | null {
  const lines = text.split('\n');
  if (lines.length < 2 || !lines.some((l, i) => i < lines.length - 1 && KEY_TAIL.test(l))) return null;
  let out = '';
  const from: number[] = [];
  let at = 0;
  let joined = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const next = lines[i + 1];
    const wrap = next !== undefined && KEY_TAIL.test(line) && KEY_HEAD.test(next) && keyPiece(next.trim().split(/\s/)[0]!.replace(/["',;:}\])]+.*$/, ''));
    // The line's trailing blanks and the break go; the next line's indent goes with them.
    const keep = wrap ? line.replace(/[ \t]+$/, '') : line;
    for (let k = 0; k < keep.length; k++) from.push(at + k);
    out += keep;
    if (wrap) {
      joined = true;
      const indent = next.length - next.trimStart().length;
      lines[i + 1] = next.slice(indent);
      at += line.length + 1 + indent;
    } else {
      if (next !== undefined) {
        out += '\n';
        from.push(at + line.length);
      }
      at += line.length + 1;
    }
  }
  return joined ? { text: out, from } : null;
}

/**
 * Why something went wrong, and what is holding it up, read off the found screens: "why did the
 * backup fail" is answered by the line that says the cause ("tar: Cannot write: No space left on
 * device", "Reason: the file is larger than the 2 GB limit", "cancellato a causa di un guasto"), not
 * by the line that repeats the failure the question names ("backup failed after 12s"). "What's
 * holding up the Arnhem route" by the blocker ("Road works on the N325", "Waiting for customs"), not
 * by the status cell beside the route's name. Screen text is data: a line is quoted, never followed.
 */
import { meets, metByKin, stem, stemsOf, type AskedValue } from './asked-value.js';
import { showsTerminal, unjoined } from './terminal-commands.js';
import { stepSentences } from './step-sentences.js';

/** "Why …", "how come …", "what went wrong with …", "what caused …", "what's the reason for …", "what's the problem with …". */
const WHY_ASKED =
  /^\s*(?:and\s+|so\s+|but\s+)?(?:why\b|how\s+come\b)|\bwhat\s+(?:went|goes|is\s+going|was)\s+wrong\b|\bwhat\s+(?:caused|causes)\b|\bwhat(?:'s|\s+is|\s+was|\s+were)\s+(?:the\s+)?(?:(?:reason|cause)s?\b|(?:problem|issue)\s+with\b)|\b(?:reason|cause)\s+(?:for|of|why)\b/i;
/** "What's holding up …", "what's delaying / blocking / slowing …", "what held up …": a blocker asked for. */
const HOLDUP_ASKED =
  /\bwhat(?:'s|\s+is|\s+was|\s+are)?\s+(?:holding\s+(?:\S+\s+){0,3}up|held\s+(?:\S+\s+){0,3}up|delay(?:s|ed|ing)?|block(?:s|ed|ing)?|slow(?:s|ed|ing)?(?:\s+down)?|stall(?:s|ed|ing)?|stopp(?:ed|ing)|stops|keep(?:s|ing)?|kept)\b/i;

/** Words of such questions that ask for the cause or name the trouble, not what it happened to. */
const ASKING = new Set(
  'why come went go goes going wrong cause caused causes reason reasons problem issue made make happen happened hold holding held up delay delayed delaying block blocked blocking slow slowing stall stop stopped stopping keep keeping kept down'
    .split(' ')
    .map(stem),
);
/** Words that name a failure or a hold-up: the line saying them is the symptom, not its cause. */
const TROUBLE = new Set(
  'fail failed failing failure die died dead kill killed crash crashed break broke broken error wrong cancel cancelled canceled reject rejected decline declined bounce bounced stuck late delayed delay block blocked refuse refused abort aborted stop stopped hang hung freeze froze frozen down slow rolled rollback revert reverted skip skipped miss missed lost return returned'
    .split(' ')
    .map(stem),
);

/** A status that says a thing is held up, without saying by what. */
const HELD = /\b(?:delayed|late|stuck|on\s+hold|held|blocked|stalled|paused|waiting|overdue|behind|verspätet|en\s+retard|retrasado|in\s+ritardo|vertraagd)\b/iu;

/** A cause said in words, in the languages the word table knows. */
const CAUSE_SAID =
  /\b(?:because(?:\s+of)?|due\s+to|caused\s+by|owing\s+to|as\s+a\s+result\s+of|on\s+account\s+of|the\s+reason\s+(?:is|was)|reason|cause|root\s+cause|wegen|aufgrund|weil|grund|ursache|à\s+cause\s+d|en\s+raison\s+d|parce\s+qu|suite\s+à|raison|cause|debido\s+a|a\s+causa\s+de|porque|por\s+culpa\s+de|motivo|causa|perché|a\s+causa\s+di|per\s+via\s+di|dovuto\s+a|causa|omdat|vanwege|wegens|reden|oorzaak|devido\s+a|por\s+causa\s+de|razão)\b/iu;
/** What a program prints when something stopped it, by name: the cause itself, not "failed". */
const ERROR_CAUSE =
  /\b(?:no\s+space\s+left|disk\s+(?:is\s+)?full|quota\s+exceeded|out\s+of\s+(?:memory|space|disk)|permission\s+denied|access\s+denied|not\s+permitted|forbidden|unauthori[sz]ed|(?:timed|times)\s+out|time-?out|connection\s+(?:refused|reset|closed)|unreachable|could\s+not\s+resolve|name\s+resolution|host\s+not\s+found|no\s+such\s+file|not\s+found|cannot\s+find|can't\s+find|missing|expired|invalid|not\s+valid|mismatch|too\s+large|too\s+big|larger\s+than|exceeds?|exceeded|limit\s+(?:reached|exceeded)|certificate|checksum|conflict|locked|in\s+use|already\s+exists|killed|oom(?:-?killed)?|sigkill|signal\s+9|exit\s+(?:code|status)\s+137|segmentation\s+fault|out\s+of\s+date|incompatible|unsupported|insufficient|declined\s+by|rejected\s+by|bounced\s+by)\b/i;
/** An error's code as systems print it: "ENOSPC", "EACCES", "HTTP 403 Forbidden". */
const ERROR_CODE = /\bE[A-Z]{3,12}\b|\b(?:HTTP\s+)?[45]\d\d\s+[A-Z][a-z]/u;
/** What holds a journey, a parcel or a task up. */
const BLOCKER =
  /\b(?:waiting\s+(?:for|on)|awaiting|held\s+(?:at|up|by|in)|on\s+hold|blocked\s+(?:by|on)|blocker|depends\s+on|stuck\s+(?:at|in|on)|road\s?works|roadworks|closure|(?:road|lane|line|bridge|street|track)\s+closed|accident|congestion|traffic\s+jam|strike|weather|storm|snow|flood(?:ing)?|breakdown|broke\s+down|customs|inspection|missing|signal\s+failure|engineering\s+works|diversion|staff\s+shortage|Stau|Baustelle|Sperrung|Unfall|Streik|wartet|grève|travaux|bouchon|accidente|obras|huelga|atasco|sciopero|lavori|incidente|coda|staking|wegwerkzaamheden|ongeval)\b/iu;
/** A program's name or an output label before a colon ("tar:", "error:"), where OCR ran what it printed into the line before. */
const PROGRAM_SAYS = /(?<=\s)([a-z][\w.-]{1,20}):\s/gu;
const OUTPUT_LABEL = /^(?:error|warning|warn|fatal|err|panic|caused by|reason)$/;

/** A terminal line cut where a program's name opens a new line of output: a name said twice or more ("tar: … tar: …"), or an output label. */
function programLines(line: string, count: ReadonlyMap<string, number>): string[] {
  const cuts = [...line.matchAll(PROGRAM_SAYS)].filter((m) => (count.get(m[1]!) ?? 0) >= 2 || OUTPUT_LABEL.test(m[1]!)).map((m) => m.index!);
  const out: string[] = [];
  let from = 0;
  for (const c of cuts) {
    if (c > from) out.push(line.slice(from, c));
    from = c;
  }
  out.push(line.slice(from));
  return out.map((p) => p.trim()).filter(Boolean);
}

export type CauseAsk = 'why' | 'holdup';

export function askedCause(question: string): CauseAsk | null {
  if (HOLDUP_ASKED.test(question)) return 'holdup';
  return WHY_ASKED.test(question) ? 'why' : null;
}

export interface CauseScreen<P> {
  lines: readonly string[];
  title: string;
  n: number;
  passage: P;
  rank: number;
}

export interface CauseFound<P> {
  text: string;
  n: number;
  passage: P;
  /** False when a screen shows the asked trouble but no cause of it: said so, not stated. */
  found?: false;
}

/** A screen's pieces, one a sentence, a step or a terminal line, each cut where OCR joined the next prompt or program line to it. */
function piecesOf(lines: readonly string[], title: string): string[] {
  const terminal = showsTerminal(lines, title);
  let cut = [...lines];
  if (terminal) {
    cut = lines.flatMap(unjoined);
    // A name counts as a program's when the screen says it twice: "tar: … tar: …", not "Cannot write: …".
    const count = new Map<string, number>();
    for (const m of ` ${cut.join(' ')}`.matchAll(PROGRAM_SAYS)) count.set(m[1]!, (count.get(m[1]!) ?? 0) + 1);
    cut = cut.flatMap((l) => programLines(l, count));
  }
  return stepSentences(cut)
    .flatMap((s) => (terminal ? [s] : s.split(/(?<=[a-z)])\s*;\s+/)))
    .map((s) => s.trim())
    .filter((s) => s.length >= 4);
}

/** Where a joined line's next item starts: a label ("Reason:"), a file's name, a sentence's end. */
const NEXT_ITEM = /[.!?;](?=\s)|\s(?=\p{Lu}[\p{L}-]*(?:\s\p{L}+){0,2}:\s)|\s(?=[\w-]+\.(?:pdf|docx?|xlsx?|csv|jpe?g|png|mov|mp4|zip|txt)\b)/gu;
/** Where a line OCR ran into the one before starts: a lower-case word, then a capitalised one; a label; a sentence's start. */
const ITEM_START = /(?<=[.!?;]\s)|(?<=\p{Ll}\s)(?=\p{Lu}\p{Ll})|(?=\b\p{Lu}[\p{L}-]*(?:\s\p{L}+){0,2}:\s)/gu;
/** Words a name follows inside one sentence ("to Thursday", "over Frankfurt"): no line starts after them. */
const BEFORE_NAME = /(?:^|\s)(?:to|on|in|at|by|for|from|with|of|the|a|an|and|or|via|near|over|under|into|onto|per|than|like|da|di|del|della|de|du|des|la|le|il|el|en|von|vom|zu|zum|zur|im|am|an|auf|aus|mit|nach|van|het|op|naar|met)\s$/i;

/**
 * The cause as its own clause, when the passage splitter ran a screen's lines into one ("Uploads
 * holiday.mov upload failed Reason: the file is larger … report.pdf uploaded 3 min ago"): from the
 * item the cause's words stand in to the next item. A short piece is kept whole.
 */
function causeClause(piece: string): string {
  const m = [CAUSE_SAID, BLOCKER, ERROR_CAUSE, ERROR_CODE].map((r) => r.exec(piece)).filter((x): x is RegExpExecArray => x !== null).sort((a, b) => a.index - b.index)[0];
  if (!m) return piece;
  const starts = [...piece.matchAll(ITEM_START)].map((x) => x.index!).filter((i) => i <= m.index && i >= m.index - 90 && !BEFORE_NAME.test(piece.slice(Math.max(0, i - 8), i)));
  const from = starts.length ? Math.max(...starts) : m.index <= 120 ? 0 : piece.indexOf(' ', m.index - 90) + 1;
  const ends = [...piece.matchAll(NEXT_ITEM)].map((x) => x.index!).filter((i) => i > m.index + m[0].length);
  const to = Math.min(ends.length ? Math.min(...ends) : piece.length, from + 160);
  return piece.slice(from, to).trim();
}

/** How many of the terms a text says, by their word or a kin or translated one: a screen in Italian says "treno", wholly the train. */
function said(terms: readonly string[], text: string, kin: AskedValue['kin']): number {
  const stems = stemsOf(text);
  return terms.filter((t) => meets(t, stems) || metByKin(t, stems, kin)).length;
}

/** How surely a piece says a cause (0: not at all). A piece that only repeats the trouble is none. */
function causeWeight(piece: string, ask: CauseAsk): number {
  if (CAUSE_SAID.test(piece)) return 3;
  if (BLOCKER.test(piece)) return ask === 'holdup' ? 3 : 2;
  if (ERROR_CAUSE.test(piece) || ERROR_CODE.test(piece)) return ask === 'why' ? 2.5 : 1.5;
  return 0;
}

/**
 * The line that says why the asked thing went wrong or what holds it up, from the found screens: of
 * the pieces that say a cause (in words, by an error's name, or a blocker), the one on a screen about
 * what was asked, nearest the line that names it. When a screen names the asked thing's trouble
 * ("backup failed after 12s") and no screen says a cause, that is said, not a guess. Null when the
 * question asks for no cause, or no found screen is about what was asked.
 */
export function causeLead<P>(question: string, asked: AskedValue, screens: readonly CauseScreen<P>[]): CauseFound<P> | null {
  const ask = askedCause(question);
  if (!ask) return null;
  const terms = asked.terms.filter((t) => !ASKING.has(t) && !TROUBLE.has(t));
  const trouble = asked.terms.filter((t) => TROUBLE.has(t));
  if (!terms.length) return null;
  const nouns = terms.filter((t) => !asked.loose.includes(t));
  const need = (list: readonly string[]) => Math.max(0.5, list.length - (list.length >= 2 ? 1 : 0));
  // A name the question gives (the Utrecht route, not the Arnhem one) must be met; of the other nouns, all but one.
  const names = question.split(/\s+/).slice(1).filter((w) => /^\p{Lu}\p{Ll}/u.test(w)).map((w) => stem(w)).filter((t) => terms.includes(t));
  const about = (text: string) => said(nouns.length ? nouns : terms, text, asked.kin) >= need(nouns.length ? nouns : terms) && said(names, text, asked.kin) === names.length;
  let best: { found: CauseFound<P>; score: number } | null = null;
  let symptom: { found: CauseFound<P>; score: number } | null = null;
  for (const sc of screens) {
    const pieces = piecesOf(sc.lines, sc.title);
    // The screen is about what was asked: its nouns said somewhere on it or in its title.
    if (!about(`${pieces.join('\n')}\n${sc.title}`)) continue;
    // The pieces naming the asked thing, and among them those naming its trouble too.
    const naming = pieces.map((p) => said(terms, p, asked.kin));
    const troubled = pieces.map((p) => trouble.length > 0 && said(trouble, p, asked.kin) > 0);
    // The cause stands near the pieces naming the asked thing; only when none does, near those naming its trouble.
    const named = pieces.map((_, i) => i).filter((i) => naming[i]! > 0);
    const anchors = named.length ? named : pieces.map((_, i) => i).filter((i) => troubled[i]);
    // The names that head a table's rows ("Route: Arnhem · Driver: Pieter · Status: Delayed"): a cause naming another row's is that row's.
    const heads = pieces.filter((p) => /\s·\s|\S\s{2,}\S/.test(p)).map((p) => p.split(/\s+·\s+|\s{2,}/)[0]!.replace(/^[^:]{1,30}:\s*/, '')).filter((h) => said(terms, h, asked.kin) === 0);
    const otherRows = new Set(heads.flatMap((h) => [...stemsOf(h)].filter((x) => /\p{L}{3,}/u.test(x))));
    pieces.forEach((p, i) => {
      const w = causeWeight(p, ask);
      if (!w) return;
      if (naming[i] === 0 && [...stemsOf(p)].some((x) => otherRows.has(x))) return;
      // The cause stands near what it caused: the nearest piece naming the asked thing or its trouble, within six; a title that names it brings the whole screen.
      const d = anchors.length ? Math.min(...anchors.map((j) => Math.abs(j - i))) : Infinity;
      const titled = about(sc.title);
      if (d > 6 && !titled) return;
      // A piece that only repeats the trouble, in the question's own words and no other cause word, is its symptom.
      if (troubled[i] && w < 3 && !ERROR_CAUSE.test(p.replace(/\b(?:fail(?:ed|ure)?|error)\b/gi, '')) && !ERROR_CODE.test(p)) return;
      const score = w + (naming[i]! > 0 ? 1 : 0) + (Number.isFinite(d) ? 1 / (1 + d) : 0) + sc.rank - 0.002 * p.length;
      if (!best || score > best.score) best = { found: { text: causeClause(p), n: sc.n, passage: sc.passage }, score };
    });
    pieces.forEach((p, i) => {
      // A why question's trouble is the one it names; a hold-up's is a row or a line that says the asked thing is held.
      const shows = ask === 'why' ? troubled[i] && naming[i]! >= need(terms) / 2 : naming[i]! >= need(terms) && HELD.test(p);
      if (!shows) return;
      const score = naming[i]! + sc.rank;
      if (!symptom || score > symptom.score) symptom = { found: { text: `I didn't find ${ask === 'why' ? 'why' : 'what is holding it up'}: the screen says "${p.replace(/[.;:,]+$/, '')}" but shows no cause`, n: sc.n, passage: sc.passage, found: false }, score };
    });
  }
  const b = best as { found: CauseFound<P>; score: number } | null;
  if (b) return b.found;
  return (symptom as { found: CauseFound<P>; score: number } | null)?.found ?? null;
}


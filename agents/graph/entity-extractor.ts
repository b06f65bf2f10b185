import { nlp } from '../runtime/index.js';
import type { EntityKind } from '../store/index.js';
import { ORG_BY_HEAD, ORG_SUFFIX, arrivalStep, codeShaped, orgShaped, placeShaped, routeSteps, streetShaped, techTailed } from '../../shared/text/index.js';

/** What the graph needs of a memory. */
export interface GraphSourceMemory {
  id: string;
  kind: string;
  title: string;
  text: string;
  fields: Record<string, unknown>;
  /** Epoch ms: when it happened, else when it was written. */
  at: number;
  /** The app the memory was seen in ("in Firefox"): a field of the memory, never an entity of its own. */
  app?: string | null;
}

export interface ExtractedEntity {
  name: string;
  kind: EntityKind;
  role: 'subject' | 'mention';
}

export interface ExtractedFact {
  relation: string;
  statement: string;
  participants: { name: string; kind: EntityKind; role: string }[];
  confidence: number;
}

export interface Extraction {
  entities: ExtractedEntity[];
  facts: ExtractedFact[];
}

/** Compromise reads up to this many characters of a memory; beyond it (OCR pages) capitalised runs only. */
const NLP_CHARS = 1_500;
const EMAIL = /^[\w.+-]{1,64}@[\w-]+(?:\.[\w-]+)+$/;
const NOT_A_NAME = new Set(['i', 'me', 'you', 'user', 'the user', 'assistant', 'engram', 'system', 'tool', 'we', 'they', 'he', 'she', 'it']);
const PROJECT_RE = /\b(?:[Pp]roject|[Oo]peration|[Ii]nitiative)\s+([A-Z][\w-]{2,}(?:\s[A-Z][\w-]{2,})?)/g;
const PLACE_SUFFIX = /\s(?:Hall|Street|St|Road|Rd|Avenue|Ave|Square|Park|Beach|Lake|River|Mountains?|Valley|Island|Bay|Airport|Station|Museum|Hotel|Cafe|Café|Restaurant|Bar|Centre|Center|Library|Hospital|Stadium|Gardens?)\.?$/;
/** Words compromise sometimes takes for names at a sentence start, and day and month abbreviations ("Mon 2 Nov" in an episode's time). */
const JUNK = /^(?:hey|hi|hello|thanks|thank|wow|yes|no|yeah|oh|ok|okay|sure|great|awesome|congrats|sorry|bye|good|nice|cool|well|so|and|but|today|tomorrow|yesterday|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|june|july|august|september|october|november|december|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)$/i;

function cleanName(raw: string): string | null {
  const name = raw
    .replace(/['’]s$/, '')
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}.]+$/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (name.length < 2 || name.length > 60) return null;
  const words = name.split(' ');
  if (words.length > 5) return null;
  if (!/^\p{Lu}/u.test(name)) return null;
  if (words.every((w) => JUNK.test(w))) return null;
  if (NOT_A_NAME.has(name.toLowerCase())) return null;
  return name;
}

/** Runs of capitalised words, with an optional leading initial ("A. Souza") and name particles; not inside a code identifier ("LEDGER_RETRIES") nor a setting's value ("TZ=UTC", "LOG_LEVEL=DEBUG"). */
const RUN = /(?<![\p{L}\p{N}_=])((?:\p{Lu}\.\s+)?\p{Lu}[\p{L}\p{N}'’&-]*(?:[ \t]+(?:van|de|da|von|del|\p{Lu}[\p{L}\p{N}'’&-]*)){0,3})(?![\p{L}\p{N}_])/gu;
const STOP = /^(?:i|i'm|i've|i'd|i'll|a|an|the|this|that|these|those|it|its|my|your|our|their|we|you|he|she|they|what|which|who|when|where|why|how|is|are|was|were|do|does|did|can|could|will|would|should|if|then|also|just|really|maybe|please|let|me|us|there|here|all|some|any|every|no|not|oh|ah|um|hmm|lol|omg)$/i;

/** What compromise makes of a candidate name on its own; remembered, as names recur. */
const verdicts = new Map<string, EntityKind | 'none'>();
function classify(name: string): EntityKind | 'none' {
  const hit = verdicts.get(name);
  if (hit) return hit;
  let v: EntityKind | 'none' = 'none';
  if (orgShaped(name)) v = 'organization';
  else if (PLACE_SUFFIX.test(name) || placeShaped(name)) v = 'place';
  else {
    const doc = nlp(name);
    if (doc.people().found) v = 'person';
    else if (doc.places().found) v = 'place';
    else if (doc.organizations().found) v = 'organization';
  }
  verdicts.set(name, v);
  if (verdicts.size > 20_000) verdicts.delete(verdicts.keys().next().value!);
  return v;
}

/**
 * A code identifier ("LedgerClient", "MAX_RETRIES") unless compromise knows it ("PayPal"), and a
 * product's part named by its last word ("Vault UI", OCR's "Vault Ul") read as a person: neither
 * is somebody or something the user met.
 */
function notAName(name: string, kind: EntityKind | 'none', context: string): boolean {
  if (codeShaped(name, context) && kind === 'none') return true;
  return techTailed(name) && (kind === 'none' || kind === 'person');
}

/** A word compromise knows as part of a person's name ("Smith", "Maria"). */
function isNamePart(word: string): boolean {
  const tags = (nlp(word).terms().json({ terms: { tags: true } }) as { terms: { tags: string[] }[] }[])[0]?.terms[0]?.tags ?? [];
  return tags.includes('Person') || tags.includes('FirstName') || tags.includes('LastName');
}

/** Tags that say a sentence's first word is not part of a name (when compromise does not also read it as one). */
const NOT_NAME_TAGS = ['Verb', 'Adjective', 'Adverb', 'Preposition', 'Conjunction', 'Determiner', 'Pronoun', 'Expression', 'QuestionWord', 'Value'];

/**
 * Whether the first word of a capitalised run that opens a sentence belongs to the name ("Will
 * Smith starred", "Grace Hopper wrote") rather than to the sentence ("Took Toby to the park",
 * "Visited Paris", "Loved Harry Potter"): compromise tags the word in its sentence (`sentence`
 * starts with the run). Only runs of two or more words at a sentence start get here.
 */
function startsWithName(run: string, sentence: string): boolean {
  // "Golden Gate Park", "Royal Bank": a place's or organisation's suffix says the whole run is the name.
  if (PLACE_SUFFIX.test(run) || ORG_SUFFIX.test(run)) return true;
  // An initial ("A. Souza") is a name's, whatever compromise makes of a lone "A".
  if (/^\p{Lu}\.\s/u.test(run)) return true;
  const cut = /^[^.!?;\n]*/.exec(sentence)![0];
  const term = nlp(cut).terms().json({ terms: { tags: true } }) as { terms: { tags: string[] }[] }[];
  const tags = term[0]?.terms[0]?.tags ?? [];
  if (tags.includes('Person') || tags.includes('FirstName') || tags.includes('Place') || tags.includes('Organization')) return true;
  return !tags.some((t) => NOT_NAME_TAGS.includes(t)) || !run.includes(' ');
}

/**
 * People, places, organisations and other named things in a text. Candidates are found by shape
 * (capitalised runs; a lone word at a sentence start only when compromise knows it for a name),
 * then compromise says which kind; an unknown run of two or more capitalised words reads as a
 * person's name, an unknown single word as a named thing ("Atlas", "MirixDB").
 */
interface NameReading {
  /** A name the memory is about: a run that opens with it is that name, then other words ("Rui Costa Staff Engineer"). */
  subject?: string;
  /** Only names compromise knows or whose shape says what they are: a profile's statements are title-case role lines ("Senior Backend Engineer"), not people. */
  knownOnly?: boolean;
}

function namesIn(text: string, reading: NameReading = {}): { name: string; kind: EntityKind }[] {
  const out: { name: string; kind: EntityKind }[] = [];
  const seen = new Set<string>();
  const push = (name: string, kind: EntityKind) => {
    const k = name.toLowerCase();
    if (seen.has(k)) return;
    seen.add(k);
    out.push({ name, kind });
  };
  for (const m of text.matchAll(PROJECT_RE)) push(`Project ${m[1]}`, 'project');
  if (!/\p{Lu}/u.test(text)) return out;
  const body = text.length > NLP_CHARS * 4 ? text.slice(0, NLP_CHARS * 4) : text;
  // An organisation named by its opening word may hold lower-case words ("Praxis am Park"): whole, before the runs cut it up.
  const taken: [number, number][] = [];
  for (const m of body.matchAll(ORG_BY_HEAD)) {
    push(m[0], 'organization');
    taken.push([m.index, m.index + m[0].length]);
  }
  for (const m of body.matchAll(RUN)) {
    if (taken.some(([a, b]) => m.index < b && m.index + m[1]!.length > a)) continue;
    let words = m[1]!.split(/\s+/);
    const subjectWords = reading.subject?.split(/\s+/) ?? [];
    if (subjectWords.length > 1 && words.length > subjectWords.length && subjectWords.every((w, i) => w.toLowerCase() === words[i]!.toLowerCase())) {
      push(reading.subject!, 'person');
      continue;
    }
    while (words.length && (STOP.test(words[0]!) || JUNK.test(words[0]!))) words = words.slice(1);
    while (words.length && /^(?:van|de|da|von|del)$/.test(words[words.length - 1]!)) words = words.slice(0, -1);
    const before = body.slice(0, m.index).trimEnd();
    // A phrase starts after a sentence's end, a dash, an arrow, a list number or a separator too ("→ Restart the service").
    const sentenceStart = before === '' || /(?:[.!?:;"“(\n\-–—→·|•]|^\d{1,2}[.)])$/.test(before) || /\s\d{1,2}[.)]$/.test(before);
    // "Owner: …", "Attendees: …": a word right before a colon is a label, not a name.
    if (m[1]!.split(/\s+/).length === 1 && body[m.index + m[1]!.length] === ':') continue;
    // A sentence's first word is capitalised whatever it is: "Took Toby to the park" is a verb and
    // a name. Compromise reads the word in its sentence; a verb, adjective, adverb… is dropped.
    const stripped = words.length !== m[1]!.split(/\s+/).length;
    if (sentenceStart && !stripped && words.length >= 2 && !startsWithName(m[1]!, body.slice(m.index, m.index + 120))) words = words.slice(1);
    // "Ana Souza Offsite: the venue is booked": a mail row's sender glued to its subject; the word before the colon opens the label.
    if (words.length >= 3 && body[m.index + m[1]!.length] === ':' && !isNamePart(words[words.length - 1]!)) words = words.slice(0, -1);
    const name = cleanName(words.join(' '));
    if (!name || /^project\s/i.test(name)) continue;
    const kind = classify(name);
    if (notAName(name, kind, body)) continue;
    if (name.split(' ').length === 1) {
      if (name.length < 3 || STOP.test(name)) continue;
      if (sentenceStart && kind === 'none' && words.length === m[1]!.split(/\s+/).length) continue;
      // A currency or unit ("EUR", "USD", "Kg") beside a figure is no named thing.
      if (kind === 'none' && (reading.knownOnly || nlp(name).has('(#Currency|#Unit)'))) continue;
      push(name, kind === 'none' ? 'other' : kind);
    } else if (kind !== 'none') push(name, kind);
    else if (!reading.knownOnly) push(name, /\d/.test(name) ? 'other' : 'person');
  }
  return out;
}

/**
 * Episodes, resources and facts read off a screen quote the window they came from ("Browsed "Team
 * directory — Acme People" in Firefox", Web page "…"): a page or window title names the page and its
 * site, and its words read as names ("Acme People", "Document Viewer"). The people and places on the
 * page reach the graph through the memories made from its text.
 */
function withoutWindowTitles(text: string): string {
  return text.replace(QUOTED, ' ');
}
const QUOTED = /"[^"\n]{1,300}"|“[^”\n]{1,300}”/g;

/** A city or country a quoted title names ("Booking confirmed — Hotel Lindenhof Munich"): the title is no name, but the place in it is a place. */
function placesInTitles(text: string): string[] {
  const out: string[] = [];
  for (const q of text.match(QUOTED) ?? []) {
    for (const p of nlp(q.slice(1, -1)).places().out('array') as string[]) {
      const name = p.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
      if (name && !name.includes(' ') && classify(name) === 'place') out.push(name);
    }
  }
  return out;
}

/**
 * Names a route only turns through ("Turn left onto Elm Road", "Continue onto Broadway"): a turn
 * list is directions, not places the user cares about. The destination ("Arrive at Globex, 5 Elm
 * Road, Leeds") keeps its names but its street, an address's part (the vault keeps addresses); a
 * name the text also says outside the steps stays. Lower-cased.
 */
function routeOnly(text: string): Set<string> {
  const steps = routeSteps(text);
  const out = new Set<string>();
  if (!steps.length) return out;
  for (const step of steps) {
    const arrival = arrivalStep(step);
    for (const n of namesIn(step)) if (!arrival || streetShaped(n.name)) out.add(n.name.toLowerCase());
  }
  let rest = text;
  for (const step of steps) rest = rest.replace(step, ' ');
  for (const n of namesIn(rest)) out.delete(n.name.toLowerCase());
  return out;
}

/**
 * A repository named by owner and name ("acme/atlas") as a segment of a page's title ("Pull
 * requests · acme/atlas", "[acme/atlas] Fix login (#12)") where the title or the memory also names a
 * code host's page (pull request, issue, commits…) or the host: a project, named as its address spells it.
 * Prose ("and/or", "km/h", "12/2026") is no title segment, and each part holds a letter.
 */
const SLUG_SEGMENT = /(?:^|[·—–|:[("“]\s*|\s[-·—–|]\s)([A-Za-z0-9][A-Za-z0-9-]{0,38})\/([A-Za-z0-9][\w.-]{0,99})(?=\s*(?:$|[·—–|\])"”]|\s[-·—–|]\s))/gu;
const CODE_HOST_PAGE = /\b(?:pull requests?|merge requests?|issues?|commits?|repository|repositories|branches|releases|tags|forks?|pipelines?|GitHub|GitLab|Bitbucket|Codeberg|Gitea)\b/i;

function repositoriesIn(titles: string[], context: string): string[] {
  const out: string[] = [];
  for (const t of titles) {
    if (!CODE_HOST_PAGE.test(t) && !CODE_HOST_PAGE.test(context)) continue;
    for (const m of t.matchAll(SLUG_SEGMENT)) {
      const [owner, repo] = [m[1]!, m[2]!.replace(/\.git$/, '')];
      if (!/\p{L}/u.test(owner) || !/\p{L}/u.test(repo) || owner.length + repo.length < 5) continue;
      out.push(`${owner}/${repo}`);
    }
  }
  return out;
}

/** A semantic profile's text: "Rui Costa (person): Staff Engineer at Globex; wrote: …". */
const PROFILE = /^(.{1,200}?) \((person|organization|project)\): /;

function str(v: unknown): string | null {
  return typeof v === 'string' && v.trim() ? v.trim() : null;
}

/** The first sentence (or the first 200 characters) of a text, as a fact's statement. */
function statementOf(m: GraphSourceMemory): string {
  const t = (m.title && m.kind !== 'episodic' ? `${m.title}: ${m.text}` : m.text).replace(/\s+/g, ' ').trim();
  const cut = /^(.{20,200}?[.!?])(\s|$)/.exec(t);
  return cut ? cut[1]! : t.slice(0, 200);
}

/**
 * Entities and facts of one memory, offline. The subject is who or what the memory is about (an
 * event's actor, a fact's name, a document's title); mentions are the people, places and
 * organisations named in it. A memory that ties several of them together is a fact with roles
 * (who acted, who or what took part), citing the memory.
 */
export function extractGraph(m: GraphSourceMemory): Extraction {
  if (m.kind === 'knowledge_vault' || m.kind === 'core') return { entities: [], facts: [] };
  const entities: ExtractedEntity[] = [];
  // `context`: the text a mention was read in (a joined brand in prose is a name, beside code it is code); an actor has none.
  const add = (name: string, kind: EntityKind, role: 'subject' | 'mention', context?: string) => {
    const clean = cleanName(name);
    if (!clean) return;
    // A document is named by its title, code or not ("LedgerClient.ts"); anything else named like code or a UI's part is no entity.
    if (kind !== 'document' && ((codeShaped(clean, context) && classify(clean) === 'none') || (kind === 'person' && techTailed(clean)))) return;
    const prior = entities.find((e) => e.name.toLowerCase() === clean.toLowerCase());
    if (prior) {
      if (role === 'subject') prior.role = 'subject';
      return;
    }
    entities.push({ name: clean, kind, role });
  };
  const actor = str(m.fields.actor);
  // A sender known only by address (a mail, a chat account) is a person too; dream later joins it to the name it spells.
  if (actor && EMAIL.test(actor)) entities.push({ name: actor.toLowerCase(), kind: 'person', role: 'subject' });
  else if (actor && !NOT_A_NAME.has(actor.toLowerCase())) add(actor, 'person', 'subject');
  const profile = m.kind === 'semantic' ? PROFILE.exec(m.text) : null;
  let reading: NameReading = {};
  if (m.kind === 'semantic') {
    const name = str(m.fields.name);
    if (name && !name.startsWith('fact:')) {
      // A profile says what its subject is ("Rui Costa (person): …"); a fact's subject is read for its kind.
      const kind = profile && profile[1] === name ? (profile[2] as EntityKind) : (namesIn(name)[0]?.kind ?? (/^project\s/i.test(name) ? 'project' : 'other'));
      add(name, kind, 'subject');
      if (profile) reading = { subject: name, knownOnly: true };
    }
  }
  if (m.kind === 'resource' && m.title) add(m.title.slice(0, 60), 'document', 'subject');
  // A how-to titled by its page quotes the page's name (step-lists.ts), as episodes quote a window.
  const quotesTitles = m.kind === 'episodic' || m.kind === 'resource' || m.kind === 'semantic' || m.kind === 'procedural';
  for (const n of namesIn(quotesTitles ? withoutWindowTitles(m.text) : m.text, reading)) add(n.name, n.kind, 'mention', m.text);
  if (m.title && m.kind !== 'resource') for (const n of namesIn(quotesTitles ? withoutWindowTitles(m.title) : m.title, reading)) add(n.name, n.kind, 'mention', `${m.title}\n${m.text}`);
  if (quotesTitles) for (const p of placesInTitles(m.text)) add(p, 'place', 'mention');
  // A repository's slug is lower-case as often as not: no capitalised name, so added as it is spelled.
  const titles = [...(m.title ? [m.title] : []), ...(quotesTitles ? (m.text.match(QUOTED) ?? []).map((q) => q.slice(1, -1)) : [])];
  for (const slug of repositoriesIn(titles, m.text)) if (!entities.some((e) => e.name.toLowerCase() === slug.toLowerCase())) entities.push({ name: slug, kind: 'project', role: 'mention' });
  // A route's turn list names streets the user only rode through.
  const directions = routeOnly(quotesTitles ? withoutWindowTitles(m.text) : m.text);
  for (let i = entities.length - 1; i >= 0; i--) if (entities[i]!.role === 'mention' && directions.has(entities[i]!.name.toLowerCase())) entities.splice(i, 1);
  // "Browsed … in Firefox": the app is the memory's field, not something the user met.
  const app = m.app?.trim().toLowerCase();
  if (app) for (let i = entities.length - 1; i >= 0; i--) if (entities[i]!.name.toLowerCase() === app) entities.splice(i, 1);

  const facts: ExtractedFact[] = [];
  const subject = entities.find((e) => e.role === 'subject');
  const others = entities.filter((e) => e !== subject);
  if (subject && others.length) {
    facts.push({
      relation: m.kind === 'episodic' ? 'took_part' : m.kind === 'resource' ? 'about' : 'related',
      statement: statementOf(m),
      participants: [
        { name: subject.name, kind: subject.kind, role: m.kind === 'resource' ? 'document' : 'subject' },
        ...others.slice(0, 6).map((e) => ({ name: e.name, kind: e.kind, role: 'participant' })),
      ],
      confidence: 0.6,
    });
  } else if (!subject && others.length >= 2) {
    facts.push({
      relation: 'mentioned_together',
      statement: statementOf(m),
      participants: others.slice(0, 6).map((e) => ({ name: e.name, kind: e.kind, role: 'participant' })),
      confidence: 0.4,
    });
  }
  return { entities, facts };
}

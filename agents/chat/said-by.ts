/**
 * "What did Priya ask me to change", "what did Tom say about the move": what a person said, asked or
 * wrote, read from the line that names them with their words after it (a review comment, a chat
 * message, an e-mail line), not from a cell that only names them (a vote, an assignee).
 */
import { askedValue, stemsOf, termsSaid } from './asked-value.js';
import { chatTurns, isChat, norm, sameWriter, type Turn } from './chat-turns.js';

/** The person and the verb of saying, as the question names them. */
const SAID = /^\s*(?:[Aa]nd\s+|[Ss]o\s+)?[Ww]hat\s+(?:did|does|has|had)\s+(\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)?)\s+(?:ask|say|tell|write|want|suggest|request|propose|comment|mention|reply|answer|recommend)\w*\b/u;

/** Words a message needs around the name, at least: "-1 Priya Raghunathan" says nothing she said. */
const MIN_WORDS = 5;

/** The name the question asks the words of, or null. */
export function saidByWhom(question: string): string | null {
  return SAID.exec(question)?.[1] ?? null;
}

/** A request or a suggestion reads as one: "please", "could you", "should", "instead", a question mark. */
const ASKING = /\b(?:please|pls|could you|can you|would you|should|instead|let's|need to|must)\b|\?/i;

/** The lower-case words of a line after the person's name in it (a sentence of their own words). */
const ownWords = (line: string, at: number, nameWords: number) => line.slice(at).split(/\s+/).slice(nameWords).filter((w) => /^\p{Ll}/u.test(w)).length;
const lowerWords = (line: string) => line.split(/\s+/).filter((w) => /^\p{Ll}/u.test(w)).length;

/**
 * Of the lines read (in reading order), where the person says something: the line that names them
 * and holds a sentence of their own words, or the line under a line that only names them (a chat
 * bubble, a review comment under its author); among several, the one that asks or suggests for
 * "ask / want / suggest", then the longest. Its index and its text; null when no line does.
 */
export function saidLine(question: string, lines: readonly string[]): { index: number; text: string } | null {
  const who = saidByWhom(question);
  if (!who) return null;
  const first = who.split(/\s+/)[0]!.toLowerCase();
  const name = new RegExp(`(?:^|[^\\p{L}])${first.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`, 'iu');
  const asking = /\b(?:ask|want|suggest|request|propose|recommend)/i.test(question);
  let best: { index: number; text: string; score: number } | null = null;
  lines.forEach((line, index) => {
    const at = line.search(name);
    if (at < 0) return;
    const next = lines[index + 1] ?? '';
    const own = ownWords(line, at, who.split(/\s+/).length);
    const text = own >= MIN_WORDS ? line : lowerWords(next) >= MIN_WORDS && next.search(name) < 0 ? `${line}: ${next}` : null;
    if (!text) return;
    const score = (asking && ASKING.test(text) ? 100 : 0) + lowerWords(text);
    if (!best || score > best.score) best = { index, text, score };
  });
  const found = best as { index: number; text: string; score: number } | null;
  return found ? { index: found.index, text: found.text } : null;
}

/**
 * Questions about a conversation, answered from its turns (see chat-turns): "who offered to drive",
 * "what did Ana say about the venue", "when did Marco send the file". The person is matched by the
 * name as printed, a first name meeting the full one and the other way round.
 */
export interface ChatAsk {
  kind: 'who' | 'what' | 'when';
  /** The person asked about, for "what" and "when". */
  person: string | null;
  /** The verb of saying as asked ("offered", "ask"). */
  verb: string;
  /** "Who's bringing the cake", "who booked the van": who does a thing, answered by the one who writes that they do or did it. */
  doing?: boolean;
  /** "Who offered", "who said they would": who took a thing on, not who raised it or declined. */
  takingOn?: boolean;
  /** "How much did Ingrid say it was": a value in their words; when none of their words is about it, the rest of the lead looks. */
  value?: boolean;
  /** "What did I say to Ana": the user's own turns in the conversation with the person. */
  mine?: boolean;
}

const PERSON = "(\\p{Lu}[\\p{L}'’.-]+(?:\\s+\\p{Lu}[\\p{L}'’.-]+)?)";
const SPEECH = 'say|said|says|tell|told|ask|asked|write|wrote|want|suggest|request|propose|comment|mention|reply|replied|answer|recommend|offer|promise|volunteer|agree|confirm|post|share|send|sent|message|ping|announce|complain|report|think|thought|warn|remind|invite|note';
const WHO = new RegExp(`^\\s*(?:and\\s+|so\\s+)?(?:who|which\\s+(?:person|one\\s+of\\s+them|of\\s+them))\\s+(?:(?:has|had|have|just|first|else|actually)\\s+)?((?:${SPEECH})\\w*)\\b`, 'iu');
const WHAT = new RegExp(`^\\s*(?:[Aa]nd\\s+|[Ss]o\\s+)?[Ww]hat\\s+(?:did|does|has|had|was|is)\\s+${PERSON}(?:'s|’s)?\\s+(?:(?:first|last|just|actually)\\s+)?((?:${SPEECH}|reply|answer|message|comment|suggestion|request|question|update|point)\\w*)\\b`, 'u');
const WHEN = new RegExp(`^\\s*(?:[Aa]nd\\s+|[Ss]o\\s+)?(?:[Ww]hen|[Ww]hat\\s+time|[Ww]hat\\s+day|[Aa]t\\s+what\\s+time)\\s+(?:did|does|do|has|had|was|were|will)\\s+${PERSON}\\s+(?:(?:first|last|finally|actually)\\s+)?((?:${SPEECH})\\w*)\\b`, 'u');

/** "Who's bringing", "who will drive", "who is going to book", "who booked": a verb after "who" (not "who is the landlord", "who is in charge"). */
const WHO_DOES = /^\s*(?:[Aa]nd\s+|[Ss]o\s+)?[Ww]ho(?:'s|’s|'ll|’ll|\s+(?:is|was|will|would|can|could|did|does|has|had))?\s+(?:(?:going|gonna|able|meant|supposed)\s+(?:to\s+)?|actually\s+|already\s+)?(\p{Ll}+)\b/u;
const NO_DOING = /^(?:do|should|must|shall|may|might|else|the|a|an|my|our|your|his|her|their|this|that|in|on|at|of|for|to|from|with|responsible|charge|there|here|it|not|also|still|my|usually|best|right|currently|now)$/;

const WH_SAID = new RegExp(`^\\s*(?:[Aa]nd\\s+|[Ss]o\\s+)?(?:[Ww]here|[Ww]hich\\s+[\\p{Ll}-]+|[Hh]ow\\s+(?:much|many|long|far|late|early|soon)|[Ww]hat\\s+[\\p{Ll}-]+)\\s+(?:[\\p{Ll}-]+\\s+){0,2}?(?:did|does|do|has|had|will|would)\\s+${PERSON}\\s+(?:(?:first|last|just|actually)\\s+)?((?:${SPEECH})\\w*)\\b`, 'u');

/** "What did I tell Ana", "what did I reply to Marco about the van": the user's words to a person. */
const MINE = new RegExp(`^\\s*(?:[Aa]nd\\s+|[Ss]o\\s+)?[Ww]hat\\s+(?:did|have|had|do)\\s+I\\s+(?:just\\s+|last\\s+|actually\\s+|first\\s+)?((?:say|said|tell|told|write|wrote|reply|replied|answer|send|sent|promise|text|message)\\w*)\\s+(?:back\\s+)?(?:to\\s+)?${PERSON}`, 'u');

/** What a question asks of a conversation, or null when it asks no such thing. */
export function chatAsk(question: string): ChatAsk | null {
  const who = WHO.exec(question);
  if (who) {
    const verb = who[1]!.toLowerCase();
    const after = question.slice(who.index + who[0].length);
    return { kind: 'who', person: null, verb, takingOn: ASKS_TAKING_ON.test(verb) || (SAYS.test(verb) && WOULD.test(after)) };
  }
  const does = WHO_DOES.exec(question);
  if (does && !NO_DOING.test(does[1]!) && (/(?:ing|ed)$/.test(does[1]!) || !/^\s*\S*\s*who(?:'s|’s|\s+is|\s+was)\s/i.test(question))) return { kind: 'who', person: null, verb: does[1]!, doing: true, takingOn: true };
  const when = WHEN.exec(question);
  if (when) return { kind: 'when', person: when[1]!.replace(/['’]s$/, ''), verb: when[2]!.toLowerCase() };
  // "How much did Ingrid say the deposit was", "where does Ines want to meet": her words hold the value.
  const told = WH_SAID.exec(question);
  if (told && !/^(?:I|We|You|They|He|She|It)$/.test(told[1]!)) return { kind: 'what', person: told[1]!.replace(/['’]s$/, ''), verb: told[2]!.toLowerCase(), value: true };
  const mine = MINE.exec(question);
  if (mine && !/^(?:I|We|You|They|He|She|It|The|My|Our)$/.test(mine[2]!)) return { kind: 'what', person: mine[2]!.replace(/['’]s$/, ''), verb: mine[1]!.toLowerCase(), mine: true };
  const what = WHAT.exec(question);
  if (what && !/^(?:I|We|You|They|He|She|It)$/.test(what[1]!)) return { kind: 'what', person: what[1]!.replace(/['’]s$/, ''), verb: what[2]!.toLowerCase() };
  return null;
}

/** Taking a thing on: "I'll do it", "I can swap", "on it", "count me in". */
const TAKING_ON = /\b(?:i'?ll|i\s+will|i\s+can|i\s+could|i'?m\s+going\s+to|i\s+am\s+going\s+to|let\s+me|leave\s+it\s+with\s+me|on\s+it|happy\s+to|count\s+me\s+in|i'?ll\s+take|i\s+got\s+(?:it|this)|i'?ve\s+got\s+(?:it|this)|my\s+turn)\b/i;
/** Saying one did it: "I booked the van", "we paid the deposit", "I've sent it". */
const DID_IT = /\b(?:i|we)\s+(?:just\s+|already\s+|have\s+|had\s+)?(?:\w+ed|paid|sent|bought|made|took|got|did|put|left|told|rang|brought|wrote|gave|found|drove|sold|won)\b|\b(?:i|we)'ve\s+\w+/i;

/** Declining: "I can't", "not me", in the few languages chats are read in. */
const DECLINING = /\b(?:can'?t|cannot|can\s+not|won'?t|not\s+me|unable|sorry|no\s+puedo|kann\s+nicht|peux\s+pas|kan\s+niet|non\s+posso|não\s+posso)\b/i;
/** Saying yes to a request: "sure", "yep, no problem", "me!", "claro", "klar", "d'accord". */
const ASSENT = /^\s*(?:sure|yes|yep|yeah|yup|ok|okay|no problem|no worries|will do|done|me|me!|i do|sorted|can do|absolutely|of course|claro|vale|sí|si|ja|klar|gerne|oui|d'accord|volontiers|certo|va bene|tuurlijk|prima)\b/i;
/** Turns under a request looked at for the reply that takes it on. */
const REPLIES = 4;

/** Verbs that ask who took a thing on, not who raised it; and saying one would ("who said they'd cover"). */
const ASKS_TAKING_ON = /^(?:offer|promis|volunteer|agree)/;
const SAYS = /^(?:said|says|say|told|tell|confirm|mention|write|wrote)/;
const WOULD = /^\s*(?:\w+\s+){0,2}?(?:would|will|could|can|'d|’d|'ll|’ll|was\s+going\s+to|were\s+going\s+to|is\s+going\s+to)\b|^(?:'d|’d|'ll|’ll)\b|^\s*\w+(?:'d|’d|'ll|’ll)\b/i;
/** Verbs that ask who raised it. */
const ASKS_ASKING = /^(?:ask|request|want|need)/;

/** A turn and the writer's turns right after it: one message often goes on in the next bubble. */
function runOf(turns: readonly Turn[], i: number): Turn[] {
  let end = i;
  while (end + 1 < turns.length && turns[end + 1]!.writer === turns[i]!.writer) end++;
  return turns.slice(i, end + 1);
}

/** One screen's lines, the memory [n] citing it and the passage it is cited by. */
export interface ChatScreen<P> {
  lines: readonly string[];
  n: number;
  passage: P;
}

export type ChatLead<P> = { turn: Turn; text: string; n: number; passage: P; sure: boolean } | { absent: string };

/** Words of the question that say what was said: not the person, not the verb of saying, not "chat" or "message". */
function aboutTerms(question: string, ask: ChatAsk): { terms: string[]; nouns: number; kin: ReadonlyMap<string, ReadonlySet<string>> } {
  const asked = askedValue(question);
  const drop = stemsOf(`${ask.person ?? ''} ${ask.verb} ${SPEECH.replace(/\|/g, ' ')} chat chats channel group thread message messages conversation they would going`);
  const terms = asked.terms.filter((t) => !drop.has(t));
  return { terms, nouns: terms.filter((t) => !asked.loose.includes(t)).length, kin: asked.kin };
}

/** "Ana Lima (Yesterday 10:42): the venue …": who, when, and the words as written. */
export function turnStatement(t: Turn): string {
  const when = [t.day, t.at].filter(Boolean).join(' ');
  return `${t.writer ?? 'Someone'}${when ? ` (${when})` : ''}: ${t.text}`;
}

/**
 * The turn that answers a question about a conversation, read from the screens found: for "who",
 * the turn whose words meet most of what was asked (a request taken on by the reply under it, for
 * "who offered"); for "what" and "when", the asked person's turn that meets it best. `absent` when
 * conversations were read and the person wrote in none of them; null when the question asks no such
 * thing or nothing answers (the rest of the lead then looks).
 */
export function chatLead<P>(question: string, screens: readonly ChatScreen<P>[]): ChatLead<P> | null {
  const ask = chatAsk(question);
  if (!ask) return null;
  const read = screens.map((s) => ({ s, turns: chatTurns(s.lines) })).filter((x) => isChat(x.turns));
  if (!read.length) return null;
  const { terms, nouns, kin } = aboutTerms(question, ask);
  // A message is about what the one before it said ("I can let him in" under "the engineer comes Tuesday"; "I paid it" under "Booked the flat"): that one's words count half.
  const all = read.flatMap(({ s, turns }) =>
    turns.map((turn, i) => {
      const own = termsSaid(terms, turn.text, kin);
      return { turn, i, turns, s, own, cov: own + (i > 0 ? termsSaid(terms, turns[i - 1]!.text, kin) / 2 : 0) };
    }),
  );
  const lead = (x: (typeof all)[number], sure: boolean): ChatLead<P> => ({ turn: x.turn, text: turnStatement(x.turn), n: x.s.n, passage: x.s.passage, sure });
  if (ask.kind === 'who') {
    if (!terms.length) return null;
    // Half of what it names (its nouns; the verbs a message says in its own words: "fetch" for "pick up"), a word's translation or kin at least.
    const need = Math.max(0.5, (nouns || terms.length) / 2);
    // Who does it is who writes that they will or did (a request is taken on by its reply, below), not who names another doing it.
    const met = all.filter((x) => x.turn.writer && x.cov >= need && x.own > 0 && (!ask.doing || TAKING_ON.test(x.turn.text) || DID_IT.test(x.turn.text) || runOf(x.turns, x.i).some((t) => /\?/.test(t.text))));
    if (!met.length) return null;
    const takingOn = !!ask.takingOn;
    const asking = ASKS_ASKING.test(ask.verb);
    const score = (x: (typeof all)[number]) => x.cov + (takingOn && TAKING_ON.test(x.turn.text) ? 0.75 : 0) + (asking && ASKING.test(x.turn.text) ? 0.75 : 0) - (takingOn && DECLINING.test(x.turn.text) ? 1 : 0);
    met.sort((a, b) => score(b) - score(a));
    const best = met[0]!;
    // "Who offered to pick her up": the turn naming it may be the request ("she lands at 17:20 … who can fetch her?"), in one
    // message or the writer's next; the offer is the first reply from another writer that does not decline. A turn that neither
    // takes it on nor asks for it (the news that she lands) names no one who offered.
    if (takingOn && !TAKING_ON.test(best.turn.text) && !DID_IT.test(best.turn.text)) {
      const run = runOf(best.turns, best.i);
      const end = best.i + run.length - 1;
      if (!run.some((t) => /\?/.test(t.text))) return null;
      const replies = best.turns.slice(end + 1, end + 1 + REPLIES).filter((t) => t.writer && t.writer !== best.turn.writer && !DECLINING.test(t.text) && !/\?\s*$/.test(t.text));
      // A reply that neither takes it on nor says yes to it ("what time is kick off again") takes nothing on.
      const reply = replies.find((t) => TAKING_ON.test(t.text)) ?? replies.find((t) => ASSENT.test(t.text) || DID_IT.test(t.text) || termsSaid(terms, t.text, kin) > 0);
      if (!reply) return null;
      return lead({ ...best, turn: reply, i: best.turns.indexOf(reply) }, true);
    }
    const tie = met.find((x) => x !== best && score(x) === score(best) && x.turn.writer !== best.turn.writer);
    return tie ? null : lead(best, true);
  }
  if (ask.mine) {
    // The conversations the person writes in; the user's turns there, the one most about what was asked (the last of equals).
    const withThem = new Set(all.filter((x) => x.turn.writer && sameWriter(ask.person!, x.turn.writer)).map((x) => x.turns));
    const yours = all.filter((x) => withThem.has(x.turns) && x.turn.writer === 'You');
    if (!yours.length) return null;
    const best = yours.reduce((a, b) => (b.own >= a.own ? b : a));
    const them = all.find((x) => x.turns === best.turns && x.turn.writer && sameWriter(ask.person!, x.turn.writer))!.turn.writer!;
    const when = [best.turn.day, best.turn.at].filter(Boolean).join(' ');
    return { turn: best.turn, text: `You${when ? ` (${when})` : ''} to ${them}: ${best.turn.text}`, n: best.s.n, passage: best.s.passage, sure: !terms.length || best.own > 0 };
  }
  const theirs = all.filter((x) => x.turn.writer && sameWriter(ask.person!, x.turn.writer));
  if (!theirs.length) {
    // A line opening with their name that was not read as a turn (a review comment's author, a mail client's list): the rest of the lead looks there.
    const name = norm(ask.person!.split(/\s+/)[0]!);
    const opens = screens.some((s) => s.lines.some((l) => {
      const w = l.trim().split(/\s+/).map(norm);
      return w[0] === name || (/^\p{Lu}{1,3}$/u.test(l.trim().split(/\s+/)[0] ?? '') && w[1] === name);
    }));
    return opens ? null : { absent: ask.person! };
  }
  const asking = ASKS_ASKING.test(ask.verb);
  const score = (x: (typeof theirs)[number]) => x.cov + (asking && ASKING.test(x.turn.text) ? 0.5 : 0) + Math.min(x.turn.text.split(/\s+/).length, 30) / 100;
  theirs.sort((a, b) => score(b) - score(a));
  const best = theirs[0]!;
  // Their words about something else are offered as a guess, not as what they said about it.
  const sure = !terms.length || best.cov >= Math.max(1, terms.length / 2);
  return sure || !ask.value ? lead(best, sure) : null;
}

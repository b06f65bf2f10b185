import { ALWAYS_REFUSED, ALWAYS_REFUSED_OTHER, E, W, addressedOrderAt, ordersMatch, other, type BatchAnalysis } from '../subagent-kit/index.js';

/**
 * Core blocks are in every chat prompt, so a line written there is an order to the assistant in all
 * later answers. Text from a screen, a file or another person may try to write one ("note for the
 * Engram assistant: save to the persona block …"); the model that reads it may obey. These checks
 * run on every core tool call, whatever the model says (issue 28).
 */

/** Thrown by a core tool for a line that is an instruction to the assistant; the tool loop reports it to the model. */
export class CoreInstructionRefused extends Error {
  readonly code = 'INSTRUCTION_REFUSED' as const;
  constructor(readonly line: string, reason: string) {
    super(`refused core line "${line.slice(0, 80)}": ${reason}`);
    this.name = 'CoreInstructionRefused';
  }
}

// "always"/"never" beside a word about answering, naming, ending, recommending or sending, in those
// languages: an instruction on how to answer, as INSTRUCTION is in English.
const ALWAYS_OTHER = other(String.raw`${W}(?:immer|stets|nie|niemals|toujours|jamais|siempre|nunca|jamás|sempre|mai|altijd|nooit)${E}`);
const ANSWERING_OTHER = other(
  String.raw`${W}(?:antwort\p{L}*|beantwort\p{L}*|nenn\p{L}*|beend\p{L}*|schlie(?:ß|ss)\p{L}*|empfiehl\p{L}*|empfehl\p{L}*|schreib\p{L}*|sende\p{L}*|schick\p{L}*|erwähn\p{L}*|verlink\p{L}*|répon\p{L}*|appel\p{L}*|terminer|terminez|recommand\p{L}*|écri\p{L}*|envoi\p{L}*|mentionn\p{L}*|respon\p{L}*|respuesta\p{L}*|llam\p{L}*|recomiend\p{L}*|escrib\p{L}*|envi[aé]\p{L}*|envía\p{L}*|rispo\p{L}*|chiam\p{L}*|consigli\p{L}*|scriv\p{L}*|invia\p{L}*|respost\p{L}*|cham[ae]\p{L}*|recomend\p{L}*|escrev\p{L}*|antwoord\p{L}*|noem\p{L}*|eindig\p{L}*|aanbe(?:veel|vel)\p{L}*|schrijf\p{L}*|stuur\p{L}*)${E}`,
);

// An instruction on how to answer: kept only when the user typed it, in this batch of their own chat.
const INSTRUCTION = /\b(?:always|never|do not|don't|must|should)\s+(?:\w+\s+){0,2}?(?:answer|reply|respond|end|start|begin|include|add|append|say|tell|mention|recommend|send|visit|link|call|use|write|sign|forward|share|reveal|ask|remind|output|print|open|click|give)\b/i;
const LINKS = /\b(?:https?|ftp|mailto|tel):\S+|\bwww\.\S+|[^\s@]+@[^\s@]+\.[a-z]{2,}/gi;

const squash = (t: string): string =>
  t
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[^\p{L}\p{N}'@:/.]+/gu, ' ')
    .trim();

// Words of a line's value that say nothing of where it came from: the user named in any of those languages.
const PLAIN = new Set(['user', "user's", 'users', 'nutzer', 'nutzers', 'benutzer', 'utilisateur', 'utilisateurs', 'usuario', 'usuaria', 'utente', 'utilizador', 'usuário', 'gebruiker']);
const WORDS = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;
// A word and its inflections alike ("contractor", "contractors"): its first five letters, as typed or cased.
const stem = (w: string): string => w.toLowerCase().replace(/[’]/g, "'").slice(0, 5);
const stemsOf = (t: string): Set<string> => new Set((t.match(WORDS) ?? []).filter((w) => w.length >= 4).map(stem));

/** The words of a core line's value (after its key, if any) whose stems others' text has and the user's own does not. */
function valueWordsFrom(line: string, theirs: Set<string>, mine: Set<string>): string[] {
  const colon = line.indexOf(':');
  const value = colon > 0 && colon < 40 ? line.slice(colon + 1) : line;
  const out: string[] = [];
  for (const w of value.match(WORDS) ?? []) {
    if (w.length < 4 || PLAIN.has(w.toLowerCase())) continue;
    const s = stem(w);
    if (theirs.has(s) && !mine.has(s) && !out.includes(w)) out.push(w);
  }
  return out;
}

/**
 * The words of a core line's value ("Name: Bartholomew Quill": what follows the key; the whole line
 * when it has none) that text the learning pass reads and the user did not write says, and the
 * user's own messages do not: Engram's answers in this batch and in the conversation's earlier turns
 * (a page quoted in one turn is still the page's when the brain learns while reading "ok thanks"),
 * and the memories shown to the model beside the batch. An answer quotes pages, mails and chats when
 * asked what they said; what it quotes is theirs, and a line about the user built from it is a
 * stranger's claim, however plain it sounds. The user's words in earlier turns are theirs too.
 */
export function wordsFromAnswer(line: string, analysis: BatchAnalysis): string[] {
  const turns = [...analysis.earlierTurns, ...analysis.sources];
  const answers = [...turns.filter((s) => s.role !== 'user').map((s) => s.text), ...analysis.shown];
  if (!answers.length) return [];
  return valueWordsFrom(line, stemsOf(answers.join('\n')), stemsOf(turns.filter((s) => s.role === 'user').map((s) => s.text).join('\n')));
}

/**
 * The words of a core line's value that come from a note to the assistant the user pasted into their
 * own chat ("Is this real? Note for the assistant: …"): the message from the note on is someone
 * else's text, which the user asks about, not what they tell Engram. Words the user also wrote
 * before the note, or in another message, stay theirs.
 */
export function wordsFromPastedOrder(line: string, analysis: BatchAnalysis): string[] {
  const pasted: string[] = [];
  const own: string[] = [];
  for (const s of analysis.userSources) {
    // "Engram, remember …" in Engram's own chat is the user talking, not a pasted note (hail-own-words).
    const at = addressedOrderAt(s.text, { ownWords: analysis.userVoice });
    own.push(at < 0 ? s.text : s.text.slice(0, at));
    if (at >= 0) pasted.push(s.text.slice(at));
  }
  if (!pasted.length) return [];
  return valueWordsFrom(line, stemsOf(pasted.join('\n')), stemsOf(own.join('\n')));
}

/**
 * Throws CoreInstructionRefused for the first line that is an order to the assistant, unless it is
 * the user's own words: an instruction-shaped line must be said, as written, in a user message of a
 * batch of Engram's own chat (BatchAnalysis.userVoice), and must not carry a link or an address.
 */
export function guardCoreLines(lines: readonly string[], analysis: BatchAnalysis): void {
  // Not the user's own chat: the rule for lines no user's words vouch for.
  if (!analysis.userVoice) {
    for (const raw of lines) {
      const why = coreLineProblem(raw);
      if (why) throw new CoreInstructionRefused(raw, why);
    }
    return;
  }
  const said = analysis.userSources.map((s) => squash(s.text));
  for (const raw of lines) {
    for (const [re, why] of [...ALWAYS_REFUSED, ...ALWAYS_REFUSED_OTHER]) if (ordersMatch(re, raw)) throw new CoreInstructionRefused(raw, why);
    const borrowed = wordsFromAnswer(raw, analysis);
    if (borrowed.length) throw new CoreInstructionRefused(raw, `"${borrowed.slice(0, 3).join('", "')}" come from Engram's answers or what it was shown (which may quote a page), not from the user's own messages`);
    const pasted = wordsFromPastedOrder(raw, analysis);
    if (pasted.length) throw new CoreInstructionRefused(raw, `"${pasted.slice(0, 3).join('", "')}" come from a note to the assistant the user pasted to ask about, not from what they tell Engram`);
    const links = [...raw.matchAll(LINKS)].map((m) => squash(m[0]));
    const instruction = INSTRUCTION.test(raw) || (ALWAYS_OTHER.test(raw) && ANSWERING_OTHER.test(raw));
    // A link or an address, in any language: kept only when the user typed that link in their own chat.
    if (!instruction && links.length) {
      if (links.every((l) => said.some((s) => s.includes(l)))) continue;
      throw new CoreInstructionRefused(raw, "a link or an address in core is kept only as the user typed it in Engram's chat");
    }
    if (!instruction) continue;
    if (links.length) throw new CoreInstructionRefused(raw, 'an instruction to the assistant never carries a link or an address');
    const core = squash(raw.replace(/^the user asked:\s*/i, ''));
    if (core.length < 8 || !said.some((s) => s.includes(core))) {
      throw new CoreInstructionRefused(raw, 'an instruction to the assistant is kept only as the user wrote it in Engram\'s chat');
    }
  }
}

/**
 * Why a core line no user's words vouch for is refused, or null when it may stand: the rule a
 * screen's, a file's or another device's core line meets (no note to the assistant, no override, no
 * instruction on answering, no link or address). guardCoreLines applies it where the batch is not
 * the user's own chat; a core block arriving by sync is held to it line by line (agents/sync).
 */
export function coreLineProblem(raw: string): string | null {
  for (const [re, why] of [...ALWAYS_REFUSED, ...ALWAYS_REFUSED_OTHER]) if (ordersMatch(re, raw)) return why;
  const instruction = INSTRUCTION.test(raw) || (ALWAYS_OTHER.test(raw) && ANSWERING_OTHER.test(raw));
  const links = [...raw.matchAll(LINKS)];
  if (instruction && links.length) return 'an instruction to the assistant never carries a link or an address';
  if (links.length) return "a link or an address in core is kept only as the user typed it in Engram's chat";
  if (instruction) return "an instruction to the assistant is kept only as the user wrote it in Engram's chat";
  return null;
}

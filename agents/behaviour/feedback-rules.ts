import type { FeedbackStance } from '../store/index.js';

/** Feedback the rules found in one user message. */
export interface RuleFeedback {
  kind: 'explicit' | 'correction';
  topic: string;
  stance: FeedbackStance;
  instruction: string;
  /** The sentence it was read from. */
  quote: string;
}

interface TopicRule {
  topic: string;
  stance: FeedbackStance;
  instruction: string;
  /** Tested against one normalised sentence (lower case, straight quotes, "dont" → "don't"). */
  patterns: RegExp[];
}

// Words that put a sentence about the answer rather than the world ("your answer", "that").
const ANSWER = String.raw`(?:answers?|repl(?:y|ies)|responses?|explanations?|messages?|text)`;
const PLEASE = String.raw`(?:(?:please|pls|and|but|also|ok|okay|so|just|honestly|seriously|ugh|hmm|again)[,]?\s+)*`;
const NEG = String.raw`(?:don't|do not|never|stop|quit|avoid|no more|please don't|please stop)`;
const LIST = String.raw`(?:bullet(?:ed)?(?:[- ]?points?| lists?)?|bullets|lists|listicles)`;

/**
 * Explicit feedback on how Engram answers, sentence by sentence. Only imperative or evaluative
 * sentences about the answer count: "too long" alone or about "that"/"your answer" does, "the
 * meeting was too long" and "is this too long?" do not; "bullet points are great" is praise of
 * bullets in general, not an instruction.
 */
const RULES: TopicRule[] = [
  {
    topic: 'length',
    stance: 'against',
    instruction: 'Keep answers short: a few sentences, no padding.',
    patterns: [
      new RegExp(
        String.raw`^${PLEASE}(?:(?:that|this|it)(?:'s| is| was| got)|(?:your|the|these|those) ${ANSWER}(?: (?:is|are|was|were|get|gets|are getting|is getting))?|way|much|far|a bit|a little|still|kinda)?\s*(?:(?:way|much|far|a bit|a little|kinda|slightly|just) )?too (?:long|wordy|verbose|lengthy|much text|much detail)\b`,
      ),
      /^(?:tl;?dr|too long,? didn't read)[.!]*$/,
      new RegExp(
        String.raw`^${PLEASE}(?:can you |could you |would you )?(?:be|keep (?:it|things|them|answers|your ${ANSWER})|make (?:it|them|that|this|answers|your ${ANSWER})|answer|reply|respond|write)(?: (?:much|a lot|a bit|way))?(?: more)? (?:short|shorter|brief|briefer|concise|succinct|terse|to the point)\b`,
      ),
      new RegExp(String.raw`^${PLEASE}(?:shorter|briefer|more concise|less verbose|less wordy)(?: ${ANSWER})?(?:,? please)?$`),
      new RegExp(String.raw`^${PLEASE}(?:get to the point|cut the fluff|less rambling|stop rambling|less waffle|fewer words|less text|drop the fluff)\b`),
      new RegExp(String.raw`^${PLEASE}${NEG} (?:ramble|rambling|waffle|waffling|over-?explain(?:ing)?|write (?:an )?essays?|writing essays)\b`),
    ],
  },
  {
    topic: 'length',
    stance: 'for',
    instruction: 'Give fuller answers with more detail.',
    patterns: [
      new RegExp(String.raw`^${PLEASE}(?:(?:that|this|it)(?:'s| is| was)|(?:your|the) ${ANSWER}(?: (?:is|are|was|were))?)?\s*(?:(?:way|much|far|a bit|a little) )?too (?:short|brief|terse|thin)\b`),
      new RegExp(
        String.raw`^${PLEASE}(?:can you |could you )?(?:give (?:me )?|i want |i'd like |go into |add |include )?(?:more|greater|much more|a lot more) (?:detail|details|depth|context)\b`,
      ),
      new RegExp(String.raw`^${PLEASE}(?:be more (?:detailed|thorough)|elaborate more|longer ${ANSWER})`),
    ],
  },
  {
    topic: 'bullets',
    stance: 'against',
    instruction: "Write in plain sentences; don't use bullet points.",
    patterns: [
      new RegExp(String.raw`^${PLEASE}${NEG} (?:using |use |giving (?:me )?|give (?:me )?|writing |write |putting |formatting (?:it |things |answers )?(?:as |with |in |into )?|with )?(?:\w+ ){0,2}?${LIST}\b`),
      new RegExp(String.raw`^${PLEASE}(?:no|less|fewer|without|skip the|drop the|enough with the|enough) ${LIST}\b`),
      new RegExp(String.raw`^${PLEASE}(?:write|answer|reply|respond)(?: (?:it|in|with|using))* (?:plain )?(?:prose|paragraphs|full sentences)\b`),
      new RegExp(String.raw`^${PLEASE}(?:prose|paragraphs|full sentences)(?:,)? (?:please|instead|not ${LIST})`),
      new RegExp(String.raw`^i (?:hate|can't stand|don't like|dislike) (?:the |your |all (?:the|these|those) |these |those )?${LIST}\b`),
    ],
  },
  {
    topic: 'bullets',
    stance: 'for',
    instruction: 'Use bullet points for lists of items.',
    patterns: [
      new RegExp(
        String.raw`^${PLEASE}(?:always |can you |could you )?(?:use|give me|format (?:it|answers|them|your ${ANSWER}) (?:as|with|in|into)|put (?:it|that|them|this) in(?:to)?|write (?:it|them) (?:as|in)|answer (?:in|with|as)) (?:a |more )?${LIST}\b`,
      ),
      new RegExp(String.raw`^i(?:'d)? prefer (?:answers |it |them |your ${ANSWER} )?(?:as |in |with )?${LIST}\b`),
      new RegExp(String.raw`^${LIST},? please\b`),
    ],
  },
  {
    topic: 'command_first',
    stance: 'for',
    instruction: 'Give the command first, then any explanation.',
    patterns: [
      /\b(?:command|commands|code|snippet)s? first\b/,
      new RegExp(String.raw`^${PLEASE}(?:always )?(?:lead|start|open|begin) with the (?:command|code|snippet)\b`),
      new RegExp(String.raw`^${PLEASE}(?:always )?(?:put|show|give) (?:me )?the (?:command|code|snippet) (?:at the top|up front|upfront|before)`),
    ],
  },
  {
    topic: 'answer_first',
    stance: 'for',
    instruction: 'Lead with the answer itself; explain after.',
    patterns: [
      /\b(?:answer|bottom line|conclusion|result|tl;?dr) first\b/,
      new RegExp(String.raw`^${PLEASE}(?:always )?(?:lead|start|open|begin) with the (?:answer|bottom line|conclusion|result)\b`),
      new RegExp(String.raw`^${PLEASE}(?:skip|drop|cut|no more|less) (?:the )?(?:preamble|intro|introduction|background|throat-clearing|wind-up)\b`),
    ],
  },
  {
    topic: 'emoji',
    stance: 'against',
    instruction: "Don't use emoji.",
    patterns: [new RegExp(String.raw`^${PLEASE}(?:${NEG} (?:using |use |with |putting |adding )?|no |fewer |less |without |enough with the )(?:the )?emoji(?:s|e?s)?\b`)],
  },
  {
    topic: 'emoji',
    stance: 'for',
    instruction: 'Use a few emoji.',
    patterns: [new RegExp(String.raw`^${PLEASE}(?:use|add) (?:more |some )?emoji(?:s)?\b`)],
  },
  {
    topic: 'apologies',
    stance: 'against',
    instruction: "Don't apologise; just answer.",
    patterns: [new RegExp(String.raw`^${PLEASE}(?:${NEG} apologi[sz](?:e|ing)|no (?:need to )?apologi(?:[sz]e|es)|enough apologi(?:es|[sz]ing))\b`)],
  },
  {
    topic: 'headings',
    stance: 'against',
    instruction: "Don't use headings.",
    patterns: [new RegExp(String.raw`^${PLEASE}(?:${NEG} (?:using |use |with |adding )?|no |without |fewer )(?:the )?(?:headings|headers|section titles)\b`)],
  },
  {
    topic: 'tables',
    stance: 'against',
    instruction: "Don't use tables.",
    patterns: [new RegExp(String.raw`^${PLEASE}(?:${NEG} (?:using |use |with |putting (?:it |things )?in(?:to)? |giving me )?|no |without |fewer )(?:the )?tables\b`)],
  },
  {
    topic: 'tables',
    stance: 'for',
    instruction: 'Use a table when comparing several things.',
    patterns: [new RegExp(String.raw`^${PLEASE}(?:always )?(?:use (?:a )?tables?|put (?:it|that|this|them|comparisons) in(?:to)? (?:a )?tables?|tables?,? please)\b`)],
  },
  {
    topic: 'markdown',
    stance: 'against',
    instruction: 'Answer in plain text without Markdown formatting.',
    patterns: [
      new RegExp(String.raw`^${PLEASE}(?:${NEG} (?:using |use |with )?|no |without )(?:the )?(?:markdown|formatting)\b`),
      new RegExp(String.raw`^${PLEASE}(?:plain text|just text)(?: only| please|,? no formatting)`),
    ],
  },
  {
    topic: 'jargon',
    stance: 'against',
    instruction: 'Use plain words; avoid jargon.',
    patterns: [
      new RegExp(String.raw`^${PLEASE}(?:${NEG} (?:using |use )?|less |no |without )(?:the |so much )?jargon\b`),
      new RegExp(String.raw`^${PLEASE}(?:use |in )?(?:simpler|plainer|plain) (?:words|language|english|terms)\b`),
      /\bexplain (?:it |this |that )?like i'?m (?:five|5|new|a beginner)\b/,
    ],
  },
];

const CORRECTION = [
  /^(?:no|nope|nah)\s*[,.!;:-]\s*(?!thanks|thank you|worries|problem|need|that's (?:all|fine|great|ok|it|enough))\S/,
  /^(?:wrong|incorrect|not quite|not true|not right)\b/,
  /^(?:that|this|it)(?:'s| is| was) (?:wrong|incorrect|not (?:right|correct|true|what i (?:asked|said|meant))|false|a mistake)\b/,
  /^you(?:'re| are| got (?:it|that)) (?:wrong|mistaken|confused)\b/,
  /^actually,? (?:it|that|i|the|we|she|he|they|my)\b.{0,40}\b(?:was|were|is|did|didn't|wasn't|isn't|meant|said)\b/,
  /^(?:i (?:said|meant|asked about))\b.{3,}(?:,? not\b)/,
];

const CORRECTION_INSTRUCTION = 'Check facts against the memories before answering, and say so when unsure.';

// "from now on, …", "always …", "never …": a standing instruction about answers, even when no topic above knows it.
const STANDING = /^(?:(?:please|and|also|ok|okay|so)[,]?\s+)*(?:from now on|in (?:the )?future|going forward|next time|always|never|don't ever|do not ever|please always|please never)\b[,]?\s*(.+)$/;
const ABOUT_ANSWERS =
  /\b(?:answers?|repl(?:y|ies)|respon(?:d|ses?)|explain|explanations?|summar(?:y|ies|ise|ize)|format(?:ting)?|sentences?|paragraphs?|words|examples?|tell me|give me|show me|start with|lead with|mention|cite|sources?|ask me|remind me|call me|address me|units?|metric|imperial|24-hour|time format)\b/;
const NOT_INSTRUCTION = /^(?:never mind|nevermind|always the same|never again\W*$)/;

const CLAUSE = /[,;]?\s+(?:and|but|also|plus|and also)\s+(?=(?:please |also |)(?:don't|do not|never|stop|always|use|give|keep|be|make|no|skip|lead|start|put)\b)|;\s+/;

/** One message → its sentences (and the instructions within them), lower case, quotes straightened, contractions written one way. */
export function sentences(text: string): { raw: string; norm: string; question: boolean }[] {
  const out: { raw: string; norm: string; question: boolean }[] = [];
  for (const m of text.matchAll(/[^.!?\n]+(?:[.!?]+|$)/g)) {
    const raw = m[0].trim();
    if (!raw) continue;
    let norm = raw
      .toLowerCase()
      .replace(/[\u2018\u2019\u02bc]/g, "'")
      .replace(/[\u201c\u201d]/g, '"')
      .replace(/\b(don|doesn|can|won|isn|aren|wasn|weren|didn|shouldn)t\b/g, "$1't")
      .replace(/\bim\b/g, "i'm")
      .replace(/\s+/g, ' ')
      .replace(/^[\s"'(*_-]+/, '')
      .trim();
    const question = /\?\s*$/.test(norm);
    norm = norm.replace(/[.!?]+$/, '').trim();
    // "…, and don't use bullet points": each instruction in a sentence is read on its own.
    const clauses = norm.split(CLAUSE);
    for (const c of clauses) if (c.trim()) out.push({ raw: clauses.length > 1 ? c.trim() : raw, norm: c.trim(), question });
  }
  return out;
}

/** "can you make it shorter?" is a request; "is this too long?" and "how long did I spend?" are questions. */
function asRequest(s: { norm: string; question: boolean }): string | null {
  if (!s.question) return s.norm;
  const m = /^(?:(?:please|ok|okay|so),?\s+)?(?:can|could|would|will) you(?: please)? (.+)$/.exec(s.norm);
  return m ? m[1]! : null;
}

function capitalise(s: string): string {
  const t = s.replace(/\s+/g, ' ').trim().replace(/[,;:]+$/, '');
  return t ? `${t[0]!.toUpperCase()}${t.slice(1)}${/[.!]$/.test(t) ? '' : '.'}` : t;
}

/** A topic key for a standing instruction no rule knows: its first content words. */
function slugOf(text: string): string {
  const stop = new Set(['the', 'a', 'an', 'me', 'my', 'your', 'to', 'in', 'of', 'and', 'please', 'you', 'it', 'that', 'with', 'for', 'when']);
  const words = text
    .toLowerCase()
    .split(/[^a-z0-9']+/)
    .filter((w) => w && !stop.has(w));
  return words.slice(0, 4).join('_') || 'general';
}

/**
 * Reads one user message for feedback on answers. `afterAnswer`: the message follows an answer of
 * Engram's (only then can it correct one).
 */
export function feedbackFromText(text: string, afterAnswer: boolean): RuleFeedback[] {
  const out: RuleFeedback[] = [];
  const seen = new Set<string>();
  const push = (f: RuleFeedback) => {
    const k = `${f.topic}:${f.stance}`;
    if (seen.has(k)) return;
    seen.add(k);
    out.push(f);
  };
  const all = sentences(text.slice(0, 4000));
  let anyTopic = false;
  all.forEach((s) => {
    const body = asRequest(s);
    if (body === null) return;
    let matched = false;
    for (const r of RULES) {
      if (r.patterns.some((p) => p.test(body))) {
        push({ kind: 'explicit', topic: r.topic, stance: r.stance, instruction: r.instruction, quote: s.raw });
        matched = true;
      }
    }
    if (!matched && !NOT_INSTRUCTION.test(body)) {
      const m = STANDING.exec(body);
      if (m && ABOUT_ANSWERS.test(m[1]!)) {
        const negative = /^(?:never|don't ever|do not ever|please never)\b/.test(body.replace(/^(?:(?:please|and|also|ok|okay|so)[,]?\s+)*/, ''));
        const rest = m[1]!;
        push({
          kind: 'explicit',
          topic: slugOf(rest),
          stance: negative ? 'against' : 'for',
          instruction: capitalise(negative ? `never ${rest}` : rest),
          quote: s.raw,
        });
        matched = true;
      }
    }
    if (matched) anyTopic = true;
  });
  // A correction opens the reply to an answer ("No, it was Tuesday").
  const lead = all.map((s) => s.norm + (s.question ? '?' : '.')).join(' ');
  if (!anyTopic && afterAnswer && all[0] && !all[0].question && CORRECTION.some((p) => p.test(lead))) {
    push({ kind: 'correction', topic: 'accuracy', stance: 'for', instruction: CORRECTION_INSTRUCTION, quote: text.trim().slice(0, 300) });
  }
  return out;
}

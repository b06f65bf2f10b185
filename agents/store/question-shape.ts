/**
 * Whether a question asks for everything about someone or something (a list gathered over time)
 * rather than one fact: "what activities does Ana do?", "which documents did we use for Atlas?",
 * "where has Ben travelled?", "what are all the …". Read from the grammar of the question (a plural
 * object, "all/every/ever", a present perfect of repeated events), never from a data set's format.
 */
const WH = /^\s*(?:so\s+|and\s+)?(?:what|which|where|who|how)\b/i;
const ALL = /(?<!\bin\s)\ball\b(?!\s+(?:told|together)\b)(?![\s-]+in\s*(?:[?!.,]|$))|\b(?:every|everything|ever|any|anything|kinds? of|types? of|sorts? of|list)\b/i;
const PERFECT = /\b(?:has|have)\s+(?:\p{Lu}[\p{L}'’]*\s+)*(?:\p{Ll}+ed|been|done|gone|seen|made|taken|read|met|visited|tried|used)\b/u;
/** The words right after "what"/"which": a plural noun there ("what books", "which outdoor activities") asks for a list. */
const OBJECT = /^\s*(?:so\s+|and\s+)?(?:what|which)\s+(\p{L}+)(?:\s+(\p{L}+))?/iu;
const PLURAL = /^\p{L}{2,}(?:ies|es|s)$/iu;
const AUX = /^(?:is|are|was|were|do|does|did|has|have|had|can|could|will|would|should|shall|may|might|must)$/i;
const DETERMINER = /^(?:the|a|an|my|our|your|his|her|their|its|this|that|these|those)$/i;
const NOT_PLURAL = /^(?:is|was|has|does|goes|this|its|his|hers|yours|ours|theirs|always|perhaps|across|less|unless|news|bus|gas|lens|plus|thus|status|focus|process|address|business|access|success|class|pass|boss|yes|kiss|miss|dress|glass|cross)$/i;

/** Habits are gathered over time too: "what does Ana do on weekends / for fun / usually". */
const HABIT = /\b(?:on|at|in|during)\s+(?:the\s+)?(?:weekends|evenings|mornings|nights|holidays|vacations|breaks)\b|\b(?:usually|often|typically|for fun)\b|\bin\s+(?:his|her|their|my|your)\s+(?:free|spare)\s+time\b/i;

export function asksForEverything(question: string): boolean {
  if (!WH.test(question)) return false;
  if (ALL.test(question) || HABIT.test(question)) return true;
  if (PERFECT.test(question)) return true;
  const m = OBJECT.exec(question);
  if (!m) return false;
  const plural = (w: string | undefined) => !!w && PLURAL.test(w) && !NOT_PLURAL.test(w) && !AUX.test(w);
  if (AUX.test(m[1]!)) return false;
  // "Which customer wants their deliveries …", "which firm handles invoices": the word in -s after the
  // first is the verb when an object follows it (a determiner, or a plural noun), not a plural object ("which board games do you").
  const after = question.slice(m.index + m[0].length).trimStart().split(/[\s?!.,]+/)[0] ?? '';
  const verb = !!m[2] && /^\p{Ll}+$/u.test(`${m[1]}${m[2]}`) && (DETERMINER.test(after) || (/^\p{Ll}+$/u.test(after) && plural(after)));
  return plural(m[1]) || (plural(m[2]) && !verb);
}

/**
 * Whether a question is answered from what someone did: a wh- question about something done, in
 * the past or over time ("what did Ana make", "where has Ben travelled", "what events has she
 * attended"), or a yes/no question about someone ("would Ana enjoy a pottery class?", "did Ben
 * ever go to Lisbon?", judged from what they did and told). Such answers are told as events ("I
 * went…", "we made…"), which narration.ts recognises. Read from the auxiliary, never from a data
 * set's wording.
 */
const DONE = /\b(?:did|has|have|had)\b(?!\s+(?:to|got)\b)/i;
const ASKING = /^\s*(?:so\s+|and\s+)?(?:what|which|where|who|when|how)\b/i;
const YES_NO = /^\s*(?:so\s+|and\s+)?(?:would|could|might|is|are|was|were|does|do|did|has|have)\b/i;
export function asksAboutDoing(question: string): boolean {
  return (ASKING.test(question) && DONE.test(question)) || YES_NO.test(question);
}

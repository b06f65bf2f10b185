/**
 * The tense of a question, which says which way a bare weekday points: people ask about a day to
 * come in the present or future tense ("what time does the concert start on Saturday?", "when is
 * my appointment on Thursday?") and about a day gone in the past tense ("what did I see on
 * Saturday?"). Null when the words do not say.
 */
export type QuestionTense = 'past' | 'ahead';

/** Past auxiliaries and common past verbs after a subject ("I saw", "we watched"): the day is gone. */
const PAST =
  /\b(?:did|didn['’]t|was|wasn['’]t|were|weren['’]t|had|hadn['’]t|used\s+to)\b|\b(?:i|we|you|he|she|they)\s+(?:just\s+|already\s+)?(?:saw|read|went|got|met|heard|ate|bought|paid|sent|wrote|spoke|said|told|made|took|came|left|found|visited|(?!(?:need|feed|proceed|exceed|succeed)\b)[a-z]+ed)\b/i;
/** Present or future auxiliaries: "is", "does", "will", "am I", "do I have", "what's", "going to". */
const AHEAD =
  /\b(?:is|isn['’]t|are|aren['’]t|am|does|doesn['’]t|do|don['’]t|will|won['’]t|shall|going\s+to|have\s+to|need\s+to)\b|\b(?:what|when|where|who|how|it|that|there|here|he|she)['’]s\b|\b\w+['’](?:re|ll)\b/i;

export function questionTense(question: string): QuestionTense | null {
  if (PAST.test(question)) return 'past';
  if (AHEAD.test(question)) return 'ahead';
  return null;
}

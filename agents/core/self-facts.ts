/**
 * What the user says about themselves ("I live in Berlin", "call me Sam", "I'm allergic to
 * peanuts") and how they want the assistant to behave ("always answer in French"): lines for the
 * core `human` and `persona` blocks. A keyed line replaces the older line with the same key.
 */
export interface CoreLine {
  label: 'human' | 'persona';
  /** Lines with the same key replace each other; the newer wins. */
  key: string;
  line: string;
}

const NAME = String.raw`([A-Z][\p{L}'’-]+(?:\s[A-Z][\p{L}'’-]+){0,2})(?![\p{L}\p{N}])`;
const PLACE = String.raw`([A-Z][\p{L}'’.-]+(?:[\s,]+[A-Z][\p{L}'’.-]+){0,3})`;
const THING = String.raw`([^.!?;]{2,80}?)`;
const END = String.raw`\s*(?:now|these days|again)?\s*(?:[.!?;]|,\s*(?:and|but|so)\b|$)`;

type Rule = { re: RegExp; make: (m: RegExpExecArray) => CoreLine | null };

const human = (key: string, line: string): CoreLine => ({ label: 'human', key, line });
const tidy = (s: string): string => s.replace(/\s+/g, ' ').replace(/[,.;\s]+$/, '').trim();
const NOT_A_NAME = /^(sorry|sure|fine|good|ok|okay|here|back|done|ready|not|just|also|so|very|really|trying|going|looking|working|using|a|an|the|in|at|from|on)$/i;

const RULES: Rule[] = [
  { re: new RegExp(String.raw`\b[Mm]y name is ${NAME}`, 'u'), make: (m) => human('name', `Name: ${m[1]}`) },
  { re: new RegExp(String.raw`\b(?:[Pp]lease\s+)?[Cc]all me ${NAME}`, 'u'), make: (m) => human('name', `Name: ${m[1]} (wants to be called ${m[1]})`) },
  {
    re: new RegExp(String.raw`^(?:[Hh]i|[Hh]ello|[Hh]ey)?[,!\s]*(?:I am|I'm) ${NAME}${END}`, 'u'),
    make: (m) => (NOT_A_NAME.test(m[1]!.split(' ')[0]!) ? null : human('name', `Name: ${m[1]}`)),
  },
  {
    re: new RegExp(String.raw`\bI(?:'ve| have)? (?:live|lived|moved|am based|'m based|am living|'m living|relocated)(?: now)? (?:in|to) ${PLACE}`, 'u'),
    make: (m) => human('home', `Lives in: ${tidy(m[1]!)}`),
  },
  {
    // The same in German, French, Spanish and Portuguese: "Ich heiße Lena", "je m'appelle Lena", "me llamo Lena", "chamo-me Lena".
    re: new RegExp(String.raw`(?:\b[Ii]ch hei(?:ß|ss)e|\b[Jj]e m'appelle|\b[Mm]e llamo|\b[Mm]i nombre es|\b[Cc]hamo-me|\b[Mm]e chamo|\b[Mm]eu nome é)\s+${NAME}`, 'u'),
    make: (m) => human('name', `Name: ${m[1]}`),
  },
  {
    re: new RegExp(String.raw`(?:\b(?:[Ii]ch )?wohne|\b[Jj]'habite|\b[Jj]e vis|\b(?:[Yy]o )?[Vv]ivo|\b(?:[Ee]u )?[Mm]oro)(?: jetzt| agora| ahora| maintenant)? (?:in|à|a|en|em|no|na) ${PLACE}`, 'u'),
    make: (m) => human('home', `Lives in: ${tidy(m[1]!)}`),
  },
  {
    re: new RegExp(String.raw`\bI (?:now )?work (?:at|for) ${PLACE}`, 'u'),
    make: (m) => human('employer', `Works at: ${tidy(m[1]!)}`),
  },
  {
    re: new RegExp(String.raw`\bI(?:'m| am) (?:a|an) ([a-z][a-z -]{2,40}?) (?:at|for) ${PLACE}`, 'u'),
    make: (m) => human('job', `Job: ${tidy(m[1]!)} at ${tidy(m[2]!)}`),
  },
  {
    re: new RegExp(String.raw`\bI work as (?:a|an) ${THING}${END}`, 'iu'),
    make: (m) => human('job', `Job: ${tidy(m[1]!)}`),
  },
  {
    re: new RegExp(String.raw`\bmy (?:birthday|date of birth) is ${THING}${END}`, 'iu'),
    make: (m) => human('birthday', `Birthday: ${tidy(m[1]!)}`),
  },
  {
    re: new RegExp(String.raw`\bI was born (?:on|in) ${THING}${END}`, 'iu'),
    make: (m) => human('birthday', `Born: ${tidy(m[1]!)}`),
  },
  {
    re: new RegExp(String.raw`\bmy (?:time ?zone|timezone) is ${THING}${END}`, 'iu'),
    make: (m) => human('timezone', `Time zone: ${tidy(m[1]!)}`),
  },
  {
    re: new RegExp(String.raw`\bI(?:'m| am) allergic to ${THING}${END}`, 'iu'),
    make: (m) => human(`allergy:${tidy(m[1]!).toLowerCase()}`, `Allergic to: ${tidy(m[1]!)}`),
  },
  {
    re: new RegExp(String.raw`\bI(?:'m| am) (?:a )?(vegetarian|vegan|pescatarian|left-handed|right-handed|colou?r ?blind)\b`, 'iu'),
    make: (m) => human(`trait:${m[1]!.toLowerCase()}`, `Is ${m[1]!.toLowerCase()}`),
  },
  {
    re: new RegExp(String.raw`\bI speak ${THING}${END}`, 'iu'),
    make: (m) => human('languages', `Speaks: ${tidy(m[1]!)}`),
  },
  {
    re: new RegExp(String.raw`\bI (?:really )?(?:prefer|like|love|enjoy) ${THING}${END}`, 'iu'),
    make: (m) => {
      const what = tidy(m[1]!);
      if (/^(it|that|this|them|to know|you)\b/i.test(what)) return null;
      return human(`likes:${what.toLowerCase()}`, `Likes: ${what}`);
    },
  },
  {
    re: new RegExp(String.raw`\bI (?:really )?(?:hate|dislike|don't like|do not like|can't stand) ${THING}${END}`, 'iu'),
    make: (m) => {
      const what = tidy(m[1]!);
      if (/^(it|that|this|them|you)\b/i.test(what)) return null;
      return human(`likes:${what.toLowerCase()}`, `Dislikes: ${what}`);
    },
  },
  {
    // Standing instructions for the assistant: "always answer in French", "never use emoji".
    re: /^(?:please\s+|from now on,?\s+|and\s+)?(always|never)\s+([^.!?]{3,160})/i,
    make: (m) => ({ label: 'persona', key: `rule:${m[2]!.toLowerCase().replace(/\W+/g, ' ').trim()}`, line: `The user asked: ${m[1]!.toLowerCase()} ${tidy(m[2]!)}` }),
  },
  {
    re: /^(?:please\s+)?(be (?:more |less )?(?:concise|brief|detailed|formal|casual|direct))\b/i,
    make: (m) => ({ label: 'persona', key: 'style', line: `The user asked: ${m[1]!.toLowerCase()}` }),
  },
];

function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 3 && s.length < 500);
}

/** Core lines stated in one user message, in order; one per sentence and key. */
export function selfFacts(text: string): CoreLine[] {
  const out: CoreLine[] = [];
  for (const s of sentences(text)) {
    for (const rule of RULES) {
      const m = rule.re.exec(s);
      if (!m) continue;
      const line = rule.make(m);
      if (!line) continue;
      const i = out.findIndex((o) => o.label === line.label && o.key === line.key);
      if (i >= 0) out[i] = line;
      else out.push(line);
    }
  }
  return out;
}

/**
 * Facts about other people, organisations and projects in what the user writes: "Ana is my
 * manager", "my dentist is Dr Rui Costa", "Bo works at Acme", "Project Atlas is due Friday".
 * Statements about the user themselves ("I live in Berlin") are the core agent's.
 */
export interface StatedFact {
  /** Who or what it is about. */
  subject: string;
  /** Stable key of the relation; facts with the same key and a different value conflict when `functional`. */
  key: string;
  functional: boolean;
  /** The fact as a sentence about the subject ("Ana is the user's manager"). */
  sentence: string;
  /** The value the key maps to (for conflict detection). */
  value: string;
}

const NAME = String.raw`((?:Dr\.?\s|Mr\.?\s|Ms\.?\s|Mrs\.?\s)?[A-Z][\p{L}'’-]+(?:\s(?:van|de|da|von|del|[A-Z][\p{L}'’-]+)){0,3})(?![\p{L}\p{N}])`;
const NOT_NAMES = new Set(['i', 'it', 'this', 'that', 'there', 'the', 'he', 'she', 'they', 'we', 'you', 'my', 'our', 'his', 'her', 'their', 'what', 'who', 'today', 'tomorrow', 'yesterday', 'here', 'and', 'but', 'so', 'also', 'please', 'engram', 'hi', 'hello', 'thanks']);

/** Roles a person can hold for several people at once: never contradicted by a new one. */
const MANY = new Set(['friend', 'colleague', 'coworker', 'co-worker', 'teammate', 'client', 'customer', 'neighbour', 'neighbor', 'cousin', 'report', 'direct report', 'contact', 'student', 'sibling', 'brother', 'sister', 'son', 'daughter', 'child', 'kid', 'uncle', 'aunt', 'nephew', 'niece', 'grandchild', 'mentee', 'supplier', 'vendor', 'investor', 'pet', 'cat', 'dog']);

function cleanName(n: string): string | null {
  const name = n.replace(/[.,;:!?]+$/, '').trim();
  const first = name.split(/\s+/)[0]!.toLowerCase();
  if (NOT_NAMES.has(first)) return null;
  return name;
}

function cleanRole(r: string): string {
  return r
    .toLowerCase()
    .replace(/^(new|current|old|former)\s+/, '')
    .replace(/\s+(now|again|too|as well)$/, '')
    .trim();
}

function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 3 && s.length < 400);
}

const RULES: Array<{ re: RegExp; make: (m: RegExpExecArray) => StatedFact | null }> = [
  {
    // "Ana is my manager", "Ana Lima is now my team lead"
    re: new RegExp(String.raw`^(?:and\s+|also\s+|btw,?\s+)?${NAME}\s+is\s+(?:now\s+|also\s+)?my\s+(?:new\s+)?([a-z][a-z -]{1,30}?)(?:\s+(?:at|from|since|for)\b.*)?[.!]?$`, 'u'),
    make: (m) => roleFact(m[1]!, m[2]!),
  },
  {
    // "my manager is Ana", "my dentist is now Dr Rui Costa", "my manager's name is Ana"
    re: new RegExp(String.raw`\b[Mm]y\s+(?:new\s+)?([a-z][a-z -]{1,30}?)(?:'s name)?\s+is\s+(?:now\s+|called\s+|named\s+)?${NAME}`, 'u'),
    make: (m) => roleFact(m[2]!, m[1]!),
  },
  {
    re: new RegExp(String.raw`${NAME}\s+(?:now\s+)?(?:works|is working|worked)\s+(?:at|for)\s+${NAME}`, 'u'),
    make: (m) => relation(m[1]!, 'employer', m[2]!, (s, v) => `${s} works at ${v}`),
  },
  {
    re: new RegExp(String.raw`${NAME}\s+(?:now\s+)?(?:lives|is living|is based|lived)\s+in\s+${NAME}`, 'u'),
    make: (m) => relation(m[1]!, 'home', m[2]!, (s, v) => `${s} lives in ${v}`),
  },
  {
    re: new RegExp(String.raw`${NAME}\s+(?:has\s+)?moved\s+to\s+${NAME}`, 'u'),
    make: (m) => relation(m[1]!, 'home', m[2]!, (s, v) => `${s} lives in ${v}`),
  },
  {
    re: new RegExp(String.raw`${NAME}\s+(?:now\s+)?reports\s+to\s+${NAME}`, 'u'),
    make: (m) => relation(m[1]!, 'manager', m[2]!, (s, v) => `${s} reports to ${v}`),
  },
  {
    // "Rafael Souza moved to the Berlin office and now reports to Inês Duarte": the subject opens the sentence.
    re: new RegExp(String.raw`^${NAME}\s[^.!?]*?\breports\s+to\s+${NAME}`, 'u'),
    make: (m) => relation(m[1]!, 'manager', m[2]!, (s, v) => `${s} reports to ${v}`),
  },
  {
    // "Rafael moved to the Berlin office", "Bo transferred to the Lisbon team"
    re: new RegExp(String.raw`^${NAME}\s+(?:has\s+)?(?:moved|transferred|switched)\s+to\s+the\s+${NAME}\s+(office|team|branch|site)\b`, 'u'),
    make: (m) => relation(m[1]!, 'workplace', `${m[2]} ${m[3]}`, (s, v) => `${s} moved to the ${v}`),
  },
  {
    // Portuguese, Spanish, French, German: "A Marta é a minha chefe", "Ana es mi jefa", "Paul est mon manager", "Lena ist meine Chefin"
    re: new RegExp(
      String.raw`^(?:[AaOo]\s+)?${NAME}\s+(?:é|es|est|ist)\s+(?:agora\s+|ahora\s+|maintenant\s+|jetzt\s+)?(?:(?:o|a|el|la)\s+)?(?:meu|minha|mi|mon|ma|mein|meine)\s+([\p{Ll}][\p{Ll} -]{1,30}?)(?:\s+(?:desde|na|no|em|en|de|depuis|à|au|seit|bei|in)\b.*)?[.!]?$`,
      'u',
    ),
    make: (m) => roleFact(m[1]!, m[2]!),
  },
  {
    // "Project Atlas is due Friday", "the Atlas deadline is 12 May"
    re: /\b((?:[Pp]roject\s+)?[A-Z][\w-]+(?:\s[A-Z][\w-]+)?)(?:\s+project)?\s+(?:is\s+due|deadline\s+is|is\s+due\s+on|ships|launches)\s+([^.!?]{2,60})/u,
    make: (m) => relation(m[1]!.replace(/^project\s+/i, 'Project '), 'deadline', m[2]!.trim(), (s, v) => `${s} is due ${v}`),
  },
  {
    // "Our password policy: passwords need 14 characters", "The travel policy says …": an organisation's rule.
    re: /^(?:our|the)\s+((?:[\w-]+\s+){0,3}(?:policy|policies|rules?|guidelines?))\s*(?::|\bis\b|\bsays\b|\bstates\b)\s*(.{5,240}?)[.!]?$/iu,
    make: (m) => {
      const subject = m[1]!.replace(/^./, (c) => c.toUpperCase());
      const value = m[2]!.trim();
      return { subject, key: `${subject.toLowerCase()}|says`, functional: true, sentence: `${subject}: ${value}`, value };
    },
  },
  {
    // "Ana is the CFO of Acme", "Acme is a logistics company" (profile line, never conflicting)
    re: new RegExp(String.raw`^${NAME}\s+(?:is|are|was)\s+(an?\s+|the\s+)([^.!?]{3,120})`, 'u'),
    make: (m) => {
      const s = cleanName(m[1]!);
      if (!s) return null;
      const value = `${m[2]}${m[3]}`.trim();
      if (/^my\b/i.test(value)) return null;
      return { subject: s, key: `${s.toLowerCase()}|is ${value.toLowerCase()}`, functional: false, sentence: `${s} is ${value}`, value };
    },
  },
];

/** Whom "my …" can name in apposition ("my sister Ana", "my dentist Dr Rui Costa"): kin, friends, work and the people who serve the user. */
const RELATION =
  'sister|brother|mother|mum|mom|father|dad|wife|husband|partner|girlfriend|boyfriend|fiancée?|son|daughter|cousin|aunt|uncle|niece|nephew|grand(?:mother|father|ma|pa|son|daughter)|stepmother|stepfather|(?:best )?friend|flatmate|roommate|housemate|neighbou?r|boss|manager|colleague|co-?worker|teammate|mentor|dentist|doctor|gp|therapist|lawyer|accountant|landlord|landlady|tenant|trainer|coach|teacher|tutor|assistant|babysitter|nanny|vet';
const APPOSITION = new RegExp(String.raw`\b[Mm]y\s+(?:(?:older|younger|little|big|elder|twin|new|old)\s+)?(${RELATION})\s+${NAME}`, 'u');
const MONTH = 'january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec';
const DAY_OF_YEAR = String.raw`(?:\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:${MONTH})\b\.?|(?:${MONTH})\.?\s+\d{1,2}(?:st|nd|rd|th)?\b)`;
/** "Ana's birthday is on 3 March", "her birthday is March 3rd": "her" is the person the message last named. */
const BIRTHDAY = new RegExp(String.raw`(?:${NAME}['’]s|\b(his|her|their))\s+birthday\s+is\s+(?:on\s+)?(${DAY_OF_YEAR})`, 'iu');

function appositionFact(sentence: string): StatedFact | null {
  const m = APPOSITION.exec(sentence);
  return m ? roleFact(m[2]!, m[1]!.toLowerCase()) : null;
}

function birthdayFact(sentence: string, lastNamed: string | null): StatedFact | null {
  const m = BIRTHDAY.exec(sentence);
  if (!m) return null;
  const subject = m[1] ? cleanName(m[1]) : lastNamed;
  if (!subject) return null;
  return relation(subject, 'birthday', m[3]!.replace(/\.$/, ''), (s, v) => `${s}'s birthday is ${v}`);
}

function roleFact(nameRaw: string, roleRaw: string): StatedFact | null {
  const subject = cleanName(nameRaw);
  if (!subject) return null;
  const role = cleanRole(roleRaw);
  if (!role || role.split(' ').length > 3) return null;
  const functional = !MANY.has(role) && !MANY.has(role.replace(/s$/, ''));
  return {
    subject,
    key: functional ? `user's ${role}` : `user's ${role}|${subject.toLowerCase()}`,
    functional,
    sentence: `${subject} is the user's ${role}`,
    value: subject,
  };
}

function relation(subjectRaw: string, rel: string, valueRaw: string, say: (s: string, v: string) => string): StatedFact | null {
  const subject = cleanName(subjectRaw);
  const value = valueRaw.replace(/[.,;:!?]+$/, '').trim();
  if (!subject || !value) return null;
  return { subject, key: `${subject.toLowerCase()}|${rel}`, functional: true, sentence: say(subject, value), value };
}

/** Facts stated in a piece of user text, in order. */
export function statedFacts(text: string): StatedFact[] {
  const out: StatedFact[] = [];
  let lastNamed: string | null = null;
  const keep = (f: StatedFact | null): void => {
    if (!f || out.some((o) => o.key === f.key && o.value === f.value)) return;
    out.push(f);
    if (!f.subject.startsWith('user')) lastNamed = f.subject;
  };
  for (const s of sentences(text)) {
    // One sentence may say several things: "my sister Ana lives in Pune and her birthday is on 3 March".
    keep(appositionFact(s));
    for (const rule of RULES) {
      const m = rule.re.exec(s);
      if (!m) continue;
      const f = rule.make(m);
      if (f && !out.some((o) => o.key === f.key && o.value === f.value)) {
        keep(f);
        break;
      }
    }
    keep(birthdayFact(s, lastNamed));
  }
  return out;
}

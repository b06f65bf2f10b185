/**
 * Identifiers a question asks for by what they are, not by the label a screen gives them: a person's
 * own number ("my employee ID" under "Personnel no."), the check that is failing ("which check is
 * blocking the PR"), a protocol ("what VPN protocol": "WireGuard" under "Tunnel type") and a file of
 * the asked type ("what did I call the photo": a picture's name, not a PDF beside it). Each is known
 * by its shape, so the screen need not repeat the question's word for it.
 */
import { stem, type AskedValue } from './asked-value.js';
import { identifierKindAsked } from './identifier-kinds.js';

/**
 * The words for one kind of person whose own number a screen labels in any of them ("Employee ID",
 * "Staff no.", "Personnel number"); a number labelled otherwise (a ticket's, an order's) is not theirs.
 */
const HOLDERS: string[][] = [
  ['employee', 'staff', 'personnel', 'worker', 'payroll'],
  ['customer', 'client', 'account'],
  ['member', 'membership', 'loyalty'],
  ['student', 'pupil', 'matriculation', 'enrolment', 'enrollment'],
  ['patient'],
  ['subscriber', 'subscription'],
];
const HOLDER_STEMS = HOLDERS.map((g) => g.map(stem));
/** "My employee ID", "what's my staff number", "my membership no.": the holder's word before the identifier's. */
const OWN_ID = /\bmy\s+(?:[\p{L}-]+\s+)?([\p{L}-]+)\s+(?:id|ids|number|no\.?|nr\.?|code|reference)\b/iu;
/** A code as screens print a person's number: letters and figures with at least one figure ("E-30958", "K55812", "004417"). */
const ID_VALUE = /(?=[\p{Lu}\d-]*\d)[\p{Lu}\d][\p{Lu}\d-]{2,}/u;

/** The label words of the holder group a question's word is in, or null. */
function holderGroup(word: string): string[] | null {
  const s = stem(word);
  const i = HOLDER_STEMS.findIndex((g) => g.includes(s));
  return i < 0 ? null : HOLDERS[i]!;
}

/** Whether a text labels a code with one of the holder's words right before it ("Personnel no. E-30958", "Staff ID: K-55812"). */
function holderCode(words: readonly string[], text: string): boolean {
  const re = new RegExp(`\\b(?:${words.join('|')})\\s*(?:id|number|no\\.?|nr\\.?|#|code|ref(?:erence)?)?\\s*[:.#]?\\s*(?:(?:is|was)\\s+)?${ID_VALUE.source}`, 'iu');
  return re.test(text);
}

/** "Which check / job / step", with a word that says it fails or holds something up. */
const WHICH_CHECK = /^\s*(?:and\s+|so\s+)?(?:which|what)\s+(?:[\p{L}-]+\s+)?(check|job|step|workflow|action|stage|status check)s?\b/iu;
/** Only what holds a merge up: "which job failed" is read as any other question (a status beside a name answers it). */
const FAILING_ASKED = /\b(?:block(?:s|ed|ing)?|stop(?:s|ped|ping)?|hold(?:s|ing)? up|holding\b|prevent(?:s|ed|ing)?)\b/i;
/**
 * A check a CI page marks as failing: a fail mark (✗, ✕, ×, "X" as OCR reads it) before its name, or
 * its name with a dash and the failure ("lint — failed", "e2e: failing"). A check that passed says so
 * ("build — passed") and does not match.
 */
const FAILING_CHECK = /[✗✕✘×❌]\s*[\w./:-]{2,}|\b[xX]\s+[a-z][\w./:-]{2,}\s+[—–-]|\b[\w./:-]{2,}\s*(?:[—–-]+|:)\s*(?:failed|failing|failure|error(?:ed)?|cancell?ed|timed out)\b/u;

/** Protocols as settings pages and tools name them: VPN tunnels, transfer and mail protocols. */
const PROTOCOL = /\b(?:WireGuard|OpenVPN|IKEv2|IKEv1|IPsec|L2TP|PPTP|SSTP|NordLynx|Lightway|Shadowsocks|SOCKS5|HTTPS?|HTTP\/[23]|QUIC|SFTP|FTPS?|SSH|SMTP|IMAPS?|POP3|CalDAV|CardDAV|WebDAV|SMB|NFS|AFP|MQTT|gRPC|WebSocket|TCP|UDP)\b/;
/** "What VPN protocol", "which protocol does the tunnel use". */
const WHICH_PROTOCOL = /^\s*(?:and\s+|so\s+)?(?:which|what)\s+(?:[\p{L}-]+\s+){0,2}?protocols?\b/iu;

/** A file's type by the words a question uses for it, with the extensions files of that type end in. */
const FILE_TYPES: { asked: RegExp; ext: string }[] = [
  { asked: /\b(?:photo|photograph|picture|pic|image|snapshot|screenshot)s?\b/i, ext: 'jpe?g|png|heic|heif|gif|webp|tiff?|bmp|dng|raw' },
  { asked: /\b(?:video|clip|film|movie)s?\b/i, ext: 'mp4|mov|m4v|avi|mkv|webm' },
  { asked: /\b(?:recording|voice (?:memo|note)|audio)s?\b/i, ext: 'm4a|mp3|wav|ogg|aac|flac|opus' },
  { asked: /\b(?:spreadsheet|sheet)s?\b/i, ext: 'xlsx?|csv|ods|numbers' },
  { asked: /\b(?:pdf|document|letter|contract|invoice|form)s?\b/i, ext: 'pdf|docx?|odt|rtf|pages|txt' },
];

/**
 * For a shape made here, how to find the piece of a text that has it: a long line is led by it
 * ("IMG-8812-door-dent.jpg — Attachments …"); a named identifier leads any line it is not first in
 * ("Booking reference BRX77Q2 — Cabin no. 8214 · Booking reference BRX77Q2").
 */
const PIECES = new WeakMap<(text: string) => boolean, { find: (text: string) => string | null; always: boolean }>();
function shape(re: RegExp): (text: string) => boolean {
  const test = (text: string) => re.test(text);
  PIECES.set(test, { find: (text) => re.exec(text)?.[0] ?? null, always: false });
  return test;
}
function pieceShape(find: (text: string) => string | null): (text: string) => boolean {
  const test = (text: string) => find(text) !== null;
  PIECES.set(test, { find, always: true });
  return test;
}

/** The piece of a text that has the asked thing's shape, when the text does not open with it; else ''. */
export function shapedPiece(asked: AskedValue, text: string): string {
  const piece = asked.shaped ? PIECES.get(asked.shaped) : undefined;
  const found = piece && (piece.always || text.length > 60) ? piece.find(text)?.trim() : '';
  return found && !text.startsWith(found) ? found : '';
}

/** The shape of a file name of the asked type, as OCR may read it: "IMG-4471.jpg", "IMG-4471. jpg". */
export function fileTypeShape(question: string): ((text: string) => boolean) | null {
  const type = FILE_TYPES.find((t) => t.asked.test(question));
  if (!type) return null;
  return shape(new RegExp(`[\\w-]{2,}\\.\\s?(?:${type.ext})\\b`, 'i'));
}

/**
 * The question read as one for an identifier known by its shape, with the words that only say what
 * kind of identifier it is kept apart; null when it asks for none of these.
 */
export function identifierAsked(question: string, asked: AskedValue): AskedValue | null {
  const q = question.replace(/[’]/g, "'");
  // "My booking reference", "the car's number plate": the identifier whose label names that kind, not a sibling code beside it.
  const named = ['code', 'any', 'phone'].includes(asked.kind) ? identifierKindAsked(q) : null;
  if (named) {
    const terms = asked.terms.filter((t) => !named.implied.includes(t));
    const kin = new Map(asked.kin);
    for (const t of terms) if (named.kindWords.includes(t)) kin.set(t, new Set([...(kin.get(t) ?? []), ...named.kin]));
    return { ...asked, kind: 'code', terms, loose: asked.loose.filter((t) => terms.includes(t)), kin, shaped: pieceShape(named.piece) };
  }
  const own = OWN_ID.exec(q);
  const group = own ? holderGroup(own[1]!) : null;
  if (own && group && ['code', 'any', 'phone'].includes(asked.kind)) {
    // The holder's word is met by any of its group's words: "Personnel no." is the employee's number.
    const s = stem(own[1]!);
    const kin = new Map(asked.kin);
    kin.set(s, new Set([...(kin.get(s) ?? []), ...group.map(stem)]));
    return { ...asked, kind: 'code', kin, shaped: (t) => holderCode(group, t) };
  }
  const check = WHICH_CHECK.exec(q);
  if (check && FAILING_ASKED.test(q) && ['any', 'place', 'code'].includes(asked.kind)) {
    const noun = stem(check[1]!.split(' ').pop()!);
    // "The PR", "the merge request": what the checks run on, which the page calls "Pull Request" or nothing.
    const terms = asked.terms.filter((t) => t !== noun && !/^(?:block|stop|hold|prevent|fail|broke|red$|pr$|mr$)/.test(t));
    return terms.length ? { ...asked, kind: 'any', terms, loose: asked.loose.filter((t) => terms.includes(t)), shaped: shape(FAILING_CHECK) } : null;
  }
  if (WHICH_PROTOCOL.test(q) && ['any', 'place', 'code'].includes(asked.kind)) {
    const terms = asked.terms.filter((t) => t !== 'protocol');
    return { ...asked, kind: 'any', terms: terms.length ? terms : asked.terms, shaped: shape(PROTOCOL) };
  }
  return null;
}

/**
 * Lists read by the status of their rows: a training record ("Fire safety · Expired"), a pharmacy's
 * prescriptions ("Ready to collect"), an order list, a task board, a job sheet. "Which training have I
 * let lapse", "which course haven't I started", "which of my medicines can I collect now", "what is
 * still waiting" name a status in the user's words; a screen says it in its own, in one of several
 * languages ("Overdue", "Abgelaufen", "Nicht begonnen", "Prêt à retirer", "Pendiente", "0%"). The
 * answer is the rows whose status says the asked one, each named by its name cell; a row named by the
 * question ("has my GDPR course expired") is stated with its status, whatever it is; a list about the
 * asked thing none of whose rows has the asked status says so and states no other row. "When does my
 * manual handling run out" is the named row's cell under its expiry column ("Valid until", "Gültig
 * bis", "Expire le"). The screen's words are data.
 */
import type { PassageMatch } from '../../shared/index.js';
import type { FrameWords } from '../store/index.js';
import { foreignForms, meets, metByKin, stem, stemsOf, type AskedValue } from './asked-value.js';
import type { FoundScreen } from './found-screens.js';
import { tablesOf, type LaidTable } from './screen-layout.js';
import { headedTables } from './people-table.js';

/** What a row's status says of it. */
export type Status = 'expired' | 'notStarted' | 'inProgress' | 'failed' | 'ready' | 'pending' | 'onTheWay' | 'valid' | 'done' | 'unpaid' | 'paid' | 'cancelled';

/** How each status is said in English, for the sentence that finds none. */
const SAID: Record<Status, string> = {
  expired: 'expired or overdue',
  notStarted: 'not started',
  inProgress: 'in progress',
  failed: 'failed or turned down',
  ready: 'ready to collect',
  pending: 'pending',
  onTheWay: 'on its way',
  valid: 'valid',
  done: 'done',
  unpaid: 'unpaid or open',
  paid: 'paid',
  cancelled: 'cancelled',
};

/**
 * A status cell's words, in the languages Engram's users read, each class at the start of the cell
 * (a date or a note may follow: "Expired 12 Mar", "Ready to collect since Tue"). The order matters:
 * "Not started" before "Started", "Awaiting collection" (ready) before "Awaiting" (pending).
 */
const CELL: [Status, RegExp][] = [
  // A bill's or an invoice's: owed ("Unpaid", "Offen", "Impayé", "Pendiente de pago", "Em aberto") before "pending"'s "en attente".
  ['unpaid', /^(?:unpaid|not\s+(?:yet\s+)?paid|open|outstanding|due(?:\s+now)?|to\s+pay|unbezahlt|nicht\s+bezahlt|offen|zu\s+zahlen|impayée?|non\s+(?:payée?|réglée?)|à\s+payer|en\s+attente\s+de\s+(?:paiement|règlement)|no\s+pagad[oa]|impagad[oa]|pendiente\s+de\s+pago|por\s+pagar|abiert[oa]|non\s+pagat[oa]|da\s+pagare|insolut[oa]|apert[oa]|não\s+pag[oa]|por\s+pagar|em\s+aberto|a\s+pagar|onbetaald|niet\s+betaald|te\s+betalen)(?![\p{L}])/iu],
  ['paid', /^(?:paid(?:\s+in\s+full)?|settled|bezahlt|beglichen|payée?|réglée?|acquittée?|pagad[oa]|abonad[oa]|liquidad[oa]|pagat[oa]|saldat[oa]|pag[oa]$|quitad[oa]|betaald|voldaan)(?![\p{L}])/iu],
  ['cancelled', /^(?:cancel+ed|void(?:ed)?|called\s+off|storniert|abgesagt|annulée?|cancelad[oa]|anulad[oa]|annullat[oa]|cancellat[oa]|geannuleerd|geschrapt)(?![\p{L}])/iu],
  ['notStarted', /^(?:not\s+(?:yet\s+)?(?:started|begun)|yet\s+to\s+(?:start|begin)|to[\s-]?do|(?:noch\s+)?nicht\s+(?:begonnen|gestartet|angefangen)|(?:non|pas(?:\s+encore)?)\s+(?:commencé|démarré|entamé)e?|à\s+faire|no\s+(?:iniciad|empezad|comenzad)[oa]|sin\s+(?:empezar|iniciar|comenzar)|por\s+hacer|non\s+(?:iniziat|avviat)[oa]|da\s+fare|(?:nog\s+)?niet\s+(?:gestart|begonnen)|te\s+doen|não\s+iniciad[oa]|por\s+fazer)(?![\p{L}])/iu],
  ['failed', /^(?:failed|fail|not\s+passed|did\s+not\s+pass|rejected|declined|refused|denied|nicht\s+bestanden|durchgefallen|abgelehnt|échoué|échec|refusée?|rejetée?|suspendid[oa]|rechazad[oa]|denegad[oa]|fallit[oa]|non\s+superat[oa]|respint[oa]|rifiutat[oa]|mislukt|niet\s+geslaagd|gezakt|afgewezen|geweigerd|reprovad[oa]|recusad[oa])(?![\p{L}])/iu],
  ['expired', /^(?:expired|lapsed|overdue|out\s+of\s+date|past\s+due|not\s+valid|no\s+longer\s+valid|invalid|(?:renewal|refresher)\s+overdue|abgelaufen|überfällig|verfallen|ungültig|nicht\s+(?:mehr\s+)?gültig|expirée?|périmée?|échue?|non\s+valide|caducad[oa]|vencid[oa]|expirad[oa]|no\s+válid[oa]|scadut[oa]|non\s+valid[oa]|verlopen|vervallen|achterstallig|ongeldig)(?![\p{L}])/iu],
  ['ready', /^(?:ready(?:\s+(?:to|for)\s+(?:collect(?:ion)?|pick[\s-]?up))?|awaiting\s+(?:collection|pick[\s-]?up)|available\s+(?:for|to)\s+(?:collection|collect|pick[\s-]?up)|abholbereit|(?:bereit\s+zur|zur)\s+abholung(?:\s+bereit)?|abholung\s+möglich|prête?(?:\s+(?:à|pour)\s+(?:retirer|retrait|récupérer))?|à\s+retirer|disponible\s+(?:en|au|pour(?:\s+le)?)\s+retrait|list[oa](?:\s+para\s+(?:recoger|retirar))?|disponible\s+para\s+(?:recoger|retirar)|pront[oa](?:\s+(?:per\s+il|da)\s+ritir(?:o|are))?|da\s+ritirare|klaar(?:\s+(?:om\s+op\s+te\s+halen|voor\s+afhalen))?|afhaalklaar|pront[oa]\s+para\s+(?:retirar|recolha|levantar))(?![\p{L}])/iu],
  ['pending', /^(?:pending|awaiting|waiting|on\s+hold|in\s+review|under\s+review|ausstehend|(?:genehmigung|freigabe)\s+ausstehend|wartet|in\s+prüfung|en\s+attente|pendiente|en\s+espera|en\s+revisión|in\s+attesa|in\s+sospeso|in\s+revisione|in\s+afwachting|in\s+behandeling|openstaand|pendente|aguardando|em\s+análise)(?![\p{L}])/iu],
  ['onTheWay', /^(?:shipped|dispatched|despatched|sent|in\s+transit|out\s+for\s+delivery|on\s+(?:its|the)\s+way|versandt|verschickt|unterwegs|in\s+zustellung|expédiée?|envoyée?|en\s+(?:cours\s+de\s+livraison|transit|camino|tránsito|reparto)|enviad[oa]|spedit[oa]|in\s+(?:transito|consegna)|verzonden|onderweg|em\s+(?:trânsito|rota))(?![\p{L}])/iu],
  ['inProgress', /^(?:in[\s-]progress|ongoing|started|underway|under\s+way|in\s+(?:bearbeitung|arbeit)|läuft|begonnen|en\s+cours|commencée?|en\s+(?:curso|progreso)|empezad[oa]|iniciad[oa]|in\s+corso|avviat[oa]|iniziat[oa]|bezig|gestart|in\s+uitvoering|em\s+(?:andamento|curso))(?![\p{L}])/iu],
  ['valid', /^(?:valid|active|current|up\s+to\s+date|in\s+date|compliant|gültig|aktiv|aktuell|valide|valable|actif|active|à\s+jour|válid[oa]|vigente|activ[oa]|al\s+día|valid[oa]|attiv[oa]|geldig|actief|em\s+dia)(?![\p{L}])/iu],
  ['done', /^(?:completed?|done|finished|passed|collected|picked\s+up|dispensed|delivered|abgeholt|geliefert|retirée?|livrée?|recogid[oa]|entregad[oa]|ritirat[oa]|consegnat[oa]|opgehaald|geleverd|levantad[oa]|abgeschlossen|erledigt|bestanden|fertig|absolviert|terminée?|réussie?|faite?|complétée?|completad[oa]|terminad[oa]|hech[oa]|aprobad[oa]|completat[oa]|superat[oa]|fatt[oa]|terminat[oa]|voltooid|afgerond|gedaan|geslaagd|concluíd[oa]|aprovad[oa])(?![\p{L}])/iu],
];

/** A column of progress ("Progress", "% complete", "Fortschritt", "Avancement"): its percents are statuses. */
const PROGRESS_HEADER = /\b(?:progress|complet(?:e|ed|ion)|fortschritt|erledigt|progression|avancement|progreso|avance|avanzamento|voortgang|progresso)\b|%/i;
const PERCENT = /^(\d{1,3})\s?%$/;

/** The status a cell says, or null; a percent only under a column of progress. */
export function statusOf(cell: string, progress = false): Status | null {
  const t = cell.trim();
  if (!t || t.length > 48) return null;
  const pc = PERCENT.exec(t);
  if (pc) return progress ? (Number(pc[1]) === 0 ? 'notStarted' : Number(pc[1]) >= 100 ? 'done' : 'inProgress') : null;
  // A cell that opens with a mark (a dot, a tick, an icon OCR read as a letter or two) is read past it.
  const words = t.replace(/^[^\p{L}\d]+/u, '');
  for (const [status, re] of CELL) if (re.test(words)) return status;
  return null;
}

/**
 * The statuses a question asks about, in the user's words: "let lapse", "out of date", "haven't
 * started", "can I collect", "still waiting", "turned down", "still valid", "finished". A question
 * of when ("when does it run out") asks for a date, not for rows.
 */
const ASKED: [Status[], RegExp][] = [
  // "Which bills haven't I paid", "is the plumber's invoice still outstanding", "what do I still owe": owed, overdue or waiting.
  [['unpaid', 'expired', 'pending'], /\b(?:unpaid|not\s+(?:yet\s+)?(?:been\s+)?paid|(?:haven't|havent|hasn't|have\s+not|has\s+not|didn't|did\s+not)\s+(?:\w+\s+){0,3}(?:paid|pa(?:y|id)\s+for|settled)|still\s+(?:owe|owing|to\s+pay|outstanding|open|due|unpaid)|outstanding|owing|left\s+to\s+pay)\b/i],
  // "Have I paid the water bill", "did we pay the nursery", "is the gas bill settled".
  [['paid'], /\b(?:paid|settled|(?:did|do)\s+(?:i|we)\s+(?:\w+\s+)?pay)\b/i],
  [['cancelled'], /\b(?:cancel+ed|called\s+off)\b/i],
  [['notStarted'], /\b(?:not\s+(?:yet\s+)?(?:started|begun|touched|opened)|(?:haven't|havent|have\s+not|hasn't|has\s+not|didn't|did\s+not|not)\s+(?:\w+\s+){0,2}(?:yet\s+)?(?:start(?:ed)?|begun|beg[ia]n|touch(?:ed)?|open(?:ed)?)|yet\s+to\s+(?:start|begin)|still\s+to\s+(?:start|begin))\b/i],
  [['notStarted', 'inProgress'], /\b(?:(?:haven't|havent|have\s+not|hasn't|has\s+not|not)\s+(?:\w+\s+){0,2}(?:yet\s+)?(?:finished|completed|done)|still\s+to\s+do|unfinished|incomplete|left\s+to\s+do)\b/i],
  [['inProgress'], /\b(?:in\s+progress|half[-\s]?(?:way|done|finished)|part(?:ly|ially|\s*way)\s+(?:done|through)|(?:started|begun)\s+but|in\s+the\s+middle\s+of|(?:still|currently)\s+(?:doing|working\s+(?:on|through)))\b/i],
  [['failed'], /\b(?:fail(?:ed|s)?|rejected|declined|turned\s+down|refused|(?:didn't|did\s+not|don't|not)\s+pass)\b/i],
  [['expired'], /\b(?:expired|lapsed?|let\s+(?:\w+\s+){0,3}lapse|out\s+of\s+date|overdue|past\s+(?:its\s+|their\s+|the\s+)?(?:due|expiry|sell)|no\s+longer\s+(?:valid|current)|not\s+(?:valid|current|in\s+date|up\s+to\s+date)|invalid|run\s+out|ran\s+out|need(?:s)?\s+(?:renewing|renewal|to\s+be\s+renewed|redoing|to\s+be\s+redone|refreshing)|due\s+for\s+(?:renewal|a\s+refresher)|behind\s+on)\b/i],
  [['ready'], /\b(?:(?:can|could|to|go(?:ing)?\s+to)\s+(?:\w+\s+){0,3}(?:collect|pick[\s-]?up|fetch|get)|ready|pickup|waiting\s+to\s+be\s+(?:collected|picked\s+up))\b/i],
  [['pending'], /\b(?:pending|waiting|awaiting|still\s+(?:open|outstanding|in\s+review)|outstanding|under\s+review|in\s+review|on\s+hold|not\s+(?:yet\s+)?(?:been\s+)?(?:approved|signed\s+off|accepted|processed|confirmed|decided)|haven't\s+heard\s+back|unapproved)\b/i],
  [['onTheWay'], /\b(?:on\s+(?:its|their|the)\s+way|in\s+transit|(?:haven't|hasn't|have\s+not|has\s+not|not\s+yet|didn't|did\s+not)\s+(?:\w+\s+){0,2}(?:arrived?|come|been\s+delivered|turned\s+up|shown\s+up)|still\s+(?:coming|to\s+come|to\s+arrive)|out\s+for\s+delivery|(?:been\s+)?(?:shipped|dispatched))\b/i],
  [['valid'], /\b(?:(?:still\s+)?valid|up\s+to\s+date|in\s+date|(?:still\s+)?active|still\s+current)\b/i],
  [['done'], /\b(?:completed?|finished|done|passed|got\s+through|signed\s+off|delivered|arrived|collected|picked\s+up|received)\b/i],
];

/** A question of when, how long or how much: a date or an amount, not rows. */
const ASKS_WHEN = /^\s*(?:and\s+|so\s+)?(?:when|until\s+when|till\s+when|by\s+when|what\s+(?:time|date|day)|which\s+(?:date|day)|how\s+(?:long|much|soon|often))\b/i;

/** The statuses a question asks for, with the words that say them, or null. */
export function statusAsked(question: string): { statuses: Status[]; words: string } | null {
  const q = question.replace(/’/g, "'");
  // Who, where, why ask a person, a place, a cause: not the rows of a list.
  if (ASKS_WHEN.test(q) || /^\s*(?:and\s+|so\s+)?(?:who|whom|whose|where|why|how(?!\s+many))\b/i.test(q)) return null;
  // "What was the total paid", "the amount I paid": an amount, not a row's status.
  const amount = /\b(?:total|amount|sum|price|cost|much)\b/i.test(q);
  for (const [statuses, re] of ASKED) {
    const m = re.exec(q);
    // "Which haven't I collected": done said with a not is none of the done rows.
    if (m && statuses[0] === 'done' && /n't\b|\bnot\b/i.test(q)) return null;
    if (m && amount && (statuses[0] === 'paid' || statuses[0] === 'unpaid')) return null;
    if (m) return { statuses, words: m[0] };
  }
  return null;
}

/**
 * The kind of row a question names after "which" or "what" ("which training", "which of my
 * medicines", "what orders"): what the list holds, not one of its rows. Empty for "what's still waiting".
 */
const KIND = /^\s*(?:and\s+|so\s+)?(?:which|what|how\s+many)\s+(?:(?:one|ones)\s+)?(?:of\s+(?:my|the|our|your|his|her|their|these|those)\s+)?((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+)(?=\s+(?:have|has|had|is|are|was|were|do|does|did|can|could|am|should|need|needs|must|will|would|i|we|you|he|she|they|haven't|hasn't|aren't|isn't|didn't|don't|still|already|not)\b)/iu;
const NO_KIND = /^(?:is|are|was|were|do|does|did|have|has|can|could|'s|s|else|exactly|ones?|of)$/i;
function kindWords(question: string): string[] {
  const m = KIND.exec(question.replace(/’/g, "'"));
  if (!m) return [];
  const words = m[1]!.split(/\s+/).filter((w) => !NO_KIND.test(w));
  return words.map((w) => stem(w.toLowerCase()));
}

/** Words of a question that ask, not name: the list's own words and time words. */
const ASKING = new Set('status state stage now today currently yet still already any anything thing things item items one ones list mine week month which what whose have let need get can could'.split(' ').map(stem));

/** Headers of the column that names a list's rows, in several languages. */
const NAME_HEADER = /^(?:name|title|item|course|module|training|task|job|order|product|medicine|medication|drug|prescription|document|certificate|qualification|subject|description|request|ticket|book|kurs|modul|schulung|aufgabe|bezeichnung|titel|artikel|medikament|auftrag|bestellung|cours|formation|tâche|commande|médicament|intitulé|nom|curso|módulo|tarea|pedido|medicamento|nombre|título|corso|compito|ordine|farmaco|nome|titolo|cursus|taak|bestelling|medicijn|naam|titel)\b/i;
/** A cell that is a date, a figure, an empty mark: no row's name. */
const NOT_NAME = /^[\d\s.,:/%€$£()+–—-]*$/;

/** A list's row: its name, its status cell and what it says, its other cells with their headers. */
export interface StatusRow {
  name: string;
  status: string;
  is: Status | null;
  others: { header: string; text: string }[];
  /** Every cell's words, for a row named by the question. */
  text: string;
}

/** A list read for its statuses: its rows, the header of its names, and every header. */
export interface StatusList {
  nameHeader: string;
  headers: string[];
  rows: StatusRow[];
}

/** The column of statuses (most status cells, at least two and half the filled rows) and the column of names. */
export function statusList(table: LaidTable): StatusList | null {
  if (table.rows.length < 2) return null;
  const progress = table.columns.map((h) => PROGRESS_HEADER.test(h));
  const counts = table.columns.map((_, c) => table.rows.filter((r) => r.cells[c] && statusOf(r.cells[c]!, progress[c])).length);
  const best = Math.max(...counts);
  const col = counts.indexOf(best);
  const filled = table.rows.filter((r) => r.cells[col]?.trim()).length;
  if (best < 2 || best < filled / 2) return null;
  const wordy = (c: number) => c !== col && table.rows.filter((r) => r.cells[c] && /\p{L}{2}/u.test(r.cells[c]!) && !NOT_NAME.test(r.cells[c]!) && !statusOf(r.cells[c]!)).length >= table.rows.length / 2;
  let nameCol = table.columns.findIndex((h, c) => NAME_HEADER.test(h.trim()) && wordy(c));
  if (nameCol < 0) nameCol = table.columns.findIndex((_, c) => wordy(c));
  if (nameCol < 0) return null;
  const rows: StatusRow[] = [];
  for (const r of table.rows) {
    const name = r.cells[nameCol]?.trim();
    const status = r.cells[col]?.trim() ?? '';
    if (!name) continue;
    const is = statusOf(status, progress[col]);
    const others = table.columns.map((h, c) => ({ header: h.trim(), text: r.cells[c]?.trim() ?? '' })).filter((o, c) => c !== nameCol && c !== col && o.text);
    rows.push({ name, status, is, others, text: [name, ...others.map((o) => o.text), ...r.loose].join(' · ') });
  }
  return rows.length >= 2 ? { nameHeader: table.columns[nameCol]!.trim(), headers: table.columns.map((h) => h.trim()), rows } : null;
}

/** Whether a row has a status of one of the asked. */
const hasStatus = (r: StatusRow, statuses: readonly Status[]) => !!r.is && statuses.includes(r.is);

/**
 * The lists a found screen shows: laid out from its word boxes when kept, else from lines that keep
 * their cell breaks under a header, else rows of one line each that end in a status (OCR's lines of
 * a table printed with single spaces: "Fire safety awareness 12 Mar 2026 Expired").
 */
export function statusLists(s: Pick<FoundScreen, 'lines' | 'frames'>, layout?: (frameId: string) => FrameWords | null): StatusList[] {
  const laid = s.frames.flatMap((id) => {
    const fw = layout?.(id);
    return fw ? tablesOf(fw) : [];
  });
  if (s.frames.some((id) => layout?.(id))) return laid.map(statusList).filter((l): l is StatusList => !!l);
  const headed = headedTables(s.lines).map((t) => statusList({ columns: t.header, rows: t.rows.map((cells) => ({ cells, loose: [] })) }));
  const lists = headed.filter((l): l is StatusList => !!l);
  return lists.length ? lists : lineList(s.lines);
}

/** The status a whole text says, nothing after it, or null. */
function wholeStatus(text: string): Status | null {
  const t = text.trim();
  for (const [status, re] of CELL) {
    const m = re.exec(t);
    if (m && m[0].length >= t.replace(/[.!]$/, '').length) return status;
  }
  return null;
}

/** A status at the end of a line, after the row's name and maybe its dates ("… 12 Mar 2026 Expired"). */
function lineStatus(line: string): { name: string; status: string; is: Status; middle: string } | null {
  const words = line.trim().split(/\s+/);
  for (let k = 1; k < words.length; k++) {
    const status = words.slice(k).join(' ');
    const is = wholeStatus(status);
    if (!is) continue;
    const before = words.slice(0, k);
    const firstFigure = before.findIndex((w) => /\d/.test(w) || /^[—–-]$/.test(w));
    const nameWords = firstFigure < 0 ? before : before.slice(0, firstFigure);
    if (!nameWords.length || !nameWords.some((w) => /\p{L}{3}/u.test(w))) return null;
    return { name: nameWords.join(' '), status, is, middle: before.slice(nameWords.length).join(' ') };
  }
  return null;
}

/** Rows of one line each whose last words are a status: a list when two lines or more are. */
function lineList(lines: readonly string[]): StatusList[] {
  const rows = lines.map(lineStatus).filter((r): r is NonNullable<ReturnType<typeof lineStatus>> => !!r);
  if (rows.length < 2) return [];
  return [{ nameHeader: '', headers: [], rows: rows.map((r) => ({ name: r.name, status: r.status, is: r.is, others: r.middle ? [{ header: '', text: r.middle }] : [], text: `${r.name} · ${r.middle}` })) }];
}

/** A row said: its name, its status, and up to two other short cells. */
function rowSaid(r: StatusRow, withOthers: boolean): string {
  const others = withOthers ? r.others.filter((o) => o.text.length <= 30 && !/^[—–-]+$/.test(o.text)).slice(0, 2) : [];
  return `${r.name} (${r.status}${others.map((o) => `; ${o.header ? `${o.header}: ` : ''}${o.text}`).join('')})`;
}

export interface StatusLead {
  text: string;
  /** False when the list has no row of the asked status, or no row the question names. */
  found: boolean;
  n: number;
  passage: PassageMatch;
}

/** Whether a term is said by a text: its stem, its kin, its everyday translations. */
function said(term: string, stems: Set<string>, asked: AskedValue): boolean {
  return meets(term, stems) || metByKin(term, stems, asked.kin) || foreignForms(term).some((f) => meets(f, stems));
}

/**
 * What a learning record calls the things it lists, in the languages of CELL: a question's "course"
 * is a page's "training" or "module" (a portal says "Statutory training", its user "my courses").
 */
const LEARNING = new Set(
  'course courses module modules training trainings class classes lesson lessons programme programmes kurs kurse modul schulung schulungen fortbildung weiterbildung cours formation formations curso cursos formación módulo corso corsi formazione modulo cursus opleiding opleidingen'
    .split(' ')
    .map(stem),
);
const learningKind = (k: string, page: Set<string>) => LEARNING.has(k) && [...LEARNING].some((w) => page.has(w));

/** How many screens a status is looked for on. */
const STATUS_SCREENS = 3;

/**
 * The rows of the asked status, or the named row's status, from the lists on the best found screens:
 * "Fire safety awareness (Expired; Valid until: 12 Mar 2026)". A list about the asked thing with no row
 * of the asked status says so, and states none.
 */
export function statusLead(question: string, asked: AskedValue, found: readonly FoundScreen[], layout?: (frameId: string) => FrameWords | null): StatusLead | null {
  const ask = statusAsked(question);
  if (!ask) return null;
  const kind = kindWords(question);
  const askWords = new Set([...stemsOf(ask.words), ...stemsOf(ask.words.replace(/'/g, ''))]);
  const rowTerms = asked.terms.filter((t) => !kind.includes(t) && !askWords.has(t) && !ASKING.has(t) && !/^\d+$/.test(t));
  let missing: StatusLead | null = null;
  for (const s of found.slice(0, STATUS_SCREENS)) {
    const page = stemsOf(`${s.lines.join('\n')}\n${s.title}\n${s.about}`);
    for (const list of statusLists(s, layout)) {
      const listStems = stemsOf(`${list.headers.join(' ')} ${s.title} ${s.about}`);
      // The list is about the asked kind of thing ("medicines", "courses"), by its words or its translations.
      if (kind.length && !kind.some((k) => said(k, listStems, asked) || said(k, page, asked) || learningKind(k, page))) continue;
      const named = list.rows.map((r) => rowTerms.filter((t) => said(t, stemsOf(r.name), asked) || meets(t, stemsOf(r.text))).length);
      const most = Math.max(0, ...named);
      // A row the question names ("has my GDPR course expired"): its status, whatever it says.
      if (most > 0 && !kind.length) {
        const picked = list.rows.filter((_, k) => named[k] === most);
        if (picked.length === 1) return { text: rowSaid(picked[0]!, true), found: true, n: s.n, passage: s.passage };
      }
      let rows = list.rows.filter((r) => hasStatus(r, ask.statuses));
      // "Which of my safeguarding courses have lapsed": the question's other words narrow the rows, when some say them.
      const narrowed = rows.filter((r) => rowTerms.some((t) => meets(t, stemsOf(r.text))));
      if (narrowed.length) rows = narrowed;
      // A word of the question no row and no part of the screen says is another thing's: not this list.
      if (rowTerms.some((t) => !said(t, page, asked) && !list.rows.some((r) => said(t, stemsOf(r.text), asked)))) continue;
      const count = /^\s*(?:and\s+|so\s+)?how\s+many\b/i.test(question) ? `${rows.length}: ` : '';
      if (rows.length) return { text: `${count}${rows.map((r) => rowSaid(r, rows.length === 1)).join(', ')}`, found: true, n: s.n, passage: s.passage };
      // None of the asked status, said only when every row's status is one read: a word not read may be the asked one.
      if (list.rows.some((r) => !r.is)) continue;
      missing ??= {
        text: `I don't know of any: no ${list.nameHeader ? `${list.nameHeader.toLowerCase()} ` : 'row '}in that list is marked ${SAID[ask.statuses[0]!]}${ask.statuses.length > 1 ? ` or ${SAID[ask.statuses[1]!]}` : ''} (${list.rows.slice(0, 6).map((r) => `${r.name}: ${r.status}`).join(', ')})`,
        found: false,
        n: s.n,
        passage: s.passage,
      };
    }
  }
  return missing;
}

/** "When does my X run out", "until when is it valid", "what's the expiry date of X", "when is X due for renewal". */
const ASKS_EXPIRY = /\b(?:expir\w*|run(?:s)?\s+out|lapse[sd]?|valid|good\s+(?:until|till|for)|renew\w*|refresher|redo(?:ing)?|need(?:s)?\s+(?:redoing|refreshing|doing\s+again))\b/i;
const WHEN_OR_DATE = /^\s*(?:and\s+|so\s+)?(?:when|until\s+when|till\s+when|by\s+when|what\s+(?:date|day)|which\s+(?:date|day)|how\s+long)\b|\b(?:expiry|expiration|renewal|end)\s+date\b/i;
/** Headers of the date a row stops being valid or must be renewed by, in several languages. */
const EXPIRY_HEADER = /^(?:expires?(?:\s+on)?|expiry(?:\s+date)?|expiration(?:\s+date)?|exp\.?(?:\s+date)?|valid\s+(?:until|till|to|thru|through)|good\s+(?:until|till|thru)|renew(?:al)?(?:\s+(?:due|date|by))?|(?:next\s+)?(?:refresher\s+)?due(?:\s+(?:date|by|on))?|use\s+by|gültig\s+bis|ablauf(?:datum)?|läuft\s+ab|erneuerung|fällig(?:\s+am)?|expire\s+le|date\s+d['’]expiration|valable\s+jusqu['’](?:au|à)|échéance|renouvellement|caduca|caducidad|fecha\s+de\s+caducidad|vence|vencimiento|válid[oa]\s+hasta|renovación|scade|scadenza|valid[oa]\s+fino\s+al?|rinnovo|geldig\s+tot|vervaldatum|verloopt|verlenging|válid[oa]\s+até|validade)\b/i;

/** Words of an expiry question that ask, not name the row. */
const EXPIRY_WORDS = new Set('expire expiry expiration run out lapse valid good until till renew renewal refresher redo need doing again date end due'.split(' ').map(stem));

/** A cell that gives a date ("14 Jan 2027", "2027-01-14", "14/01/27", "Jan 2027"), not a period ("2 years", "12 months"). */
const DATED = /\b\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\b|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}(?:st|nd|rd|th)?\.?\s+\p{L}{3,}\.?(?:\s+\d{2,4})?\b|\b\p{L}{3,}\.?\s+\d{1,2}(?:st|nd|rd|th)?\b|\b\p{L}{3,}\.?\s+\d{4}\b/u;
const PERIOD_CELL = /^\s*\d+(?:[.,]\d+)?\s*(?:years?|yrs?|months?|mths?|weeks?|wks?|days?|jahre?|monate?|ans?|mois|años?|meses|anni|mesi|jaar|maanden)\s*$/iu;

/**
 * The column that says when a row runs out: a header of expiry or renewal whose cells are dates. A
 * training matrix often heads both how often a course is renewed ("Renewal: 2 years") and when it
 * expires ("Expires: 14 Jan 2027"); the period is no date, whatever its header.
 */
function expiryColumn(table: LaidTable): number {
  const heads = table.columns.map((h, c) => (EXPIRY_HEADER.test(h.trim()) ? c : -1)).filter((c) => c >= 0);
  const dated = heads.filter((c) => {
    const cells = table.rows.map((r) => r.cells[c]?.trim() ?? '').filter((x) => /\d/.test(x));
    return cells.length > 0 && cells.filter((x) => DATED.test(x) && !PERIOD_CELL.test(x)).length * 2 > cells.length;
  });
  // Only periods under every such header: none says when (another reader may).
  return dated[0] ?? heads.find((c) => !table.rows.some((r) => PERIOD_CELL.test(r.cells[c] ?? ''))) ?? -1;
}

/**
 * The date the named row's expiry column gives ("When does my manual handling run out": "Valid until:
 * 03 Sep 2027 (Manual handling)"); a named row with no date there is said to have none.
 */
export function expiryLead(question: string, asked: AskedValue, found: readonly FoundScreen[], layout?: (frameId: string) => FrameWords | null): StatusLead | null {
  if (!WHEN_OR_DATE.test(question) || !ASKS_EXPIRY.test(question)) return null;
  const terms = asked.terms.filter((t) => !EXPIRY_WORDS.has(t) && !ASKING.has(t));
  if (!terms.length) return null;
  let missing: StatusLead | null = null;
  for (const s of found.slice(0, STATUS_SCREENS)) {
    const laid = s.frames.flatMap((id) => {
      const fw = layout?.(id);
      return fw ? tablesOf(fw) : [];
    });
    const tables = s.frames.some((id) => layout?.(id)) ? laid : headedTables(s.lines).map((t) => ({ columns: t.header, rows: t.rows.map((cells) => ({ cells, loose: [] as string[] })) }));
    for (const table of tables) {
      const col = expiryColumn(table);
      if (table.rows.length < 2) continue;
      // A table of renewals that gives only how often ("Renewal: 2 years"), no date: the named row is
      // said to have none, with what its row does give (not its completion date as the expiry).
      if (col < 0) {
        missing ??= periodsOnly(table, terms, asked, s);
        continue;
      }
      const texts = table.rows.map((r) => r.cells.filter((c, k) => c && k !== col).join(' · '));
      const hits = texts.map((t) => terms.filter((x) => said(x, stemsOf(t), asked)).length);
      const most = Math.max(0, ...hits);
      const rows = most > 0 ? table.rows.filter((_, k) => hits[k] === most) : [];
      if (rows.length !== 1) continue;
      const k = table.rows.indexOf(rows[0]!);
      const date = rows[0]!.cells[col]?.trim() ?? '';
      const name = rows[0]!.cells.find((c, j) => j !== col && c && /\p{L}{2}/u.test(c) && !NOT_NAME.test(c))?.trim() ?? texts[k]!;
      const status = rows[0]!.cells.find((c) => c && statusOf(c));
      if (!/\d/.test(date)) return { text: `I don't know: ${name} has no date under ${table.columns[col]!.trim()}${status ? ` (${status.trim()})` : ''}`, found: false, n: s.n, passage: s.passage };
      return { text: `${table.columns[col]!.trim()}: ${date} (${name}${status ? `; ${status.trim()}` : ''})`, found: true, n: s.n, passage: s.passage };
    }
  }
  return missing;
}

/** The named row of a table whose expiry-like headers hold periods only, said to give no date; null when no one row is named. */
function periodsOnly(table: LaidTable, terms: string[], asked: AskedValue, s: FoundScreen): StatusLead | null {
  const heads = table.columns.map((h, c) => (EXPIRY_HEADER.test(h.trim()) ? c : -1)).filter((c) => c >= 0);
  if (!heads.length) return null;
  const texts = table.rows.map((r) => r.cells.filter((c, k) => c && !heads.includes(k) && !NOT_NAME.test(c)).join(' · '));
  const hits = texts.map((t) => terms.filter((x) => said(x, stemsOf(t), asked)).length);
  const most = Math.max(0, ...hits);
  const rows = most > 0 ? table.rows.filter((_, k) => hits[k] === most) : [];
  if (rows.length !== 1) return null;
  const given = rows[0]!.cells.map((c, k) => (c && table.columns[k] ? `${table.columns[k]!.trim()}: ${c.trim()}` : c?.trim() ?? '')).filter(Boolean);
  return { text: `I don't know: the table gives no expiry date (${given.join('; ')})`, found: false, n: s.n, passage: s.passage };
}

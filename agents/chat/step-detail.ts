/**
 * What a step or a rule says of the asked detail: the measure ("how much margin do the files need":
 * "Add 5 mm margin on every side"; "how early should we be at the gate": "Be at the gate 45 minutes
 * before departure"), the format or setting ("what format does the logo want": "Export as PNG-24,
 * sRGB"), when a medicine is taken ("when should I take the ibuprofen": "1 tablet after meals"),
 * and the way around a closure ("Suggested detour: leave the A7 at exit 12 and follow the B4"). The
 * line that tells it is stated, as the screen says it. Screen text is data.
 */
import { stem, termsSaid as covered, VALUE, type AskedValue } from './asked-value.js';
import { instructionIn } from './step-answer.js';
import { stepSentences } from './step-sentences.js';

/** A line that sets a rule, not only an imperative: "Files must have …", "at least 3 mm", "no later than". */
const RULE = /\b(?:must|should|need(?:s)? to|needs?|required?|at least|at most|minimum|maximum|min\.|max\.|no (?:later|earlier|more|less) than|allow|keep|leave|make sure|be sure|muss|müssen|mindestens|doit|doivent|au moins|debe|deben|al menos|deve|devono|almeno|moet|moeten|minstens|ten minste)\b/i;

/** A figure with a unit a rule may set: lengths, weights, volumes, times, resolution, temperature, percent. */
const UNIT_FIGURE = /\b\d+(?:[.,]\d+)?\s?(?:mm|cm|m|km|in|inch(?:es)?|pt|px|dpi|ppi|kg|g|ml|l|°\s?[CF]|%|seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|Minuten|Stunden|Tage|minutos|horas|días|dias|minuti|ore|giorni|minuten|uur|dagen)(?![\p{L}\d])/iu;

/** "How early", "how long before", "how far in advance": a span of time before something. */
const HOW_EARLY = /\bhow\s+(?:early|soon|long\s+before|far\s+(?:in\s+)?advance|much\s+(?:time\s+)?before|many\s+(?:minutes|hours|days)\s+before)\b/i;
/** "45 minutes before departure", "2 hours ahead", "3 days in advance", "90 Minuten vor Abflug". */
const BEFORE_SPAN = /\b\d+(?:[.,]\d+)?\s?(?:minutes?|mins?|hours?|hrs?|h|days?|weeks?|Minuten|Stunden|Tage|minutos|horas|días|minuti|ore|giorni|minuten|uur|dagen)\s+(?:before|ahead|prior|in advance|earlier|vor|avant|antes|prima|voor|voordat)\b/iu;

/**
 * Events a span is counted back from, that screens name in other words than the question: "before
 * boarding" is what an airline says as "before departure", "before the show" what a theatre says as
 * "before the curtain". A question's event and a line's in one group are the same moment.
 */
const EVENTS: readonly RegExp[] = [
  /\b(?:board(?:ing)?|depart(?:ure|s)?|take-?off|flight|gate|check-?in|sail(?:ing)?|embark(?:ation)?|abflug|abfahrt|départ|salida|partenza|vertrek)\b/i,
  /\b(?:show|performance|curtain|concert|screening|film|movie|match|kick-?off|game|doors|start|begins?)\b/i,
  /\b(?:appointment|consultation|visit|surgery|procedure|exam|examination|test|interview|termin|rendez-vous|cita|appuntamento|afspraak)\b/i,
];
/** The event named after "before" in a text, as the group it is in, or -1. */
function eventGroup(text: string): number {
  const m = /\b(?:before|prior to|ahead of|vor|avant|antes de|prima di|voor)\s+(?:the\s+|your\s+|my\s+|our\s+|la\s+|le\s+|el\s+|il\s+|de\s+|dem\s+|der\s+)?([\p{L}-]+(?:\s+[\p{L}-]+)?)/iu.exec(text);
  return m ? EVENTS.findIndex((r) => r.test(m[1]!)) : -1;
}

/**
 * Where one goes for such an event, asked as "how early should I be at the port": the place stands
 * for the event a screen counts back from (a port's sailing, a theatre's show, a clinic's appointment),
 * in the groups of EVENTS.
 */
const EVENT_PLACES: readonly RegExp[] = [
  /\b(?:port|harbou?r|ferry|quay|pier|airport|terminal|station|platform|bus\s+stop|hafen|flughafen|bahnhof|gare|aéroport|puerto|aeropuerto|estación|porto|aeroporto|stazione|luchthaven)\b/iu,
  /\b(?:theat(?:re|er)|venue|stadium|arena|cinema|concert\s+hall|opera)\b/i,
  /\b(?:clinic|hospital|surgery|practice|dentist|doctor|gp|embassy|consulate|test\s+cent(?:re|er))\b/i,
];
/** Ways of travel a page or a question can be told by: a flight's check-in is no ferry's. */
const MODES: readonly RegExp[] = [
  /\b(?:flight|fly|flying|airport|airline|plane|aircraft|take-?off|boarding\s+pass|flug|flughafen|vol|aéroport|vuelo|aeropuerto|volo|aeroporto|vlucht|luchthaven)\b/iu,
  /\b(?:ferry|ferries|port|harbou?r|sailing|sails|vessel|ship|cruise|quay|pier|fähre|hafen|traversier|ferri|transbordador|traghetto|veerboot)\b/iu,
  /\b(?:train|rail|railway|platform|station|zug|bahnhof|gare|tren|estación|treno|stazione|trein)\b/iu,
];
const modesOf = (text: string) => MODES.map((r, i) => (r.test(text) ? i : -1)).filter((i) => i >= 0);

/** "When should I take / use / apply …": the time of day or the moment a thing is to be taken, not a date beside it. */
const WHEN_TO = /\bwhen\s+(?:should|do|must|shall|can|am|are|is)\s+(?:i|we|you|he|she|they)\s+(?:supposed\s+to\s+|meant\s+to\s+)?(?:take|use|apply|give|put|eat|drink|have|spray|inhale|inject)\b/i;
/** When a medicine, a dose or a treatment is taken, as a leaflet or a plan says it. */
const TIMING =
  /\b(?:(?:before|after|with|during|between)\s+(?:meals?|food|eating|breakfast|lunch|dinner|supper|bed(?:time)?|sleep(?:ing)?|exercise)|in\s+the\s+(?:morning|evening|afternoon)|at\s+(?:night|bedtime|breakfast|lunch|dinner)|on\s+an\s+empty\s+stomach|every\s+\d+\s*(?:hours?|hrs?|h)\b|(?:once|twice|(?:three|four|[2-6])\s+times)\s+(?:a|per)\s+day|(?:nach|vor|zu)\s+dem\s+essen|zum\s+essen|morgens|abends|nüchtern|(?:après|avant|pendant)\s+(?:les\s+)?repas|(?:dopo|prima\s+dei|durante\s+i)\s+(?:i\s+)?pasti|(?:después|antes)\s+de\s+(?:las\s+)?comidas|(?:na|voor|bij)\s+het\s+eten)\b/iu;

/** "How much / how many / how wide / how thick X", "what size margin": a measure asked for. */
const MEASURE_ASKED = /\bhow\s+(?:much|many|big|wide|thick|thin|long|tall|high|deep|heavy|large|small|hot|cold|warm)\b|\bwhat\s+(?:size|width|length|height|depth|weight|temperature|resolution)\b/i;
/** Words that only ask for the measure. */
const MEASURE_WORDS = new Set(['much', 'many', 'big', 'wide', 'thick', 'thin', 'long', 'tall', 'high', 'deep', 'heavy', 'large', 'small', 'size', 'width', 'length', 'height', 'depth', 'weight', 'early', 'soon', 'advance', 'need', 'must', 'requir', 'require', 'should', 'have', 'allow', 'leave'].map(stem));

/** "What format / file type / colour profile / setting", "which format", "in what format", "export as what". */
const FORMAT_ASKED = /\b(?:what|which)\s+(?:[\w-]+\s+)?(?:format|file\s+type|type\s+of\s+file|extension|colou?r\s+(?:profile|space|mode)|codec|encoding|resolution|settings?|preset|quality|standard|spec)s?\b|\bin\s+what\s+(?:format|type)\b|\b(?:export|save|send|deliver|submit|upload)\s+(?:\w+\s+){0,3}as\s+what\b/i;
const FORMAT_WORDS = new Set(['standard', 'spec', 'format', 'file', 'image', 'photo', 'picture', 'video', 'audio', 'document', 'output', 'type', 'extension', 'colour', 'color', 'profile', 'space', 'mode', 'codec', 'encoding', 'resolution', 'setting', 'settings', 'preset', 'quality', 'want', 'need', 'requir', 'require', 'should', 'expect', 'accept', 'prefer', 'like'].map(stem));
/**
 * Who wants the detail: "which PDF standard does the printer want", "how much bleed does the print
 * shop need". The page that says it is theirs, in their own name ("Printly"), or one they sent: the
 * rule need not name them.
 */
const WANTER = /\b(?:does|do|did|will|would)\s+(?:the|my|our|their|your|this|that)?\s*([\p{L}-]+(?:\s+[\p{L}-]+)?)\s+(?:want|need|require|expect|accept|ask\s+for|prefer|take|use)\b/iu;

/** A format as screens write it: an upper-case name with figures or marks ("PNG-24", "PDF/X-4", "UTF-8", "H.264", "sRGB", "CMYK"), a resolution, or a file extension. */
const FORMAT_SHAPE = /\b(?:[A-Z]{2,5}(?:[-/.][A-Z0-9]{1,4})*\d*(?:-\d+)?|s?RGB|CMYK|H\.26[45]|\d{2,4}\s?(?:dpi|ppi)|\d{3,4}\s?[x×]\s?\d{3,4}(?:\s?px)?)\b|\.(?:png|jpe?g|pdf|svg|tiff?|csv|xlsx?|docx?|mp4|mov|wav|mp3|zip|txt)\b/;
/** A setting's row: a short label, a colon, its value ("Compatibility: PDF/X-4", "Raster DPI: 300"). */
const SETTING = /^\p{L}[\p{L} /-]{1,29}:\s+(\S.*)$/u;
/** Upper-case words that are no format: they shout or abbreviate ("NOT", "ASAP", "FAQ"). */
const NOT_FORMAT = /^(?:NOT|NO|DO|DON|ASAP|FAQ|FYI|NB|PS|OK|AND|OR|THE|ALL|EU|UK|US|USA|ID|IT|HR|CEO|PM|AM|TBC|TBD|ETA)$/;

/** "Which way around the closure", "how do I get around the roadworks", "is there a detour", "what's the diversion". */
const DETOUR_ASKED = /\b(?:detour|diversion|divert(?:ed)?|way\s+(?:a)?round|go\s+(?:a)?round|get\s+(?:a)?round|drive\s+(?:a)?round|bypass|avoid|alternative\s+(?:route|way)|other\s+way|instead)\b/i;
/** A line that sets out a detour or another way, in the languages the word table knows. */
const DETOUR_SAID = /\b(?:detour|diversion|diverted|divert|alternative route|bypass|signed route|follow the (?:yellow|orange)? ?signs|Umleitung|umgeleitet|Ausweichroute|déviation|itinéraire bis|desvío|desvio|deviazione|omleiding|omrijroute)\b/iu;
/** What a road, a line or a path is closed by. */
const CLOSED = /\b(?:closed|closure|roadworks|road works|works|blocked|shut|diverted|out of service|fermée?|travaux|cortad[oa]|obras|chiuso|chiusa|lavori)\b|sperrung|gesperrt|baustelle|afgesloten|afsluiting|werkzaamheden/iu;

export interface DetailScreen<P> {
  lines: readonly string[];
  title: string;
  n: number;
  passage: P;
  rank: number;
}

export interface DetailFound<P> {
  text: string;
  n: number;
  passage: P;
}

/** The sentences of a screen's lines, each with the heading above it (a short line with no figure that ends in no stop). */
function sentencesWithHeading(lines: readonly string[]): { s: string; heading: string }[] {
  const out: { s: string; heading: string }[] = [];
  let heading = '';
  for (const s of stepSentences(lines)) {
    const t = s.replace(/[\s;]+$/, '');
    if (t.length <= 48 && !/[.!?:;,]$/.test(t) && !/\d/.test(t) && !instructionIn(t)) heading = t;
    out.push({ s: t, heading });
  }
  return out;
}

/** Whether a figure with its unit stands beside (within four words, in its clause) a word naming what was asked: "5 mm margin", not "6 days" in another clause. */
function measuredBeside(s: string, nouns: readonly string[], kin: AskedValue['kin']): boolean {
  for (const m of s.matchAll(new RegExp(UNIT_FIGURE.source, 'giu'))) {
    const before = s.slice(0, m.index).split(/[,;]/).pop()!.trim().split(/\s+/).slice(-4).join(' ');
    const after = s.slice(m.index! + m[0].length).split(/[,;]/)[0]!.trim().split(/\s+/).slice(0, 4).join(' ');
    if (covered(nouns, `${before} ${after}`, kin) > 0) return true;
  }
  return false;
}

/** A sentence long enough to say a rule: three words, or a label with its value ("Format: PDF/X-4"). */
const fits = (s: string) => (s.split(/\s+/).length >= 3 || /^[\p{L} ]{2,30}:\s+\S/u.test(s)) && s.length <= 240;

/**
 * The span's own sentence, when the line run into it ended in a figure ("Abfahrt Kiel 14:30 Check-in
 * schließt 45 Minuten vor Abfahrt"): stated from the capital after the last figure before the span.
 */
function spanClause(s: string): string {
  const at = BEFORE_SPAN.exec(s)?.index ?? 0;
  const cuts = [...s.slice(0, at).matchAll(/(?<=\d)\s+(?=\p{Lu}\p{Ll})/gu)];
  const cut = cuts[cuts.length - 1];
  return cut ? s.slice(cut.index! + cut[0].length) : s;
}

/**
 * The step or rule that states the asked detail, from the found screens, or null: a measure with
 * its unit in a rule that names the thing measured, a span before an event for "how early", a
 * format in a step that names what is exported or sent (on its line or in the heading over it), a
 * detour on a screen about a closure. Each must say what the question names beside the detail.
 */
export function stepDetail<P>(question: string, asked: AskedValue, screens: readonly DetailScreen<P>[]): DetailFound<P> | null {
  const early = HOW_EARLY.test(question);
  const measure = !early && MEASURE_ASKED.test(question);
  const format = FORMAT_ASKED.test(question);
  const detour = DETOUR_ASKED.test(question);
  // The event asked, named ("before boarding") or told by the place one goes to for it ("at the port").
  const askedEvent = !early ? -1 : eventGroup(question) >= 0 ? eventGroup(question) : EVENT_PLACES.findIndex((r) => r.test(question));
  const askedModes = modesOf(question);
  const whenTo = WHEN_TO.test(question);
  if (!early && !measure && !format && !detour && !whenTo) return null;
  const drop = new Set([...MEASURE_WORDS, ...(format ? FORMAT_WORDS : []), 'detour', 'diversion', 'divert', 'way', 'round', 'around', 'bypass', 'avoid', 'alternative', 'route', 'instead', 'other'].map(stem));
  const kept = asked.terms.filter((t) => !drop.has(t));
  // The one who wants it goes unsaid only beside a thing the question names that must be said ("PDF"): "what resolution does the projector need" still needs the projector.
  const wanter = WANTER.exec(question)?.[1]?.split(/[\s-]+/).map(stem) ?? [];
  const terms = kept.some((t) => !wanter.includes(t) && !asked.loose.includes(t)) ? kept.filter((t) => !wanter.includes(t)) : kept;
  const nouns = terms.filter((t) => !asked.loose.includes(t));
  let best: { found: DetailFound<P>; score: number } | null = null;
  const consider = (found: DetailFound<P>, score: number) => {
    if (!best || score > best.score) best = { found, score };
  };
  for (const sc of screens) {
    const whole = `${sc.lines.join('\n')}\n${sc.title}`;
    for (const { s, heading } of sentencesWithHeading(sc.lines)) {
      if (!fits(s)) continue;
      const own = covered(nouns, s, asked.kin);
      const withHeading = covered(nouns, `${s}\n${heading}`, asked.kin);
      const rule = instructionIn(`${s}.`) || RULE.test(s);
      if (whenTo && nouns.length && own >= nouns.length && TIMING.test(s)) {
        // A plan's row ("Medicine: Ibuprofen 400 · How to take: 1 tablet after meals · Refill from: 15 Dec"): the cell that says when, with the row's name.
        const cells = s.split(/\s+·\s+/);
        const cell = cells.find((c) => TIMING.test(c));
        const text = cells.length > 1 && cell && cell !== cells[0] ? `${cell} (${cells[0]})` : s;
        consider({ text, n: sc.n, passage: sc.passage }, 3 + own + sc.rank);
        continue;
      }
      if (early) {
        // "Be at the gate 45 minutes before departure": a span before, in a line that names what the question does.
        if (!BEFORE_SPAN.test(s)) continue;
        if (nouns.length ? own >= Math.max(1, nouns.length - 1) : covered(terms, s, asked.kin) > 0) consider({ text: spanClause(s), n: sc.n, passage: sc.passage }, 3 + own + sc.rank);
        // "Before boarding" asked, "45 minutes before departure" said: the same moment named in the screen's words.
        // (of the way of travel asked: an airline's check-in does not answer for the ferry port).
        else if (askedEvent >= 0 && eventGroup(s) === askedEvent && (!askedModes.length || !modesOf(whole).length || modesOf(whole).some((m) => askedModes.includes(m)))) consider({ text: spanClause(s), n: sc.n, passage: sc.passage }, 2.5 + own + sc.rank);
        continue;
      }
      if (measure && rule && nouns.length && own >= Math.max(1, nouns.length - 1) && measuredBeside(s, nouns, asked.kin)) {
        // The thing measured is named in the rule itself, beside its figure ("5 mm margin", "a margin of 5 mm").
        consider({ text: s, n: sc.n, passage: sc.passage }, 2 + own + sc.rank);
        continue;
      }
      // A dialog's or a spec sheet's row sets it too ("Compatibility: PDF/X-4"): its value holds the format.
      const setting = SETTING.exec(s);
      const told = rule || /^(?:format|file type|export|save as|colou?r)\b/i.test(s);
      if (format && (told || setting)) {
        const shapes = [...(told ? s : setting![1]!).matchAll(new RegExp(FORMAT_SHAPE.source, 'g'))].map((m) => m[0]).filter((f) => !NOT_FORMAT.test(f) && !VALUE.date.test(f));
        // A shape with its figures ("PDF/X-4", "PNG-24") says more than a bare name ("PDF").
        const exact = shapes.some((f) => /\d/.test(f)) ? 0.5 : 0;
        if (shapes.length && (!nouns.length || withHeading >= nouns.length - (nouns.length > 2 ? 1 : 0) || covered(nouns, sc.title, asked.kin) >= nouns.length)) consider({ text: s, n: sc.n, passage: sc.passage }, 2 + withHeading + 0.5 * shapes.length + exact + sc.rank);
        continue;
      }
      if (detour && DETOUR_SAID.test(s) && (CLOSED.test(whole) || covered(nouns, whole, asked.kin) >= Math.max(1, nouns.length))) {
        // "Suggested detour:" alone says where to look: the line with the roads in it.
        if (s.replace(/^[^:]{0,40}:\s*$/, '').length < 8) continue;
        consider({ text: s, n: sc.n, passage: sc.passage }, 2 + covered(nouns, whole, asked.kin) + sc.rank);
      }
    }
  }
  return (best as { found: DetailFound<P>; score: number } | null)?.found ?? null;
}

/**
 * What a name's own shape says about it, without a lexicon of names: a legal form or a kind of
 * practice marks an organisation ("Nordlicht GmbH", "Kanzlei Vogel", "Clinique du Lac"), a street
 * word marks a place ("Hauptstraße", "Elm Road", "Rue de Rivoli"), and an email address spells its
 * owner ("Rui Costa" beside rui.costa@…). The graph and the semantic agent read names with these.
 */

/** Legal forms and group words that end an organisation's name. */
export const ORG_SUFFIX =
  /\s(?:Inc|Corp|Corporation|Ltd|Limited|LLC|LLP|PLC|plc|GmbH|gGmbH|AG|KG|OHG|UG|eG|e\.\s?V|SA|SAS|SARL|SpA|Srl|SL|SLU|Lda|BV|NV|Pty|AB|ASA|Oy|Labs|Group|Company|Co|Foundation|University|Bank|Associates|Partners)\.?$/;

/**
 * Words that open an organisation's name in the languages Engram reads (a practice, an agency, a
 * property manager, a clinic…): "Praxis am Park", "Hausverwaltung Kranz", "Agence Lumière".
 */
const ORG_HEAD =
  'Praxis|Arztpraxis|Zahnarztpraxis|Kanzlei|Hausverwaltung|Verwaltung|Klinik|Klinikum|Apotheke|Stiftung|Verein|Institut|Agentur|Kita|Schule|Clinic|Pharmacy|Agency|Institute|Association|Society|Academy|Clinique|Pharmacie|Agence|Société|Cl[ií]nica|Farm[aá]cia|Agencia|Ag[eê]ncia|Fundaci[oó]n|Funda[cç][aã]o';
/** Lower-case words that may sit inside a name ("Praxis am Park", "Clinique du Lac", "Bank of Scotland"). */
const PARTICLE = '(?:am|im|an|auf|der|die|das|den|des|de|du|la|le|les|del|della|di|da|do|dos|das|of|the|for|und|et|y|e|&)';
/** The particles that may sit between two of a name's capitalised words ("Kanzlei Brenner am Markt"), not "for" or "and" that start the sentence's next phrase. */
const LOCATIVE = '(?:am|im|an|auf|der|des|de|du|la|le|del|della|di|da|do|dos|of)';
const CAP = String.raw`\p{Lu}[\p{L}'’-]+`;

/** An organisation named by its opening word: the head, then particles and capitalised words. */
export const ORG_BY_HEAD = new RegExp(String.raw`(?<![\p{L}\p{N}])(?:${ORG_HEAD})(?:\s+${PARTICLE})*\s+${CAP}(?:\s+(?:${LOCATIVE}\s+)?${CAP})?(?![\p{L}\p{N}])`, 'gu');
const ORG_HEAD_START = new RegExp(String.raw`^(?:${ORG_HEAD})\s`, 'u');

/** A street by its last word or its ending ("Kastanienallee", "Elm Road", "Schwedter Straße", read "StraRe" by OCR), or by its first ("Rue X", "Calle X"). */
const STREET_END = /(?:stra(?:ße|sse|\p{L}e)|str\.?|allee|weg|platz|gasse|damm|ufer|chaussee|straat|laan|gracht|vej|gatan|vägen)$/iu;
const STREET_WORD = /\s(?:Street|St|Str|Road|Rd|Avenue|Ave|Lane|Ln|Boulevard|Blvd|Square|Sq|Terrace|Crescent|Close)\.?$/;
const STREET_FIRST = /^(?:Rue|Avenue|Boulevard|Calle|Carrer|Avenida|Rua|Travessa|Largo|Pra[çc]a|Via|Viale|Piazza|Corso|Plaza|Paseo)\s/u;

export function orgShaped(name: string): boolean {
  return ORG_SUFFIX.test(name) || ORG_HEAD_START.test(name);
}

export function streetShaped(name: string): boolean {
  return STREET_END.test(name) || STREET_WORD.test(name) || STREET_FIRST.test(name);
}

/** A place named by what it is, first ("Hotel Adlon", "Museum Ludwig", "Lake Bled"). */
const PLACE_FIRST = /^(?:Hotel|Hostel|Motel|Restaurant|Caf[eé]|Museum|Mus[eé]e|Hospital|Krankenhaus|Airport|Flughafen|Aeroporto|Aeropuerto|A[ée]roport|Bahnhof|Gare|Lake|Mount|Mt\.?)\s+\p{Lu}/u;

/** A street, or a place named by what it is: either way a place, whatever a lexicon of names says. */
export function placeShaped(name: string): boolean {
  return streetShaped(name) || PLACE_FIRST.test(name);
}

/** A courtesy or academic title before a name says it is a person's ("Dr. Ilse Brandt", "Mme Roux"). */
export const HONORIFIC = /(?<![\p{L}\p{N}])(?:Dr|Dra|Prof|Mr|Mrs|Ms|Mx|Herr|Frau|Mme|Mlle|Sr|Sra|Srta)\.?\s+((?:\p{Lu}\.\s+)?\p{Lu}[\p{Ll}'’-]+(?:\s+(?:van|de|da|von|del|\p{Lu}[\p{Ll}'’-]+)){0,2})/gu;

const fold = (s: string): string => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The two or three words of `run` (capitalised words) that an email's local part spells
 * ("Amara Nwosu Senior Backend" beside amara.nwosu@… → "Amara Nwosu"; "Rui Costa" beside
 * rui.costa@, costa.rui@ or rcosta@), or null. Accents are folded: "Tomás" is spelled tomas.
 */
export function nameSpelledBy(run: string, email: string): string | null {
  const local = fold(email.split('@')[0] ?? '');
  const parts = local.split(/[._+-]+/).filter(Boolean);
  const all = run.split(/\s+/);
  for (let k = 0; k + 1 < all.length; k++) {
    const words = all.slice(k);
    for (let n = Math.min(3, words.length); n >= 2; n--) {
      const w = words.slice(0, n).map(fold);
      if (w.some((x) => x.length < 2)) continue;
      const whole = w.every((x) => parts.includes(x));
      const initialAndLast = parts.length === 1 && local === `${w[0]![0]}${w[n - 1]}`;
      if (whole || initialAndLast) return words.slice(0, n).join(' ');
    }
  }
  return null;
}

/**
 * Surname prefixes written joined to a capital ("McDonald", "MacArthur", "DeShawn", "LeBron",
 * "DiCaprio", "VanDyke", "FitzGerald"): a name's, not two code words joined.
 */
const NAME_PREFIX = /^(?:Mc|Mac|De|Di|Da|Du|Le|La|Van|Von|Fitz|St)$/;

/**
 * A word that is a code identifier, not a name: CamelCase joined words ("LedgerClient",
 * "getUserName"), snake or SCREAMING_CASE ("retry_count", "MAX_RETRIES"), a dotted path
 * ("os.path", "config.yaml"), or letters with digits inside ("v2Client", "b64encode"). An acronym
 * ("NASA", "MirixDB") and a joined surname ("McDonald", "O'Neil") are not.
 */
export function codeIdentifier(word: string, context?: string): boolean {
  if (/_/.test(word)) return true;
  if (/\p{L}\p{N}+\p{L}/u.test(word)) return true;
  if (/\p{L}{2,}\.\p{L}{2,}/u.test(word)) return true;
  if (/^\p{Ll}{2,}\p{Lu}/u.test(word)) return true;
  const humps = word.match(/\p{Lu}\p{Ll}+/gu) ?? [];
  const joined = /\p{Ll}\p{Lu}\p{Ll}/u.test(word);
  if (!joined) return false;
  if (humps.length === 2 && word.startsWith(humps[0]!) && NAME_PREFIX.test(humps[0]!)) return false;
  // One letter before one capitalised word is a product's name ("iPhone", "eBay"); code starts with a word ("getUser").
  if (/^\p{Ll}/u.test(word) && humps.length === 1) return false;
  // Two joined words are a brand as often as code ("LinkedIn", "WhatsApp", "SoundCloud"): code
  // when the second names a program's part ("LedgerClient", "PaymentGateway"); three or more are code.
  if (humps.length !== 2) return true;
  if (!CODE_ROLE.test(humps[1]!)) return false;
  // A brand may end in such a word too ("CloudService", "AppStore"): in a text that shows no code
  // at all (plain prose about it), it is a name; beside code, or with no text to tell, it is code.
  return context === undefined || showsCode(context, word);
}

/**
 * The word used as code ("new X(", "X.create", "class X", "`X`"), code punctuation ("=>", "();",
 * "::", "extends Base {"), or another identifier no brand is written as (snake_case, lowerCamel, three joined words).
 */
function showsCode(text: string, word: string): boolean {
  const w = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (new RegExp(`\\b(?:new|class|extends|implements|import|interface|struct|def|fn|func)\\s+(?:\\{\\s*)?${w}\\b|\\b${w}(?:\\(|<\\w|\\.\\w|::)|\`${w}\``).test(text)) return true;
  if (/=>|\)\s*;|\w\(\)|::|\b(?:extends|implements)\s+\p{Lu}\w*\s*(?:\{|$)/mu.test(text)) return true;
  return text
    .split(/[\s,;:()[\]{}"'`“”‘’!?]+/)
    .some((t) => t !== word && (/\p{L}_\p{L}/u.test(t) || /^\p{Ll}{2,}\p{Lu}/u.test(t) || /(?:\p{Lu}\p{Ll}+){3}/u.test(t)));
}

/** The last word of a class or module name: what part of a program it is. */
const CODE_ROLE =
  /^(?:Client|Server|Service|Services|Manager|Handler|Handlers|Controller|Factory|Gateway|Scheduler|Parser|Renderer|Builder|Adapter|Provider|Repository|Repo|Store|Error|Exception|Test|Tests|Spec|Config|Util|Utils|Helper|Helpers|Module|Component|View|Model|Worker|Queue|Cache|Loader|Reader|Writer|Listener|Event|Events|Request|Response|Context|State|Props|Type|Types|Schema|Router|Runner|Pool|Stream|Buffer|Impl|Base|Interface|Wrapper|Proxy|Registry|Resolver|Validator|Serializer|Formatter|Logger|Dispatcher|Emitter|Filter|Options|Dialog|Screen|Button|Panel|Job|Task|Hook|Hooks|Api|Dto|Input|Output|Result|Query|Command|Action|Reducer|Middleware|Plugin|Driver|Connection|Session|Table|Index|Entry|Item|Node|Tree|Map|List|Set|Id|Key)$/;

/** Some word of a name is a code identifier; `context`, the text it was read in, decides a joined word ending in a program's part. */
export function codeShaped(name: string, context?: string): boolean {
  return name.split(/\s+/).some((w) => codeIdentifier(w, context));
}

/**
 * A name whose last word is a UI or tech abbreviation, or OCR's usual misreading of one ("Vault UI"
 * read "Vault Ul", "Ledger API", "Notes App", "Stripe SDK"): a product's part, never a person.
 */
export function techTailed(name: string): boolean {
  return /\s(?:UI|Ul|Ui|API|APl|Api|App|Apps|SDK|Sdk|CLI|CLl|Cli)$/u.test(name.trim());
}

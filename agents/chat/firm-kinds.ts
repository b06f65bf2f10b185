/**
 * What a question says of a firm without naming it: "the Danish shipping company", "the German
 * haulier", "our Dutch insurer". A screen says it by the firm's legal form (ApS is Danish, GmbH
 * German, B.V. Dutch, S.r.l. Italian) and by the kind word in its name ("Nordsø Shipping ApS",
 * "Brandt Spedition GmbH", "Vervoer Jansen B.V."), in the languages Engram's users read. A form or a
 * kind word that says another country or trade rules the firm out: it is another firm.
 */

/** A country's adjectives and names as a question says them, and the legal forms its firms carry. */
const COUNTRIES: { says: RegExp; forms: RegExp }[] = [
  { says: /^(?:danish|denmark|dane)$/, forms: /(?:^|\s)(?:ApS|A\/S|I\/S|IVS)(?=$|[\s,.])/ },
  { says: /^(?:german|germany|austrian|austria|swiss|switzerland)$/, forms: /(?:^|\s)(?:GmbH|gGmbH|AG|KG|OHG|UG|e\.\s?K\.|GmbH\s*&\s*Co\.?\s*KG)(?=$|[\s,.])/ },
  { says: /^(?:dutch|netherland|holland|belgian|belgium|flemish)$/, forms: /(?:^|\s)(?:B\.?V\.?|N\.?V\.?|V\.?O\.?F\.?|BVBA|SRL)(?=$|[\s,.])/ },
  { says: /^(?:italian|italy)$/, forms: /(?:^|\s)(?:S\.?r\.?l\.?|S\.?p\.?A\.?|S\.?a\.?s\.?|S\.?n\.?c\.?)(?=$|[\s,.])/ },
  { says: /^(?:french|france)$/, forms: /(?:^|\s)(?:SARL|SAS|SASU|EURL|SNC|S\.A\.S\.?)(?=$|[\s,.])/ },
  { says: /^(?:spanish|spain)$/, forms: /(?:^|\s)(?:S\.?L\.?U?|S\.?L\.?|S\.?A\.?U\.?)(?=$|[\s,.])/ },
  { says: /^(?:portugues|portugal)$/, forms: /(?:^|\s)(?:Lda|Ltda|S\.?A\.?)(?=$|[\s,.])/ },
  { says: /^(?:british|english|uk|scottish|welsh|irish|ireland|britain|england|scotland|wale)$/, forms: /(?:^|\s)(?:Ltd|Limited|plc|PLC|LLP)(?=$|[\s,.])/ },
  { says: /^(?:swedish|sweden)$/, forms: /(?:^|\s)(?:AB)(?=$|[\s,.])/ },
  { says: /^(?:norwegian|norway)$/, forms: /(?:^|\s)(?:AS|ASA)(?=$|[\s,.])/ },
  { says: /^(?:finnish|finland)$/, forms: /(?:^|\s)(?:Oy|Oyj)(?=$|[\s,.])/ },
  { says: /^(?:polish|poland)$/, forms: /(?:^|\s)(?:Sp\.\s?z\s?o\.?\s?o\.?|S\.?A\.?)(?=$|[\s,.])/ },
  { says: /^(?:czech|slovak|czechia|slovakia)$/, forms: /(?:^|\s)(?:s\.\s?r\.\s?o\.?|a\.\s?s\.?)(?=$|[\s,.])/ },
  { says: /^(?:american|america|us|usa)$/, forms: /(?:^|\s)(?:Inc|LLC|Corp|Corporation)\.?(?=$|[\s,.])/ },
];

/** Trades a firm's name says, as question words (stems) and as words in firms' names in other languages. */
const TRADES: { says: RegExp; names: RegExp }[] = [
  {
    says: /^(?:ship|shipp|shipping|haulag|haulage|haulier|hauler|freight|logistic|transport|forward|forwarder|carrier|courier|removal|mover|truck|trucking)$/,
    names: /\b(?:shipping|haulage|hauliers?|freight|logistics?|logistik|logistique|log[ií]stica|transports?|transporte?s?|trasporti|transporten|vervoer|spedition|speditions?|spedizioni|expedi[cç][aã]o|expediteur|fragt|frakt|cargo|forwarding|couriers?|removals?|rederi|shipping)\b/i,
  },
  {
    says: /^(?:insurance|insur|insurer)$/,
    names: /\b(?:insurance|assurance|assurances|versicherung(?:en)?|seguros?|assicurazioni|verzekering(?:en)?|forsikring)\b/i,
  },
  { says: /^bank$/, names: /\b(?:bank|banque|banco|banca|sparkasse|volksbank)\b/i },
  {
    says: /^(?:audit|auditor|accountant|accounting|accountancy|tax)$/,
    names: /\b(?:audit|auditors?|accountants?|accounting|accountancy|wirtschaftspr[üu]fung\w*|steuerberatung|treuhand|expertise comptable|comptables?|auditores|revisione|revisor\w*|accountants)\b/i,
  },
  {
    says: /^(?:law|lawyer|solicitor|attorney|legal)$/,
    names: /\b(?:law|lawyers|solicitors|attorneys|legal|rechtsanw[äa]lte|kanzlei|avocats?|abogados|avvocati|advocaten|advokat\w*)\b/i,
  },
  {
    says: /^(?:print|printer|printing|printshop|printery)$/,
    names: /\b(?:print\w*|druckerei|druck|imprimerie|imprenta|tipograf\w*|stamperia|drukkerij|druk\w*|gráfica|grafica|trykkeri)\b/i,
  },
  { says: /^(?:bakery|baker)$/, names: /\b(?:bakery|bakers?|b[äa]ckerei|boulangerie|panader[ií]a|panificio|bakkerij|bageri)\b/i },
  { says: /^(?:cleaning|cleaner)$/, names: /\b(?:cleaning|cleaners|reinigung|geb[äa]udereinigung|nettoyage|limpieza|pulizie|schoonmaak\w*|reng[øo]ring)\b/i },
  { says: /^(?:building|builder|construction|constructor)$/, names: /\b(?:building|builders|construction|bau|bauunternehmen|b[âa]timent|construcciones|costruzioni|bouw\w*|byg)\b/i },
];

/** Countries' own names as a table's Country cell writes them, in their languages and English. */
const COUNTRY_NAMES: { says: RegExp; names: RegExp }[] = [
  { says: /^(?:danish|denmark|dane)$/, names: /\b(?:denmark|danmark|dänemark|danemark|dinamarca|danimarca|denemarken)\b/i },
  { says: /^(?:german|germany)$/, names: /\b(?:germany|deutschland|allemagne|alemania|germania|duitsland|alemanha)\b/i },
  { says: /^(?:austrian|austria)$/, names: /\b(?:austria|österreich|autriche|oostenrijk)\b/i },
  { says: /^(?:swiss|switzerland)$/, names: /\b(?:switzerland|schweiz|suisse|svizzera|suiza|zwitserland)\b/i },
  { says: /^(?:dutch|netherland|holland)$/, names: /\b(?:netherlands|nederland|niederlande|pays-bas|países bajos|paesi bassi|holland)\b/i },
  { says: /^(?:belgian|belgium|flemish)$/, names: /\b(?:belgium|belgië|belgie|belgique|belgien|bélgica|belgio)\b/i },
  { says: /^(?:italian|italy)$/, names: /\b(?:italy|italia|italien|italie|itália)\b/i },
  { says: /^(?:french|france)$/, names: /\b(?:france|frankreich|francia|frankrijk|frança)\b/i },
  { says: /^(?:spanish|spain)$/, names: /\b(?:spain|españa|espagne|spanien|spagna|spanje|espanha)\b/i },
  { says: /^(?:portugues|portugal)$/, names: /\b(?:portugal|portogallo)\b/i },
  { says: /^(?:british|english|uk|scottish|welsh|britain|england|scotland|wale)$/, names: /\b(?:united kingdom|uk|great britain|england|scotland|wales|vereinigtes königreich|royaume-uni|reino unido|regno unito|verenigd koninkrijk)\b/i },
  { says: /^(?:irish|ireland)$/, names: /\b(?:ireland|irland|irlande|irlanda|ierland)\b/i },
  { says: /^(?:swedish|sweden)$/, names: /\b(?:sweden|sverige|schweden|suède|suecia|svezia|zweden)\b/i },
  { says: /^(?:norwegian|norway)$/, names: /\b(?:norway|norge|norwegen|norvège|noruega|norvegia|noorwegen)\b/i },
  { says: /^(?:finnish|finland)$/, names: /\b(?:finland|suomi|finnland|finlande|finlandia)\b/i },
  { says: /^(?:polish|poland)$/, names: /\b(?:poland|polska|polen|pologne|polonia)\b/i },
  { says: /^(?:czech|czechia)$/, names: /\b(?:czechia|czech republic|česko|tschechien|tchéquie|chequia|cechia|tsjechië)\b/i },
  { says: /^(?:american|america|us|usa)$/, names: /\b(?:united states|usa|u\.s\.a?\.?|vereinigte staaten|états-unis|estados unidos|stati uniti)\b/i },
];

/**
 * What a table row's cells say to a question's country word by the country's name ("Belgian": a
 * Country cell "Belgium", "België"): 'met', 'other' when they name another country only, null when
 * they name none (the legal form may still say it, firmSays). Only for a row's cells: a letter's
 * address may name a country its firm is not of.
 */
export function countrySaid(term: string, text: string): 'met' | 'other' | null {
  const country = COUNTRY_NAMES.find((c) => c.says.test(term));
  if (!country) return null;
  if (namesCountry(country.names, text)) return 'met';
  return COUNTRY_NAMES.some((c) => c !== country && namesCountry(c.names, text)) ? 'other' : null;
}

/** A country's name as a whole word, its first letter maybe not ASCII ("Österreich", "Éire"). */
const namesCountry = (names: RegExp, text: string) => new RegExp(`(?<![\\p{L}])${names.source.replace(/^\\b/, '').replace(/\\b$/, '')}(?![\\p{L}])`, 'iu').test(text);

export type FirmWord = 'country' | 'trade';

/** Whether a question's word (a stem) names a firm's country or trade. */
export function firmWord(term: string): FirmWord | null {
  if (COUNTRIES.some((c) => c.says.test(term))) return 'country';
  if (TRADES.some((t) => t.says.test(term))) return 'trade';
  return null;
}

/**
 * What a text says to a question's country or trade word: 'met' when a firm in it is of that
 * country (its legal form) or trade (a word of its name), 'other' when its firms are all of other
 * countries or known trades (a Danish ApS for "the German haulier"), 'silent' when it says neither.
 */
export function firmSays(term: string, text: string): 'met' | 'other' | 'silent' {
  const country = COUNTRIES.find((c) => c.says.test(term));
  if (country) {
    if (country.forms.test(text)) return 'met';
    return COUNTRIES.some((c) => c !== country && c.forms.test(text) && !sharedForm(c, country, text)) ? 'other' : 'silent';
  }
  const trade = TRADES.find((t) => t.says.test(term));
  if (!trade) return 'silent';
  if (trade.names.test(text)) return 'met';
  return TRADES.some((t) => t !== trade && t.names.test(text)) ? 'other' : 'silent';
}

/** A form two countries share (S.A. is Spanish, Portuguese and Polish): it rules neither out. */
function sharedForm(a: { forms: RegExp }, b: { forms: RegExp }, text: string): boolean {
  const m = a.forms.exec(text);
  return !!m && b.forms.test(m[0]);
}

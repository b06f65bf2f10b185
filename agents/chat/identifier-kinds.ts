/**
 * Identifiers a question names by their kind ("my booking reference", "the car's number plate",
 * "the meter serial", "the tracking number"), and how a screen labels each kind in the languages it
 * may be written in ("Réf. de réservation", "Buchungsnummer", "Localizador", "Codice prenotazione",
 * "Kennzeichen", "Immatriculation"). A page shows several codes side by side (a ferry booking's
 * reference beside its cabin number, an order's number beside its invoice's and its parcel's): the
 * one asked is the one whose label names its kind, never a sibling under another label. A plate is
 * known by its shape too, where the label only says "Vehicle".
 */
import { plainWord } from '../../shared/text/index.js';
import { stem } from './asked-value.js';

/** The words a label uses for "number", "reference" or "code", in English, French, German, Spanish, Italian, Portuguese and Dutch. */
const ID_WORD = String.raw`(?:(?:numéro|número|numero|n[°º])\s+(?:de|di)\s+s[ée]rie|seriennummer|number|num\.|no\.?|nr\.?|n\.?\s?[°º]\.?|#|code|ref(?:erence)?\.?|id|numéro|número|numero|nummer|código|codice|référence|réf\.?|referencia|riferimento|rif\.?|referência|ref\.ª|serial|s\/n|matricola)`;
/** What joins a Romance label's number word to its noun: "N° de dossier", "Número da apólice", "Numero d'ordine". */
const JOIN = String.raw`(?:\s*(?:de|du|des|da|do|del|della|dello|di|of)\s+|\s*d['’]\s*|\s+)(?:(?:la|le|el|il|lo|the|votre|your|su|sua|vostra|ihrer|ihres)\s+|l['’]\s*)?`;
/** A label's start: not inside a longer word. */
const START = String.raw`(?<![\p{L}\p{N}])`;
/** A label's end: not inside a longer word ("Reg" is no "Registered"); a label ending in "." or "#" may touch its value ("Order #4011"). */
const END = String.raw`(?:(?<![\p{L}\p{N}])|(?![\p{L}\p{N}]))`;

interface IdKind {
  /** A question that names this kind of identifier. */
  asked: RegExp;
  /** The question's words (stems) that name the kind: met by any of the kind's label words. */
  words: string[];
  /** Words the kind implies, which a screen need not say ("parcel" for a tracking number). */
  implied?: string[];
  /** The kind's nouns as labels say them, with a number word before or after ("Booking ref", "N° de réservation"). */
  nouns: string[];
  /** The first part of a German or Dutch compound with "-nummer", "-Nr.", "-code" ("Buchungs", "Kunden"). */
  compounds: string[];
  /** Labels that say the kind by themselves ("PNR", "Localizador", "IBAN"). */
  alone: string[];
}

const KINDS: IdKind[] = [
  {
    asked: /\b(?:booking|reservation|confirmation)\s+(?:number|no\b|nr\b|code|ref(?:erence)?|id\b|#|locator)|\bpnr\b|\brecord locator\b|\b(?:ref(?:erence)?|number|code)\s+(?:for|of|on)\s+(?:the|my|our|this|that)\s+(?:[\p{L}-]+\s+)?(?:booking|reservation)\b/iu,
    words: ['booking', 'reservation', 'confirmation', 'pnr', 'locator'],
    nouns: ['booking', 'reservation', 'réservation', 'reservierung', 'buchung', 'reserva', 'prenotazione', 'dossier', 'confirmation', 'bestätigung', 'confirmación', 'confirmação', 'conferma', 'boeking', 'reservering', 'itinerary'],
    compounds: ['buchungs', 'reservierungs', 'bestätigungs', 'vorgangs', 'boekings', 'reserverings'],
    alone: ['pnr', 'localizador', 'record locator'],
  },
  {
    asked: /\bpolicy\s+(?:number|no\b|nr\b|ref(?:erence)?|id\b|#)/i,
    words: ['policy'],
    nouns: ['policy', 'police', 'polizza', 'póliza', 'apólice', 'contrat', 'vertrag', 'versicherungsschein', 'polis'],
    compounds: ['vertrags', 'versicherungs', 'versicherungsschein', 'policen', 'polizzen', 'polis'],
    alone: [],
  },
  {
    asked: /\baccount\s+(?:number|no\b|nr\b|ref(?:erence)?|id\b|#)|\biban\b/i,
    words: ['account', 'iban'],
    nouns: ['account', 'compte', 'konto', 'cuenta', 'conto', 'conta', 'rekening'],
    compounds: ['konto', 'rekening'],
    alone: ['iban'],
  },
  {
    asked: /\b(?:customer|client)\s+(?:number|no\b|nr\b|ref(?:erence)?|id\b|#|code)/i,
    words: ['customer', 'client'],
    nouns: ['customer', 'client', 'cliente', 'kunde', 'klant'],
    compounds: ['kunden', 'klant', 'kd\\.?-?'],
    alone: [],
  },
  {
    asked: /\b(?:member(?:ship)?|loyalty)\s+(?:card\s+)?(?:number|no\b|nr\b|id\b|#)/i,
    words: ['member', 'membership', 'loyalty'],
    // A shop's loyalty card as each language names it ("Carte fidélité n°", "Kundenkarte Nr.", "Tarjeta de fidelización", "Carta fedeltà", "Klantenkaart").
    nouns: ['membership', 'member', 'loyalty', 'adhérent', 'adhérente', 'membre', 'mitglied', 'socio', 'sócio', 'tessera', 'lid', 'loyalty card', 'carte fidélité', 'carte de fidélité', 'fidélité', 'kundenkarte', 'treuekarte', 'bonuskarte', 'tarjeta de fidelización', 'tarjeta de socio', 'fidelización', 'carta fedeltà', 'fedeltà', 'cartão de fidelização', 'cartão cliente', 'fidelização', 'klantenkaart', 'spaarkaart'],
    compounds: ['mitglieds', 'lid', 'leden', 'kundenkarten', 'karten'],
    alone: [],
  },
  {
    asked: /\bmeter\s+(?:serial|number|no\b|nr\b|id\b|#)|\bserial\s+(?:number\s+|no\.?\s+)?(?:of|on)\s+(?:the|my)\s+(?:[\p{L}-]+\s+)?meter\b/iu,
    words: ['meter', 'serial'],
    nouns: ['meter', 'compteur', 'zähler', 'contador', 'contatore', 'meterstand'],
    compounds: ['zähler', 'meter'],
    alone: [],
  },
  {
    // The number of the supply point a meter sits on, which a bill prints beside the meter's own serial: the UK's MPAN and MPRN,
    // France's PDL and PCE, Spain's CUPS, Italy's POD and PDR, Portugal's CPE, Germany's Zählpunkt and MaLo-ID.
    asked: /\b(?:mpan|mprn|meter\s+point(?:\s+(?:reference|administration))?(?:\s+(?:number|no\b|nr\b|ref(?:erence)?|id\b|#))?|supply\s+point|supply\s+(?:number|no\b|ref(?:erence)?|id\b)|cups|pdl|pce|pod|pdr|cpe|zählpunkt\w*|malo-?id)\b/iu,
    words: ['mpan', 'mprn', 'point', 'supply', 'cups', 'pdl', 'pce', 'pod', 'pdr', 'cpe'],
    implied: ['meter', 'electricity', 'gas'],
    nouns: ['supply', 'supply point', 'meter point', 'meter point reference', 'meter point administration', 'point de livraison', 'point de comptage et d’estimation', 'punto de suministro', 'punto di prelievo', 'punto di riconsegna', 'ponto de entrega', 'código de ponto de entrega', 'aansluiting', 'ean-code'],
    compounds: ['zählpunkt', 'zählpunktbezeichnung', 'marktlokations', 'aansluitings'],
    alone: ['mpan', 'mprn', 'pdl', 'pce', 'cups', 'pod', 'pdr', 'cpe', 'zählpunktbezeichnung', 'zählpunkt', 'malo-id', 'ean-code', 'ean code'],
  },
  {
    // A driving licence's number ("Licence number", "Führerscheinnummer", "Permis de conduire n°", "N.º da carta de condução", "Rijbewijsnummer").
    asked: /\b(?:driving|driver'?s?)\s+licen[cs]e(?:\s+(?:number|no\b|nr\b|id\b|#))?|\blicen[cs]e\s+(?:number|no\b|nr\b|id\b|#)/i,
    words: ['licence', 'license', 'driving', 'driver'],
    nouns: ['licence', 'license', 'driving licence', 'driving license', "driver's license", 'driver license', 'permis', 'permis de conduire', 'führerschein', 'carnet de conducir', 'permiso de conducir', 'carné de conducir', 'patente', 'patente di guida', 'carta de condução', 'carteira de motorista', 'rijbewijs'],
    compounds: ['führerschein', 'rijbewijs'],
    alone: [],
  },
  {
    asked: /\btracking\s+(?:number|no\b|nr\b|code|id\b|#|ref(?:erence)?)|\b(?:consignment|waybill|shipment)\s+(?:number|no\b|code)/i,
    words: ['tracking', 'consignment', 'waybill', 'shipment'],
    implied: ['parcel', 'package', 'shipment', 'delivery', 'consignment'],
    nouns: ['tracking', 'suivi', 'colis', 'sendung', 'seguimiento', 'rastreo', 'envío', 'tracciamento', 'spedizione', 'rastreio', 'rastreamento', 'consignment', 'waybill', 'shipment', 'zending'],
    compounds: ['sendungs', 'paket', 'tracking-?', 'zending', 'track-?&-?trace-?'],
    alone: ['track & trace', 'track and trace', 'awb'],
  },
  {
    asked: /\border\s+(?:number|no\b|nr\b|ref(?:erence)?|id\b|#|code)/i,
    words: ['order'],
    nouns: ['order', 'commande', 'bestellung', 'pedido', 'ordine', 'encomenda', 'bestelling'],
    compounds: ['bestell', 'auftrags', 'bestel', 'order'],
    alone: [],
  },
  {
    asked: /\b(?:invoice|bill)\s+(?:number|no\b|nr\b|ref(?:erence)?|id\b|#)/i,
    words: ['invoice', 'bill'],
    nouns: ['invoice', 'bill', 'facture', 'rechnung', 'factura', 'fattura', 'fatura', 'factuur'],
    compounds: ['rechnungs', 'factuur'],
    alone: [],
  },
  {
    asked: /\bpassport\s+(?:number|no\b|nr\b|id\b|#)/i,
    words: ['passport'],
    nouns: ['passport', 'passeport', 'reisepass', 'pasaporte', 'passaporto', 'passaporte', 'paspoort'],
    compounds: ['reisepass', 'pass', 'paspoort'],
    alone: [],
  },
  {
    asked: /\bclaim\s+(?:number|no\b|nr\b|ref(?:erence)?|id\b|#)/i,
    words: ['claim'],
    nouns: ['claim', 'sinistre', 'schaden', 'siniestro', 'sinistro', 'schade'],
    compounds: ['schadens', 'schaden', 'schade'],
    alone: [],
  },
];

const alt = (xs: readonly string[]) => xs.map((x) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
const raw = (xs: readonly string[]) => xs.join('|');

/** A kind's labels that say a number is its, with a number word or as a compound: "Booking ref", "Réf. de réservation", "Buchungsnummer", "PNR". */
function strongLabel(k: IdKind): RegExp {
  const nouns = alt(k.nouns);
  const parts = [`(?:${nouns})s?\\s*${ID_WORD}`, `${ID_WORD}${JOIN}(?:${nouns})`];
  if (k.compounds.length) parts.push(`(?:${raw(k.compounds)})(?:nummer|-?\\s?nr\\.?|code|-?id|kennung)`);
  if (k.alone.length) parts.push(alt(k.alone));
  return new RegExp(`${START}(?:${parts.join('|')})${END}`, 'giu');
}

/** The kind's noun alone before a longer code ("Order 40-1182-7733", "Invoice: INV-99812", "Commande 88213"). */
function bareLabel(k: IdKind): RegExp {
  return new RegExp(`${START}(?:${alt(k.nouns)})${END}`, 'giu');
}

/** A label that only says "reference" or "number" ("Ref:", "Your reference", "N°"), at a line's or a cell's start. */
const GENERIC = new RegExp(`(?:^|[·|,;(]\\s*|\\s{2,})(?:(?:your|our|my|votre|notre|ihre|unsere|su|tu|il suo|la sua|o seu|a sua|uw|je)\\s+)?${ID_WORD}(?:\\s*${ID_WORD})?${END}`, 'gimu');

/** A code as labels give them: capitals and figures, one run or a few short groups ("BRX77Q2", "482 117 390 551", "AB12 CDE"). */
const TOKEN = /[A-Z0-9]+(?:[./-][A-Z0-9]+)*/y;
/** What sits between a label and its value: a colon, a hash, "is"; the bracket that closes a label's short form ("Supply number (MPAN): …"). */
const BETWEEN = /[\s:.#°º=–)-]*(?:(?:is|est|ist|es|è|é)\s+)?/iy;

/** The value right after a label at `at`, as written ("BRX77Q2", "2200 4471 889"), or null when none follows. */
function valueAfter(text: string, at: number): string | null {
  BETWEEN.lastIndex = at;
  BETWEEN.exec(text);
  let i = BETWEEN.lastIndex;
  const tokens: string[] = [];
  for (;;) {
    TOKEN.lastIndex = i;
    const m = TOKEN.exec(text);
    if (!m || /[\p{L}\p{N}]/u.test(text[TOKEN.lastIndex] ?? '')) break;
    // One long code, or a few short groups ("482 117 390 551"): a long run after a short one is another field ("QZ7LMP IB 3163").
    if (tokens.length && (tokens[tokens.length - 1]!.length > 5 || m[0].length > 5)) break;
    tokens.push(m[0]);
    i = TOKEN.lastIndex;
    if (text[i] !== ' ' || tokens.length >= 5) break;
    i++;
  }
  return tokens.length ? tokens.join(' ') : null;
}

const ALNUM = (v: string) => v.replace(/[^A-Z0-9]/g, '');
/** Whether a value is an identifier: four or more capitals and figures with a figure, or a locator of five to eight capitals ("QZKLMP"). */
function idValue(v: string | null, strict = false): v is string {
  if (!v) return false;
  const a = ALNUM(v);
  if (/\d/.test(a)) return strict ? a.length >= 5 || (/[A-Z]/.test(a) && a.length >= 4) : a.length >= 3;
  return /^[A-Z]{5,8}$/.test(a) && !/\s/.test(v);
}

/** The piece of a text that a label of the kind names with its value, or null. */
function labelledPiece(text: string, label: RegExp, test: (v: string | null) => boolean): string | null {
  for (const m of text.matchAll(label)) {
    const v = valueAfter(text, m.index + m[0].length);
    // A short form in brackets after the label it stands for ("Supply number (MPAN)", "Point de livraison (PDL)"): the piece from that label.
    const spelt = text[m.index - 1] === '(' ? /\p{L}[\p{L}\s'’.-]*$/u.exec(text.slice(0, m.index - 1).trimEnd()) : null;
    if (test(v)) return text.slice(spelt?.index ?? m.index, text.indexOf(v!, m.index + m[0].length) + v!.length).trim();
  }
  return null;
}

/** A licence plate's label, in the languages screens use. */
const PLATE_LABEL = new RegExp(`${START}(?:(?:licen[cs]e|number|registration|reg\\.?)\\s+plate|plate(?:\\s+(?:no\\.?|number))?|registration(?:\\s+(?:no\\.?|number|mark))?|reg\\.?(?:\\s+(?:no\\.?|number))?|vrm|(?:amtliches\\s+)?kennzeichen|(?:n°\\s+d['’]\\s*|plaque\\s+d['’]\\s*)?immatriculation|plaque|matr[ií]cula|targa|kenteken|placa)${END}`, 'giu');
/** A plate as countries write them: "WK17 HPN", "GH-482-TK", "1234 BCD", "AB 123 CD", "M-AB 1234", "AA-00-AA", "12-ABC-3". */
const PLATE_SHAPE = /(?<![\p{L}\p{N}-])(?:[A-Z]{2}\d{2}\s?[A-Z]{3}|[A-Z]{2}[- ]?\d{3}[- ]?[A-Z]{2}|\d{4}[- ]?[B-DF-HJ-NP-TV-Z]{3}|[A-ZÄÖÜ]{1,3}[- ][A-Z]{1,2}[- ]?\d{1,4}[EH]?|[A-Z]{2}-\d{2}-[A-Z]{2}|\d{2}-[A-Z]{2}-\d{2}|\d{2}-\d{2}-[A-Z]{2}|[A-Z]{2}-\d{2}-\d{2}|\d{1,2}-[A-Z]{2,3}-\d{1,2}|[A-Z]{1,3}-\d{2,3}-[A-Z]{1,2})(?![\p{L}\p{N}-])/u;
/** The words that say a line is about a vehicle, in the same languages. */
const VEHICLE = /(?<![\p{L}])(?:vehicle|car|van|motorbike|motorcycle|moped|véhicule|voiture|fahrzeug|auto|pkw|vehículo|coche|veicolo|veículo|viatura|carro|voertuig)(?![\p{L}])/iu;
/** A question asking for a plate: "number plate", "the car's reg", "registration of my van". */
const PLATE_ASKED = /\b(?:number|licen[cs]e|registration|reg)\s+plates?\b|\bplate number\b/i;
const REG_ASKED = /\b(?:reg|rego|registration|plates?)\b/i;
const VEHICLE_ASKED = /\b(?:car|van|vehicle|motorbike|motorcycle|moped|truck|lorry|campervan)(?:'s)?\b/i;
/** The question's words for a plate, met by any plate label or vehicle word; the vehicle it is on is implied by the plate. */
const PLATE_WORDS = ['plate', 'reg', 'rego', 'registration', 'licence', 'license'];
const VEHICLE_WORDS = ['car', 'van', 'vehicle', 'motorbike', 'motorcycle', 'moped', 'truck', 'lorry', 'campervan'];
const PLATE_KIN = [...PLATE_WORDS, 'vrm', 'kennzeichen', 'immatriculation', 'plaque', 'matrícula', 'targa', 'kenteken', 'placa', ...VEHICLE_WORDS, 'véhicule', 'voiture', 'fahrzeug', 'auto', 'pkw', 'vehículo', 'coche', 'veicolo', 'veículo', 'viatura', 'carro', 'voertuig'];

/** Whether a value under a plate's label looks like one: capitals and figures, both, four to nine of them in at most three groups. */
function plateValue(v: string | null): boolean {
  if (!v) return false;
  const a = ALNUM(v);
  return a.length >= 4 && a.length <= 9 && /\d/.test(a) && /[A-Z]/.test(a) && v.split(/[\s-]/).length <= 3;
}

/** The plate a text shows: under a plate's label, or in a plate's shape on a line about a vehicle ("Vehicle: Ford Fiesta · WK17 HPN"). */
function platePiece(text: string): string | null {
  const labelled = labelledPiece(text, PLATE_LABEL, plateValue);
  if (labelled) return labelled;
  return VEHICLE.test(text) ? (PLATE_SHAPE.exec(text)?.[0] ?? null) : null;
}

/** The piece of a text that is the asked kind's identifier with its label, or null. */
function kindPiece(k: IdKind, text: string): string | null {
  const strong = labelledPiece(text, STRONG.get(k)!, (v) => idValue(v));
  if (strong) return strong;
  const bare = labelledPiece(text, BARE.get(k)!, (v) => idValue(v, true));
  if (bare) return bare;
  // "Ref: 4X7Y2Z" under a booking's heading: a reference labelled as nothing else (the question's
  // words for the kind are then met by the screen around it, or the line is not taken).
  const generic = labelledPiece(text, GENERIC, (v) => idValue(v, true));
  if (!generic) return null;
  return KINDS.some((o) => o !== k && labelledPiece(text, STRONG.get(o)!, (v) => idValue(v))) ? null : generic;
}

const STRONG = new Map(KINDS.map((k) => [k, strongLabel(k)] as const));
const BARE = new Map(KINDS.map((k) => [k, bareLabel(k)] as const));

/** Stems a screen's label words are read as, with and without accents. */
function labelStems(k: IdKind): Set<string> {
  const words = [...k.nouns, ...k.words, ...k.alone.flatMap((a) => a.split(/\s+/)), ...k.compounds.map((c) => c.replace(/[^\p{L}]/gu, '')).filter((c) => c.length >= 3).flatMap((c) => [c, `${c}nummer`, `${c}code`])];
  return new Set(words.flatMap((w) => [stem(w), stem(plainWord(w))]).filter((s) => s.length >= 3));
}

/** An identifier asked by its kind: which words of the question name it, and where a text shows one. */
export interface KindAsked {
  /** Stems of the question's words that only name the kind (met by the kind's labels in any language). */
  kindWords: string[];
  /** Their kin: the stems of the kind's labels ("réservation", "buchungsnummer", "localizador"). */
  kin: ReadonlySet<string>;
  /** Stems the kind implies, which need not be met at all ("parcel" for a tracking number, "car" for a plate). */
  implied: string[];
  /** The piece of a text that is an identifier of the kind with its label, or null. */
  piece: (text: string) => string | null;
}

/** The kind of identifier a question names ("my booking reference", "the car's number plate"), or null. */
export function identifierKindAsked(question: string): KindAsked | null {
  const q = question.replace(/[’]/g, "'");
  const hits = KINDS.map((k) => ({ k, at: k.asked.exec(q)?.index ?? -1 })).filter((x) => x.at >= 0);
  // "The car's reg", "the plate on the hire car": a word for a plate with the vehicle it is on.
  const regAt = VEHICLE_ASKED.test(q) ? (REG_ASKED.exec(q)?.index ?? -1) : -1;
  const plateAt = PLATE_ASKED.exec(q)?.index ?? regAt;
  // The kind named first is the one asked: "the order number on the invoice" asks the order's.
  const first = hits.sort((a, b) => a.at - b.at)[0];
  if (plateAt >= 0 && (!first || plateAt < first.at)) {
    return { kindWords: PLATE_WORDS.map(stem), kin: new Set(PLATE_KIN.flatMap((w) => [stem(w), stem(plainWord(w))])), implied: VEHICLE_WORDS.map(stem), piece: platePiece };
  }
  if (!first) return null;
  const k = first.k;
  return { kindWords: k.words.map(stem), kin: labelStems(k), implied: (k.implied ?? []).map(stem), piece: (text) => kindPiece(k, text) };
}

/**
 * The unit a question asks its answer in: "how far is the Bergen run in kilometres", "how many
 * hours does the course take", "what share in percent". The unit picks the value of its dimension
 * out of a line holding several ("Oslo to Bergen run  212 km  4 h 35 min": 212 km when a distance
 * is asked, 4 h 35 min when hours are), and the unit's word is no thing a screen must name: it
 * writes "km", not "kilometres". Without a unit, the adjective's dimension does the same ("how far").
 */
import { stem, type AskedValue } from './asked-value.js';
import { measureOf, polesOf, type Dimension } from './measure-words.js';

/** A dimension measure-words reads, or a share said in percent. */
export type UnitDimension = Dimension | 'percent';

/**
 * Unit words a question uses and the dimension each measures. "Pounds" is left out: money or weight,
 * and the question's other words rarely tell which.
 */
const UNIT_WORDS: [RegExp, UnitDimension][] = [
  [/^(?:km|kms|kilomet(?:re|er)s?|miles?|mi|met(?:re|er)s?|feet|foot|ft|yards?)$/, 'distance'],
  [/^(?:kg|kgs|kilos?|kilograms?|grams?|g|lbs?|ounces?|oz|tonnes?|tons?)$/, 'weight'],
  [/^(?:hours?|hrs?|h|minutes?|mins?|seconds?|secs?|days?|weeks?|milliseconds?|ms)$/, 'duration'],
  [/^(?:percent|per\s?cent|percentage|%)$/, 'percent'],
  [/^(?:gb|gigabytes?|mb|megabytes?|tb|terabytes?|kb|litres?|liters?|ml|millilit(?:re|er)s?|square met(?:re|er)s?|m²|sq\s?m)$/, 'size'],
];

/** "in kilometres", "in km", "in hours", "in %", "as a percentage": the unit the answer is asked in. */
const IN_UNIT = /\b(?:in|into|as\s+a|as)\s+((?:square\s+)?[\p{L}²]+|%)(?=\s*[?.!,]|\s+(?:is|are|was|were|does|do|did|will|would|for|from|to|on|at|of|and|or)\b|\s*$)/giu;
/** "How many kilometres", "how many hours", "what percentage of": the unit counted is the one asked. */
const HOW_MANY_UNIT = /\bhow\s+many\s+([\p{L}]+)|\bwhat\s+(percent(?:age)?)\s+of\b/iu;

function dimensionOf(word: string): UnitDimension | null {
  const w = word.toLowerCase();
  return UNIT_WORDS.find(([re]) => re.test(w))?.[1] ?? null;
}

export interface AskedUnit {
  dim: UnitDimension;
  /** The unit as the question says it ("kilometres"). */
  word: string;
}

/** The unit the question asks its answer in, or null. */
export function askedUnit(question: string): AskedUnit | null {
  const m = HOW_MANY_UNIT.exec(question);
  const many = m?.[1] ?? m?.[2];
  if (many) {
    const dim = dimensionOf(many);
    if (dim) return { dim, word: many };
  }
  for (const m of question.matchAll(IN_UNIT)) {
    const dim = dimensionOf(m[1]!);
    if (dim) return { dim, word: m[1]! };
  }
  return null;
}

const PERCENT = /(?<![\d.,])\d+(?:[.,]\d+)?\s?%/u;

/** The value of the dimension a text says, as written ("212 km", "4 h 35 min", "18 %"); null when none. */
export function valueOfDimension(dim: UnitDimension, text: string): string | null {
  if (dim === 'percent') return PERCENT.exec(text)?.[0] ?? null;
  return measureOf(dim, text)?.said ?? null;
}

/** The question asked in its unit: the unit's word is no term a screen must say, and only a value of its dimension answers. */
export function inAskedUnit(question: string, asked: AskedValue): AskedValue | null {
  const unit = askedUnit(question);
  if (!unit) return null;
  const unitStems = new Set(unit.word.split(/\s+/).map(stem));
  // The adjective asks the dimension the unit already says ("how far", "how long").
  const adjective = /\bhow\s+([a-z]+)\b/i.exec(question)?.[1];
  const terms = asked.terms.filter((t) => !(adjective && polesOf(adjective).length && t === stem(adjective)) && t !== 'many');
  if (!terms.some((t) => !unitStems.has(t))) return null;
  // The unit's word may still head a column ("Hours"): kept as a word that helps when met, never one that must be.
  const loose = [...new Set([...asked.loose, ...terms.filter((t) => unitStems.has(t))])];
  return { ...asked, kind: unit.dim === 'duration' ? 'duration' : 'size', terms, loose, shaped: (t) => valueOfDimension(unit.dim, t) !== null };
}

/** A forecast's or a thermostat's low: "Low 6°C", "min. -2°", "Tiefstwert 3 °C", "mín. 4 °C". */
const LOW_TEMPERATURE = /\b(?:low|lows|min(?:imum)?\.?|night|overnight|tief(?:stwert|st)?|nachts|minimale?|mín(?:ima)?\.?|nuit)\s*:?\s*([-−]?\d+(?:[.,]\d+)?\s?°\s?[CF]?)/iu;

/** Figures with what follows them: a line saying one of them holds one value only. */
const FIGURE = /(?<![\p{L}\d.,:])\d+(?:[.,:]\d+)*/gu;

/**
 * The value a line found holds in the asked unit (or the dimension the question's adjective asks,
 * the first of its readings the line says), when the line holds other figures beside it: "212 km"
 * of "Oslo to Bergen run 212 km 4 h 35 min via E16" for "how far". Null when nothing is asked in a
 * unit, the line says no value of it, or says nothing else a reader must tell it from.
 */
export function valueInAskedUnit(question: string, text: string): string | null {
  const unit = askedUnit(question);
  const adjective = /\bhow\s+([a-z]+)\b/i.exec(question)?.[1];
  const dims: UnitDimension[] = unit ? [unit.dim] : adjective ? polesOf(adjective).map((p) => p.dim) : [];
  for (const dim of dims) {
    // "How cold will it get": a forecast's low, not the high it writes first ("High 14°C Low 6°C").
    const cold = dim === 'temperature' && adjective && polesOf(adjective).some((p) => p.dim === dim && !p.more) ? LOW_TEMPERATURE.exec(text)?.[1] : undefined;
    const said = cold ?? valueOfDimension(dim, text);
    if (!said) continue;
    // "2h 50m": a duration read only in part is no value to lead with.
    if (dim === 'duration' && /^\s*\d/.test(text.slice(text.indexOf(said) + said.length))) return null;
    const others = (text.match(FIGURE) ?? []).length - (said.match(FIGURE) ?? []).length;
    return others > 0 ? said : null;
  }
  return null;
}

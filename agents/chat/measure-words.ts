/**
 * What an adjective of a question measures, and which way: "how heavy" and "the lightest" ask for a
 * weight, "how far" for a distance, "the slowest route" for the longest time or the lowest speed.
 * The table gives each everyday adjective its dimensions (the attribute WordNet links it to: heavy
 * and light → weight, far and near → distance, slow and fast → speed) and its pole; a dimension says
 * how a screen writes a value of it and how to read that value as a number, so a list can be ordered.
 */

export type Dimension = 'weight' | 'distance' | 'duration' | 'speed' | 'money' | 'size' | 'height' | 'temperature';

/** One reading of an adjective: the dimension and whether it is the "more" end ("heavy") or the "less" one ("light"). */
export interface Pole {
  dim: Dimension;
  more: boolean;
}

const more = (dim: Dimension): Pole => ({ dim, more: true });
const less = (dim: Dimension): Pole => ({ dim, more: false });

/**
 * Adjectives and their readings, the first that a screen's values allow wins: "the slowest route"
 * is the lowest speed on a speed table, the longest time on a timetable.
 */
const POLES: Record<string, Pole[]> = {
  heavy: [more('weight')],
  light: [less('weight')],
  far: [more('distance')],
  distant: [more('distance')],
  near: [less('distance')],
  close: [less('distance')],
  long: [more('duration'), more('distance')],
  lengthy: [more('duration')],
  short: [less('duration'), less('distance'), less('height')],
  brief: [less('duration')],
  slow: [less('speed'), more('duration')],
  fast: [more('speed'), less('duration')],
  quick: [more('speed'), less('duration')],
  rapid: [more('speed'), less('duration')],
  speedy: [more('speed'), less('duration')],
  expensive: [more('money')],
  costly: [more('money')],
  pricey: [more('money')],
  dear: [more('money')],
  cheap: [less('money')],
  inexpensive: [less('money')],
  affordable: [less('money')],
  big: [more('size'), more('weight')],
  large: [more('size')],
  huge: [more('size')],
  spacious: [more('size')],
  roomy: [more('size')],
  small: [less('size')],
  tiny: [less('size')],
  compact: [less('size')],
  tall: [more('height')],
  high: [more('height')],
  low: [less('height')],
  // "How warm will it be", "the coldest night": a temperature as a forecast or a thermostat writes it.
  warm: [more('temperature')],
  hot: [more('temperature')],
  cold: [less('temperature')],
  cool: [less('temperature')],
  chilly: [less('temperature')],
};

/** Comparative and superlative forms that are not the base with -er/-est. */
const IRREGULAR: Record<string, string> = { farthest: 'far', furthest: 'far', farther: 'far', further: 'far', nearest: 'near', closest: 'close' };

/** The base of an adjective's -er / -est form ("heaviest" → heavy, "biggest" → big, "closest" → close), or the word when it is one. */
export function adjectiveBase(word: string): string | null {
  const w = word.toLowerCase();
  if (IRREGULAR[w]) return IRREGULAR[w]!;
  if (POLES[w]) return w;
  for (const end of ['est', 'er']) {
    if (!w.endsWith(end)) continue;
    const stemmed = w.slice(0, -end.length);
    const forms = [stemmed, `${stemmed}e`, stemmed.replace(/i$/, 'y'), stemmed.replace(/(.)\1$/, '$1')];
    const hit = forms.find((f) => POLES[f]);
    if (hit) return hit;
  }
  return null;
}

/** The readings of an adjective, in any of its forms. */
export function polesOf(word: string): Pole[] {
  const base = adjectiveBase(word);
  return base ? POLES[base]! : [];
}

// Not the minutes of a clock-written length ("05 h" of "2:05 h"), nor the tail of a longer figure.
const NUM = '(?<![\\d:.,])(\\d+(?:[.,]\\d+)*)';
/** Values of each dimension as screens write them: the number and its unit. */
const SHAPE: Record<Dimension, RegExp> = {
  weight: new RegExp(`${NUM}\\s?(kg|kilos?|kilograms?|g|grams?|lbs?|pounds|oz|t|tonnes?)(?![\\p{L}\\d/])`, 'giu'),
  distance: new RegExp(`${NUM}\\s?(km|kilomet(?:re|er)s?|mi|miles?|m|met(?:re|er)s?|ft|feet|yards?|yd)(?![\\p{L}\\d/²³])`, 'giu'),
  duration: new RegExp(`${NUM}\\s?(ms|milliseconds?|h|hrs?|hours?|min|mins|minutes?|s|secs?|seconds?|days?|d|weeks?|wks?)(?![\\p{L}\\d/])`, 'giu'),
  speed: new RegExp(`${NUM}\\s?(km\\/h|kmh|kph|mph|m\\/s|[kKMG]bps|[kKMG]?b(?:it)?\\/s|[kKMG]B\\/s)(?![\\p{L}\\d])`, 'gu'),
  money: new RegExp(`(?:[€$£¥]|\\b(?:EUR|USD|GBP|CHF))\\s?${NUM}|${NUM}\\s?(?:€|EUR|USD|GBP|CHF|euros?|dollars?)(?![\\p{L}])`, 'giu'),
  size: new RegExp(`${NUM}\\s?([kKMGT]i?B|bytes?|m²|m2|sq ?m|sq ?ft|l|L|litres?|liters?|ml)(?![\\p{L}\\d])`, 'gu'),
  height: new RegExp(`${NUM}\\s?(m|cm|mm|met(?:re|er)s?|ft|feet|in)(?![\\p{L}\\d/²³])`, 'giu'),
  // "14°C", "-3 °C", "57°F", "21 degrees"; a bare "°" is taken as Celsius, as most screens mean it.
  temperature: new RegExp(`(?<![\\d.,])([-−]?\\d+(?:[.,]\\d+)?)\\s?(°\\s?[CF]|°|degrees?\\s?(?:C|F|celsius|fahrenheit)?|grad|graus|grados|gradi)(?![\\p{L}\\d])`, 'giu'),
};

/** How much one of a unit is in the dimension's base unit (grams, metres, seconds, bytes, units of currency). */
const FACTOR: Record<string, number> = {
  kg: 1000, kilo: 1000, kilos: 1000, kilogram: 1000, kilograms: 1000, g: 1, gram: 1, grams: 1, lb: 453.6, lbs: 453.6, pounds: 453.6, oz: 28.35, t: 1e6, tonne: 1e6, tonnes: 1e6,
  km: 1000, kilometre: 1000, kilometres: 1000, kilometer: 1000, kilometers: 1000, mi: 1609, mile: 1609, miles: 1609, m: 1, metre: 1, metres: 1, meter: 1, meters: 1, ft: 0.3048, feet: 0.3048, yard: 0.9144, yards: 0.9144, yd: 0.9144, cm: 0.01, mm: 0.001, in: 0.0254,
  ms: 0.001, millisecond: 0.001, milliseconds: 0.001, h: 3600, hr: 3600, hrs: 3600, hour: 3600, hours: 3600, min: 60, mins: 60, minute: 60, minutes: 60, s: 1, sec: 1, secs: 1, second: 1, seconds: 1, d: 86400, day: 86400, days: 86400, week: 604800, weeks: 604800, wk: 604800, wks: 604800,
  'km/h': 1, kmh: 1, kph: 1, mph: 1.609, 'm/s': 3.6,
  kb: 1e3, mb: 1e6, gb: 1e9, tb: 1e12, kib: 1024, mib: 1048576, gib: 1073741824, tib: 1099511627776, byte: 1, bytes: 1, 'm²': 1, m2: 1, 'sq m': 1, sqm: 1, 'sq ft': 0.0929, sqft: 0.0929, l: 1, litre: 1, litres: 1, liter: 1, liters: 1, ml: 0.001,
};

/** "1,475.50", "1.475,50", "9,1": a figure as screens in several languages write it. */
export function numberOf(s: string): number {
  if (/^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(s)) return Number(s.replace(/,/g, ''));
  if (/^\d{1,3}(?:\.\d{3})+(?:,\d+)?$/.test(s)) return Number(s.replace(/\./g, '').replace(',', '.'));
  return Number(s.replace(',', '.'));
}

/** The value of a dimension a text holds, as a number in the base unit, with the text it was read from; durations add up ("1 h 05 min"). */
export function measureOf(dim: Dimension, text: string): { value: number; said: string } | null {
  const hits = [...text.matchAll(SHAPE[dim])];
  if (!hits.length) return null;
  if (dim === 'money') {
    const m = hits[0]!;
    return { value: numberOf((m[1] ?? m[2])!), said: m[0].trim() };
  }
  if (dim === 'temperature') {
    const m = hits[0]!;
    const n = numberOf(m[1]!.replace('−', '-'));
    return { value: /f/i.test(m[2]!) ? ((n - 32) * 5) / 9 : n, said: m[0].trim() };
  }
  // A duration written in parts is one value; anything else is its first figure.
  const taken = dim === 'duration' ? hits.filter((h, i) => i === 0 || text.slice(hits[i - 1]!.index! + hits[i - 1]![0].length, h.index).trim() === '') : hits.slice(0, 1);
  let value = 0;
  for (const m of taken) {
    const unit = m[2]!;
    const f = FACTOR[unit] ?? FACTOR[unit.toLowerCase()] ?? (dim === 'size' ? FACTOR[unit.toLowerCase().replace(/i?b$/, 'b')] : undefined);
    if (f === undefined) return null;
    value += numberOf(m[1]!) * f;
  }
  return { value, said: taken.map((m) => m[0].trim()).join(' ') };
}

/** Whether a text holds a value of the dimension. */
export function measuredIn(dim: Dimension, text: string): boolean {
  return measureOf(dim, text) !== null;
}

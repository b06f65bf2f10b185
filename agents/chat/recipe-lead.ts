/**
 * Questions a cook asks of a recipe page seen on screen, often one in another language, asked in
 * English: how much of an ingredient goes in ("how many eggs": "3 Eier"), for how many people it is
 * ("Raciones: 4"), how long a step takes by its verb ("how long does it simmer": "cuece a fuego lento
 * 35 minutos", not the header's total time), how hot the oven is ("180 °C"), and what comes after a
 * named ingredient or step. The page is read by recipe-page, the verbs by recipe-verbs. An ingredient
 * the page does not list, or a verb its method does not say, is said not found, never another line.
 */
import { foreignForms, stem, stemsOf, termsSaid as covered, type AskedValue } from './asked-value.js';
import { recipePage, QUANTITY, type RecipePage } from './recipe-page.js';
import { askedVerbs, saysVerb, type CookingVerb } from './recipe-verbs.js';

export interface RecipeScreen<P> {
  lines: readonly string[];
  title: string;
  n: number;
  passage: P;
  rank: number;
}

export interface RecipeFound<P> {
  text: string;
  n: number;
  passage: P;
  /** False when the recipe asked about was found without the asked thing: said so, not stated. */
  found?: false;
}

/** "How much chorizo", "how many eggs", "what quantity of flour": the ingredient named after it. */
const AMOUNT_OF = /\b(?:how\s+(?:much|many)|what\s+(?:quantity|amount)\s+of|how\s+many\s+(?:grams|g|kilos?|ml|litres?|liters?|cups|spoons|tablespoons|teaspoons|tbsp|tsp)\s+of)\s+(?:of\s+)?(?:the\s+)?(.+?)(?=\s+(?:do|does|did|should|shall|must|can|will|would|is|are|go|goes|went|need|needs|needed|to|in|into|for|on|per|with|am|i|we|you|does|has|have|there|make|makes|get)\b|\s*[?.!,]|$)/i;
/** "How much did the chairs cost", "how much is budgeted": an auxiliary after "how much" asks a price or a count, not an ingredient. */
const AUXILIARY = /^(?:do|does|did|is|are|was|were|will|would|can|could|should|has|have|had|it|they|we|i|you)\b/i;
/** A question about what a dish takes: "do I need", "goes in", "for the cake", "in the recipe". */
const GOES_IN = /\b(?:need|needs|needed|go(?:es)?\s+in(?:to)?|use|add|put\s+in|call\s+for|in\s+(?:the|it|this|my)|for\s+(?:the|it|this|my|a)|recipe)\b/i;
/** Words of an amount asked that name a measure, not the ingredient ("cloves of garlic", "cups of flour"). */
const MEASURE_WORDS = new Set('g gram grams kilo kilos kg ml litre litres liter liters cup cups spoon spoons tablespoon tablespoons teaspoon teaspoons tbsp tsp clove cloves pinch handful piece pieces slice slices tin tins can cans of the a an bit'.split(' '));
/** An amount asked that is no ingredient: people, servings, time, heat. */
const NOT_INGREDIENT = /^(?:people|persons?|servings?|portions?|guests?|mouths|minutes?|mins?|hours?|hrs?|seconds?|degrees?|times?|steps?|calories|kcal|ingredients?|days?)$/i;

/** "How many people does it serve", "for how many", "how many servings", "what does it serve". */
const SERVINGS_ASKED = /\bhow\s+many\s+(?:people|persons|servings|portions|guests|mouths)\b|\b(?:serves?|feeds?)\s+how\s+many\b|\bhow\s+many\s+(?:does|will|can|would)\s+.{0,40}?\b(?:serve|feed|make)\b|\bfor\s+how\s+many\b|\bhow\s+many\s+(?:is|are)\s+(?:it|this|the\s+\S+(?:\s+\S+)?)\s+for\b/i;
/** How a recipe's header says for how many it is: the label and its number, either side. */
const SERVINGS_SAID = /(?<![\p{L}])(?:serves|servings?|portions?|yield|makes|raciones|porciones|comensales|personas|portionen|personen|pour\s+\d+(?:\s?[-–à]\s?\d+)?\s+personnes|personnes|persone|porzioni|dosi(?:\s+per)?|porções|porcoes|rendimento|rende|pessoas|serve|porties|personen)(?![\p{L}])/iu;

/** "How long does it simmer", "for how long", "how many minutes", "the baking time". */
const HOW_LONG = /\bhow\s+long\b|\bhow\s+many\s+(?:minutes|mins|hours)\b|\bfor\s+how\s+long\b|\b(?:baking|cooking|resting|roasting|simmering|boiling|frying|soaking|chilling|proving|rising)\s+time\b|\bhow\s+much\s+time\b/i;
/** A length of time as a method says it, in the languages of the verbs. */
const DURATION = /(?<![\p{L}\d])(?:\d+(?:[.,]\d+)?(?:\s?[-–]\s?\d+)?|½|eine?|one|half an?|an?)\s?(?:½\s?)?(?:hours?|hrs?|h|minutes?|mins?\.?|min\.?|seconds?|secs?|Stunden?|Std\.?|Minuten|Min\.?|heures?|minutos?|horas?|segundos|minuti|minuto|ore|ora|secondi|uur|minuten|nights?|overnight|über nacht|toute la nuit|toda la noche|tutta la notte|durante a noite)(?![\p{L}])/iu;

/** "What temperature", "how hot is the oven", "what do I set the oven to", "which gas mark". */
const TEMPERATURE_ASKED = /\bwhat\s+(?:temperature|temp|heat|gas\s+mark)\b|\bhow\s+hot\b|\bwhich\s+(?:temperature|gas\s+mark|setting)\b|\bwhat\s+(?:do|should|shall)\s+(?:i|we)\s+(?:set|heat|preheat|put|turn)\s+(?:the\s+)?oven\b|\boven\s+(?:temperature|setting)\b|\bhow\s+high\s+(?:is|should)\s+(?:the\s+)?oven\b/i;
/** A temperature as recipes write it: degrees with or without a unit, a gas mark, a French thermostat. */
const TEMPERATURE_SAID = /(?<![\d.,])\d{2,3}\s?°\s?[CF]?(?:\s*(?:\/|or|ou|o|oder)\s*\d{2,3}\s?°?\s?[CF]?(?:\s?fan)?)*|(?<![\d.,])\d{2,3}\s?(?:degrees?|grad|graus|grados|gradi|graden)(?:\s?(?:celsius|fahrenheit|c|f))?(?![\p{L}])|(?<![\d.,])\d{2,3}\s?[CF](?:\s?fan)?(?:\s*\/\s*\d{2,3}\s?[CF](?:\s?fan)?)*(?:\s*\/\s*gas(?:\s+mark)?\s+\d)?(?![\p{L}])|\bgas(?:\s+mark)?\s+\d\b|\bth(?:ermostat)?\.?\s?\d{1,2}(?:[-–]\d{1,2})?\b|\bStufe\s+\d\b/iu;

/** "What do I add after the onion", "what goes in once the chorizo has browned", "what's the step after the eggs". */
const AFTER_ASKED = /\bwhat\s+(?:do|should|shall|must)\s+(?:i|we|you)\s+(?:add|put\s+in|stir\s+in|mix\s+in|throw\s+in|do)\s+(?:next\s+)?(?:after|once|when)\s+(.+?)\s*[?.!]?\s*$|\bwhat\s+goes\s+in\s+(?:next\s+)?(?:after|once|when)\s+(.+?)\s*[?.!]?\s*$|\bwhat(?:'s|\s+is|\s+comes)\s+(?:the\s+)?(?:next\s+)?(?:step\s+|thing\s+)?(?:after|once)\s+(.+?)\s*[?.!]?\s*$|\bafter\s+(?:adding|browning|frying|the)\s+(.+?),\s+what\b/i;
/** Words of a named step that say it happened, not what: "has browned", "is soft", "are in". */
const STATE_WORDS = new Set('is are has have had been gone go goes turned become becomes browned brown soft softened golden done in added ready cooked melted'.split(' '));
/** Where a sentence goes on to its next action: "then", "dann", "puis", "luego", "poi", "depois", "dan". */
const THEN = /,?\s+(?:and\s+then|then|afterwards|und\s+dann|dann|danach|anschließend|puis|ensuite|et\s+ensuite|luego|después|y\s+luego|a\s+continuación|poi|quindi|e\s+poi|depois|em\s+seguida|e\s+depois|daarna|vervolgens|en\s+dan)\s+/i;

/** Words a question names the recipe by that a page need not say ("the recipe", "the dish", "it"). */
const RECIPE_WORDS = new Set(['recipe', 'dish', 'need', 'put', 'use', 'add', 'make', 'serve', 'feed', 'go', 'goe', 'get', 'oven', 'temperature', 'temp', 'hot', 'heat', 'step', 'next', 'people', 'person', 'serving', 'portion', 'guest', 'minute', 'hour', 'cook', 'set', 'preheat', 'mark', 'ga', 'once', 'when', 'after', 'first', 'then', 'long', 'time'].map(stem));

/** One recipe screen read, with how well it names the dish the question names. */
interface Read<P> {
  sc: RecipeScreen<P>;
  page: RecipePage;
  dish: number;
  unmet: number;
}

/** The terms of a phrase of the question, as the asked value has them. */
function termsOf(phrase: string, asked: AskedValue): string[] {
  const words = phrase.toLowerCase().split(/[^\p{L}\p{N}'-]+/u).filter((w) => w && !MEASURE_WORDS.has(w));
  return words.map((w) => stem(w.replace(/'s$/, ''))).filter((t) => asked.terms.includes(t));
}

/**
 * The recipe screens, each with how much of the dish the question names it says: the question's
 * nouns other than `own` (the ingredient or the step asked) and the words any recipe question uses.
 */
function recipes<P>(asked: AskedValue, screens: readonly RecipeScreen<P>[], own: readonly string[], verbWords: RegExp | null): Read<P>[] {
  const dishTerms = asked.terms.filter((t) => !own.includes(t) && !RECIPE_WORDS.has(t) && !asked.loose.includes(t) && !(verbWords && verbWords.test(t)));
  const out: Read<P>[] = [];
  for (const sc of screens) {
    const page = recipePage(sc.lines);
    if (!page) continue;
    const whole = `${sc.title}\n${sc.lines.join('\n')}`;
    const stems = stemsOf(whole);
    const missing = dishTerms.filter((t) => covered([t], whole, asked.kin) === 0 && ![...stems].some((s) => s.length >= 5 && s.includes(t) && t.length >= 4));
    const dish = covered(dishTerms, whole, asked.kin);
    // A word the everyday-words table knows as a food ("carrot") unsaid is another dish; another word ("fresh", "easy") may go unsaid beside the dish's noun.
    const unmet = missing.filter((t) => dish === 0 || foreignForms(t).length > 0).length;
    out.push({ sc, page, dish, unmet });
  }
  // Every noun of the dish said (in the page's own words, through the everyday-words table), the best ranked first.
  return out.filter((r) => r.unmet === 0).sort((a, b) => b.dish - a.dish || b.sc.rank - a.sc.rank);
}

/** The cell of a line that says a value (`re`), with the words next to it: "Serves 8" of "Prep 15 mins | Cook 1 hr | Serves 8". */
function cellWith(line: string, re: RegExp): string | null {
  const cells = line.split(/\s{2,}|\t|\s[|·•–—]\s|\s-\s/).map((c) => c.trim()).filter(Boolean);
  return cells.find((c) => re.test(c)) ?? null;
}

const clean = (s: string) => s.replace(/^\s*[-•·*▪◦]\s*/, '').replace(/[\s.;,:]+$/, '');

function amountLead<P>(question: string, asked: AskedValue, screens: readonly RecipeScreen<P>[]): RecipeFound<P> | null {
  const m = AMOUNT_OF.exec(question);
  if (!m || AUXILIARY.test(m[1]!)) return null;
  const words = m[1]!.toLowerCase().split(/\s+/).filter((w) => !MEASURE_WORDS.has(w));
  if (!words.length || words.every((w) => NOT_INGREDIENT.test(w))) return null;
  const own = termsOf(m[1]!, asked);
  if (!own.length) return null;
  const found = recipes(asked, screens, own, null);
  for (const r of found) {
    // Every word of the ingredient said by one line of the list, with a quantity ("2 dientes de ajo" for "cloves of garlic").
    const lines = r.page.ingredients.filter((l) => own.every((t) => covered([t], l, asked.kin) > 0) && QUANTITY.test(` ${l}`));
    if (lines.length) return { text: `${lines.slice(0, 3).map(clean).join('; ')} — ${clean(r.sc.title)}`, n: r.sc.n, passage: r.sc.passage };
  }
  const r = found[0];
  // The recipe asked about lists no such ingredient: said so, not another line's quantity (when the question asks what goes in, not "how many comments").
  if (r && r.page.ingredients.length >= 2 && GOES_IN.test(question)) return { text: `I don't know: the ingredients of "${clean(r.sc.title)}" list no ${m[1]!.replace(/\s+(?:in|for)\s.*$/i, '')}`, n: r.sc.n, passage: r.sc.passage, found: false };
  return null;
}

function servingsLead<P>(question: string, asked: AskedValue, screens: readonly RecipeScreen<P>[]): RecipeFound<P> | null {
  if (!SERVINGS_ASKED.test(question)) return null;
  for (const r of recipes(asked, screens, [], null)) {
    const lines = [...r.page.header, ...r.sc.lines];
    for (const line of lines) {
      const cell = cellWith(line, SERVINGS_SAID);
      if (cell && /\d/.test(cell) && !DURATION.test(cell)) return { text: `${clean(cell)} — ${clean(r.sc.title)}`, n: r.sc.n, passage: r.sc.passage };
    }
  }
  return null;
}

/** The duration said in a sentence, led by it: "35 minutos — 3. Incorpora las lentejas …". */
function timed(s: { text: string; step: number | null }): string {
  const d = DURATION.exec(s.text)![0].trim();
  return `${d} — ${s.step !== null ? `${s.step}. ` : ''}${clean(s.text)}`;
}

/** "How long does it take (to cook / to make)", "the total time": the whole recipe's time, not one step's. */
const WHOLE_TIME = /\bhow\s+long\s+(?:does|will|would|do|did)\s+(?:it|this|that|they|the\s+[\p{L}' -]{1,40}?)\s+take\b|\btotal\s+time\b/iu;
/** A header's total time: "Total 1 h", "Gesamtzeit", "Temps total", "Tiempo total", "Tempo totale", "Ready in". */
const TOTAL_SAID = /(?<![\p{L}])(?:total|gesamt\p{L}*|insgesamt|ready in|temps total|durée totale|tiempo total|tempo total[e]?|totale tijd)(?![\p{L}])/iu;

function timeLead<P>(question: string, asked: AskedValue, screens: readonly RecipeScreen<P>[]): RecipeFound<P> | null {
  if (!HOW_LONG.test(question)) return null;
  const verbs = askedVerbs(question);
  if (WHOLE_TIME.test(question) && verbs.every((v) => v.name === 'cook')) {
    // The recipe's own time for the whole: its total, else its cooking time, as the header gives them.
    const cook = askedVerbs('cook')[0]!;
    for (const r of recipes(asked, screens, [], /^(?:cook\w*|take|make)$/i)) {
      const cells = r.page.header.flatMap((l) => l.split(/\s{2,}|\t|\s[|·•–—]\s|\s-\s/)).filter((c) => DURATION.test(c));
      // A header with one time and no label for it ("Para 4 personas · 45 minutos") gives the whole recipe's.
      const total = cells.find((c) => TOTAL_SAID.test(c)) ?? cells.find((c) => saysVerb(cook, c)) ?? (cells.length === 1 ? cells[0] : undefined);
      if (total) return { text: `${clean(total)} — ${clean(r.sc.title)}`, n: r.sc.n, passage: r.sc.passage };
    }
    if (!verbs.length) return null;
  }
  if (!verbs.length) return null;
  const verbWords = new RegExp(`^(?:${verbs.map((v) => v.asked.source).join('|')})$`, 'i');
  const asks = (text: string) => verbs.some((v: CookingVerb) => saysVerb(v, text));
  const found = recipes(asked, screens, [], verbWords);
  for (const r of found) {
    const nouns = asked.terms.filter((t) => !RECIPE_WORDS.has(t) && !verbWords.test(t) && !asked.loose.includes(t));
    const said = r.page.method.filter((s) => asks(s.text) && DURATION.test(s.text));
    if (said.length) {
      // Of several, the one that names what the question does ("how long do the peas cook").
      const best = said.map((s, i) => ({ s, score: covered(nouns, s.text, asked.kin) - i * 0.01 })).sort((a, b) => b.score - a.score)[0]!;
      return { text: timed(best.s), n: r.sc.n, passage: r.sc.passage };
    }
    // The method says no time for it: the header's time for it, said as the recipe's total, when the method does it at all.
    // The header's cell for the verb ("Backzeit"), else its cooking or total time ("Cook 40 mins", "Tiempo total").
    const cells = r.page.header.flatMap((l) => l.split(/\s{2,}|\t|\s[|·•–—]\s|\s-\s/)).filter((c) => DURATION.test(c));
    const cook = askedVerbs('cook')[0]!;
    const header = [...cells.filter(asks), ...cells.filter((c) => !asks(c) && (saysVerb(cook, c) || TOTAL_SAID.test(c)))];
    const done = r.page.method.some((s) => asks(s.text)) || !r.page.method.length;
    if (header.length && done) return { text: `${clean(header[0]!)} — the recipe's total time for it; its method gives no time of its own — ${clean(r.sc.title)}`, n: r.sc.n, passage: r.sc.passage };
    if (r.page.method.length) {
      const verb = verbs[0]!.name;
      return { text: `I don't know: the method of "${clean(r.sc.title)}" gives no time to ${verb}`, n: r.sc.n, passage: r.sc.passage, found: false };
    }
  }
  return null;
}

function temperatureLead<P>(question: string, asked: AskedValue, screens: readonly RecipeScreen<P>[]): RecipeFound<P> | null {
  if (!TEMPERATURE_ASKED.test(question)) return null;
  const bake = askedVerbs('bake')[0]!;
  for (const r of recipes(asked, screens, [], null)) {
    const nouns = asked.terms.filter((t) => !RECIPE_WORDS.has(t) && !asked.loose.includes(t));
    const said = r.page.method.filter((s) => TEMPERATURE_SAID.test(s.text));
    // The oven's, or the one that names what the question does ("how hot should the oil be").
    const best = said.map((s, i) => ({ s, score: covered(nouns, s.text, asked.kin) + (saysVerb(bake, s.text) || /\boven\b|\bofen\b|\bfour\b|\bhorno\b|\bforno\b/i.test(s.text) ? 1 : 0) - i * 0.01 })).sort((a, b) => b.score - a.score)[0];
    if (best) return { text: `${TEMPERATURE_SAID.exec(best.s.text)![0].trim()} — ${best.s.step !== null ? `${best.s.step}. ` : ''}${clean(best.s.text)}`, n: r.sc.n, passage: r.sc.passage };
    const head = r.page.header.map((l) => cellWith(l, TEMPERATURE_SAID)).find(Boolean);
    if (head) return { text: `${clean(head)} — ${clean(r.sc.title)}`, n: r.sc.n, passage: r.sc.passage };
    if (r.page.method.length) return { text: `I don't know: "${clean(r.sc.title)}" gives no temperature`, n: r.sc.n, passage: r.sc.passage, found: false };
  }
  return null;
}

function nextLead<P>(question: string, asked: AskedValue, screens: readonly RecipeScreen<P>[]): RecipeFound<P> | null {
  const m = AFTER_ASKED.exec(question);
  if (!m) return null;
  // "after the eggs in the banana bread": the step named, without the dish it is of.
  const named = (m[1] ?? m[2] ?? m[3] ?? m[4])!.replace(/\s+(?:in|for|of)\s+(?:the|my|this)\s+.*$/i, '');
  const said = termsOf(named, asked);
  const own = termsOf(named.split(/\s+/).filter((w) => !STATE_WORDS.has(w.toLowerCase())).join(' '), asked);
  if (!own.length) return null;
  const names = (text: string) => own.filter((t) => covered([t], text, asked.kin) > 0).length;
  // The words of the step named ("once the onion is soft") are no dish the page must name.
  for (const r of recipes(asked, screens, said, null)) {
    const method = r.page.method;
    // The first sentence that names most of it ("the curry powder": "Añade el curry"), half of its words at least.
    const most = Math.max(0, ...method.map((s) => names(s.text)));
    if (most < Math.ceil(own.length / 2)) {
      // The recipe on the best found screen does not name it in its method: said so, not another step.
      if (r.sc.rank >= 0.99 && method.length) return { text: `I don't know: the method of "${clean(r.sc.title)}" does not name ${named}`, n: r.sc.n, passage: r.sc.passage, found: false };
      continue;
    }
    const at = method.findIndex((s) => names(s.text) === most);
    // "Mash the bananas, then stir in the butter", "Añade el curry, remueve un minuto y vierte la leche": the action after the named one, in its own sentence.
    const s = method[at]!;
    for (const split of [THEN, /,\s+/]) {
      const parts = s.text.split(split);
      const where = parts.findIndex((p) => names(p) === most);
      if (where >= 0 && where < parts.length - 1) return { text: `${clean(parts.slice(where + 1).join(', '))} — ${s.step !== null ? `${s.step}. ` : ''}${clean(s.text)}`, n: r.sc.n, passage: r.sc.passage };
    }
    const next = method[at + 1];
    if (next) return { text: `${next.step !== null ? `${next.step}. ` : ''}${clean(next.text)} (after: ${clean(s.text)})`, n: r.sc.n, passage: r.sc.passage };
    return { text: `I don't know: in "${clean(r.sc.title)}", nothing comes after "${clean(s.text)}"`, n: r.sc.n, passage: r.sc.passage, found: false };
  }
  return null;
}

/** Whether a question asks one of the things a recipe says: an amount that goes in, the servings, a step's time, the heat, the next step. */
function asksRecipe(question: string): boolean {
  const amount = AMOUNT_OF.exec(question);
  return (!!amount && !AUXILIARY.test(amount[1]!) && GOES_IN.test(question)) || SERVINGS_ASKED.test(question) || (HOW_LONG.test(question) && askedVerbs(question).length > 0) || TEMPERATURE_ASKED.test(question) || AFTER_ASKED.test(question);
}

/**
 * A recipe seen, but for another dish than the one asked: a food the question names for its dish
 * ("the carrot cake") is nowhere on the recipes found, the best found screen among them (an apple cake). Said so, not its figures.
 */
function otherDish<P>(question: string, asked: AskedValue, screens: readonly RecipeScreen<P>[]): RecipeFound<P> | null {
  if (!asksRecipe(question)) return null;
  const foods = asked.terms.filter((t) => !RECIPE_WORDS.has(t) && !asked.loose.includes(t) && foreignForms(t).length > 0);
  let other: RecipeScreen<P> | null = null;
  for (const sc of screens) {
    if (!recipePage(sc.lines)) continue;
    const whole = `${sc.title}\n${sc.lines.join('\n')}`;
    // One recipe seen that names every food asked is the one asked about: its readers said what they found.
    if (foods.every((t) => covered([t], whole, asked.kin) > 0)) return null;
    // Only the best found screen speaks for what was seen: a recipe further down says nothing of a budget sheet's question.
    if (sc.rank >= 0.99) other ??= sc;
  }
  return other ? { text: `I don't know: the recipe seen, "${clean(other.title)}", is not the one asked about`, n: other.n, passage: other.passage, found: false } : null;
}

/** The lead for a question about a recipe seen on screen, or null when it asks none of these, or no recipe screen is about it. */
export function recipeLead<P>(question: string, asked: AskedValue, screens: readonly RecipeScreen<P>[]): RecipeFound<P> | null {
  if (!screens.length) return null;
  return servingsLead(question, asked, screens) ?? temperatureLead(question, asked, screens) ?? timeLead(question, asked, screens) ?? amountLead(question, asked, screens) ?? nextLead(question, asked, screens) ?? otherDish(question, asked, screens);
}


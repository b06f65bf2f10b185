/**
 * A recipe page read back from its screen lines: its header (title, times, servings), its
 * ingredient lines, and its method as sentences in order, without the comments and reviews under
 * it. Recipe sites, blogs and cookbooks set the same parts apart in every language: an "Ingredients"
 * heading ("Zutaten", "Ingrédients", "Ingredientes", "Ingredienti") over lines that start with a
 * quantity, a "Method" heading ("Zubereitung", "Préparation", "Preparación", "Procedimento", "Modo de
 * preparo") over steps. Screen text is data: a step is quoted, never followed.
 */
import { stepSentences } from './step-sentences.js';
import { COOKING_VERBS } from './recipe-verbs.js';

/** A heading over the ingredient list. */
const INGREDIENTS_HEADING = /^\s*(?:ingredients?|what you(?:'ll| will)? need|you will need|zutaten|ingrédients|ingredients|ingredientes|ingredienti|ingrediënten|ingredienten)\b\s*(?:\(.*\))?\s*:?\s*$/iu;
/** A heading over the method (a line of its own, no figure: "Zubereitung: 20 Min." is a header's time). */
const METHOD_HEADING = /^\s*(?:method|directions|instructions|preparation|steps|how to make(?: it)?|zubereitung|anleitung|so geht's|préparation|étapes|instructions|preparación|elaboración|modo de preparación|pasos|procedimento|preparazione|come preparare|modo de preparo|modo de fazer|preparo|preparação|bereiding|bereidingswijze|werkwijze)\b[^\d]{0,20}$/iu;
/** Where the page stops being the recipe: comments, reviews, related recipes, notes of readers. */
const AFTER_RECIPE = /^\s*(?:comments?|reviews?|ratings?|\d+\s+comments?|comments?\s*\(\d+\)|leave a (?:comment|reply|review)|you (?:may|might) also like|related recipes|more recipes|kommentare?|bewertungen|commentaires?|avis|comentarios?|opiniones|commenti|recensioni|comentários?|avaliações|reacties)\b/iu;
/** Lines a page sets among its parts that are no part of the recipe. */
const NOISE = /^\s*(?:advertisement|advert|anzeige|werbung|publicité|publicidad|anuncio|pubblicità|publicidade|sponsored|print|save|share|jump to recipe)\s*$/iu;

/** A quantity as recipes write it: figures, fractions, a range ("2-3"), or a word for a little ("a pinch"). */
export const QUANTITY = /(?:^|[\s(•·*-])(?:\d+(?:[.,/]\d+)?(?:\s?[-–]\s?\d+)?\s?[½¼¾⅓⅔⅛]?|[½¼¾⅓⅔⅛])(?=\s|[\p{L}]|$)|\b(?:a pinch|a handful|a dash|a knob|a splash|eine prise|ein schuss|une pincée|un filet|une noix|una pizca|un chorrito|un pizzico|un filo|q\.?\s?b\.?|uma pitada|um fio|to taste|nach geschmack|au goût|al gusto|a piacere|a gosto|naar smaak)\b/iu;
/** A figure at a line's start, after a bullet: how an ingredient line opens when no heading says it is one. */
const OPENS_WITH_QUANTITY = /^\s*(?:[-•·*▪◦]\s*)?(?:\d+(?:[.,/]\d+)?(?:\s?[-–]\s?\d+)?\s?[½¼¾⅓⅔⅛]?|[½¼¾⅓⅔⅛])\s*(?:[\p{L}]|$)/u;

export interface RecipePage {
  /** The lines above the ingredients: title, times, servings. */
  header: string[];
  /** The ingredient lines, each a cell of its own (a two-column layout's cells apart). */
  ingredients: string[];
  /** The method's sentences in order, each without its step marker, with the step number it was under when it had one. */
  method: { text: string; step: number | null }[];
  /** Whether the page set its parts apart by headings (surer than lines that only look like them). */
  headed: boolean;
}

/** Cells of one line: a table's or a two-column layout's parts, apart. */
const cellsOf = (line: string) => line.split(/\s{3,}|\t|\s\|\s/).map((c) => c.trim()).filter(Boolean);

/** A line that tells a step in words: a sentence of five words or more, or a numbered step. */
const tellsStep = (line: string) => /^\s*(?:step\s+)?\d{1,2}[.):]\s+\p{L}/iu.test(line) || (line.split(/\s+/).length >= 5 && !OPENS_WITH_QUANTITY.test(line));
/** A cell that is a step, not an ingredient: a numbered step, or a sentence with no quantity at its start. */
const stepCell = (cell: string) => tellsStep(cell) && !OPENS_WITH_QUANTITY.test(cell);

/**
 * The recipe on a screen, or null when its lines are no recipe: neither an ingredients heading nor
 * a method heading over steps, nor three lines that open with a quantity.
 */
export function recipePage(lines: readonly string[]): RecipePage | null {
  const all = lines.map((l) => l.trim()).filter((l) => l && !NOISE.test(l));
  const end = all.findIndex((l) => AFTER_RECIPE.test(l));
  const own = end >= 0 ? all.slice(0, end) : all;
  const ing = own.findIndex((l) => INGREDIENTS_HEADING.test(l));
  const met = own.findIndex((l, i) => i > ing && METHOD_HEADING.test(l));
  const quantityLines = own.filter((l) => OPENS_WITH_QUANTITY.test(l)).length;
  if (ing < 0 && met < 0 && quantityLines < 3) return null;
  const header = own.slice(0, ing >= 0 ? ing : met >= 0 ? met : 0);
  let ingredients: string[];
  let methodLines: string[];
  // A two-column page read across puts an ingredient beside a step on one line ("200 g Mehl   Den Backofen …"):
  // its step cells go to the method; a table's row ("Mehl   200 g") stays whole.
  const ingredientsOf = (section: readonly string[]) => section.map((l) => cellsOf(l).filter((c) => !stepCell(c)).join('  ')).filter(Boolean);
  const stepsBeside = (section: readonly string[]) => section.flatMap((l) => cellsOf(l).filter(stepCell));
  if (ing >= 0 || met >= 0) {
    const section = ing >= 0 ? own.slice(ing + 1, met >= 0 ? met : own.length) : own.slice(0, met).filter((l) => OPENS_WITH_QUANTITY.test(l));
    ingredients = ingredientsOf(section);
    // No method heading: the steps are the sentences under the list, or beside it.
    methodLines = [...stepsBeside(section), ...(met >= 0 ? own.slice(met + 1) : [])];
  } else {
    ingredients = ingredientsOf(own.filter((l) => OPENS_WITH_QUANTITY.test(l)));
    methodLines = [...stepsBeside(own.filter((l) => OPENS_WITH_QUANTITY.test(l))), ...own.filter((l) => !OPENS_WITH_QUANTITY.test(l) && tellsStep(l))];
    // Without a heading, lines that open with a figure are a recipe only beside a step that cooks: a bill or a spec sheet lists figures too.
    if (!methodLines.some((l) => COOKING_VERBS.some((v) => v.said.test(l)))) return null;
  }
  const method: RecipePage['method'] = [];
  for (const line of methodLines) {
    const step = /^\s*(?:step\s+)?(\d{1,2})[.):]\s/i.exec(line);
    for (const s of stepSentences([line])) method.push({ text: s, step: step ? Number(step[1]) : null });
  }
  return { header, ingredients, method, headed: ing >= 0 || met >= 0 };
}

/**
 * What a cook does to a dish, by concept: the English words a question asks it with, and the words a
 * recipe's method says it with in English, German, French, Spanish, Italian, Portuguese and Dutch
 * ("simmer": "köcheln", "mijoter", "a fuego lento", "a fuoco lento", "em lume brando"). Written by hand
 * from the languages themselves; a method's verb is conjugated many ways (infinitive, imperative,
 * "faites …"), so a screen's forms are word starts, not whole words.
 */

export interface CookingVerb {
  /** The concept, as the answer names it. */
  name: string;
  /** How an English question says it ("how long does it simmer", "the baking time"). */
  asked: RegExp;
  /** How a recipe's method or header says it, in any of the languages. */
  said: RegExp;
}

/** A screen's forms as word starts: not inside another word, whatever its letters (JavaScript's \\b knows ASCII only). */
const words = (source: string) => new RegExp(`(?<![\\p{L}\\d])(?:${source})`, 'iu');

export const COOKING_VERBS: readonly CookingVerb[] = [
  {
    name: 'simmer',
    asked: /\b(?:simmer\w*|stew\w*|braise\w*)\b/i,
    said: words(String.raw`simmer\w*|stew\w*|braise\w*|köcheln\w*|koecheln\w*|schmor\w*|sieden|mijot\w*|à feu doux|a fuego (?:lento|suave|bajo|medio-bajo)|guisa\w*|a fuoco (?:lento|basso|dolce)|sobboll\w*|stufa\w*|(?:em )?(?:lume|fogo) (?:brando|baixo)|sudder\w*|pruttel\w*|stoof\w*`),
  },
  {
    name: 'boil',
    asked: /\b(?:boil\w*)\b/i,
    said: words(String.raw`boil\w*|(?:auf)?koch\w*|sprudel\w*|bouill\w*|ébullition|hierv\w*|hervir|ebullición|bolli\w*|bollore|ebuli\w*|ferv\w*|coz[ae]\w*|kook\w*`),
  },
  {
    name: 'bake',
    asked: /\b(?:bak(?:e|es|ed|ing)|in the oven|oven time)\b/i,
    said: words(String.raw`bak(?:e|es|ed|ing)\b|(?:im|in den) (?:back)?ofen|back(?:en|t|zeit)\b|backofen|enfourn\w*|au four|cuisson au four|horne\w*|(?:al|en el|en) horno|inforn\w*|(?:in|al) forno|cottura in forno|ass(?:e|ar|ado|a|em)\b|(?:no|ao) forno|in de oven|bak(?:ken|tijd)\b`),
  },
  {
    name: 'roast',
    asked: /\b(?:roast\w*)\b/i,
    said: words(String.raw`roast\w*|brat(?:en|t|zeit)\b|rôti\w*|r[ôo]tir|as(?:ar|a|ado)\b|arrost\w*|ass(?:ar|e|ado)\b|braad\w*|braden`),
  },
  {
    name: 'rest',
    asked: /\b(?:rest(?:s|ed|ing)?|stand(?:s|ing)?|sit(?:s|ting)?)\b/i,
    said: words(String.raw`rest(?:s|ed|ing)?\b|stand(?:s|ing)?\b|ruhen|ruht|ziehen lassen|repos\w*|dej(?:a|ar|e)\w* reposar|reposar\w*|riposa\w*|ripos[oi]|descans\w*|repous\w*|rusten|laten rusten`),
  },
  {
    name: 'rise',
    asked: /\b(?:rise|rising|prove|proving|proof(?:ing)?)\b/i,
    said: words(String.raw`(?:rise|rising|prove|proving|proof(?:ing)?|gehen lassen|lever|lève|levée|levar|leud\w*|lievit\w*|cresc\w*|fermentar|rijzen|laten rijzen)(?![\p{L}])`),
  },
  {
    name: 'fry',
    asked: /\b(?:fry|fries|fried|frying|brown(?:s|ed|ing)?|saut[ée](?:ed|s|ing)?|sear\w*)\b/i,
    said: words(String.raw`fry|fries|fried|frying|brown(?:s|ed|ing)?|saut[ée]\w*|sear(?:s|ed|ing)?\b|(?:an)?brat(?:en|t)\b|anbrat\w*|bräun\w*|anschwitz\w*|revenir|dor(?:er|ez|é)|fri(?:re|t)\b|fre[íi]r|fr[íi]e\b|fr[íi]elo|sofr[eí]\w*|d[oó]r(?:a|ar|ad)\w*|soffrigg\w*|frigg\w*|rosola\w*|frit(?:ar|e|a)\w*|refog\w*|dour(?:ar|e|a)\w*`),
  },
  {
    name: 'soak',
    asked: /\b(?:soak\w*)\b/i,
    said: words(String.raw`soak\w*|einweich\w*|tremp\w*|remojo|ammoll\w*|a bagno|demolh\w*|de molho|weken|laten weken`),
  },
  {
    name: 'chill',
    asked: /\b(?:chill\w*|fridge|refrigerat\w*|set(?:s|ting)?|cool(?:s|ed|ing)?)\b/i,
    said: words(String.raw`chill\w*|fridge|refrigerat\w*|cool\w*|kühl\w*|kalt stellen|frigo|réfrigérat\w*|refroidi\w*|nevera|frigorífico|enfri\w*|frigo(?:rifero)?|raffredd\w*|geladeira|arrefe\w*|esfri\w*|koelkast|afkoel\w*`),
  },
  {
    name: 'marinate',
    asked: /\b(?:marinat\w*|marinad\w*)\b/i,
    said: words(String.raw`marinat\w*|marinad\w*|marinier\w*|mariner|marinez|marinar|marinare|marinate`),
  },
  {
    name: 'knead',
    asked: /\b(?:knead\w*)\b/i,
    said: words(String.raw`knead\w*|knet\w*|pétri\w*|pétrissez|amasa\w*|amase|impasta(?:re|te)|lavora(?:re|te) l'impasto|sova\w*|amass\w*|kneed\w*|kneden`),
  },
  {
    name: 'cook',
    asked: /\b(?:cook\w*)\b/i,
    said: words(String.raw`cook\w*|(?:gar)?koch\w*|gar(?:en|t|zeit)\b|cui(?:re|sez|sson|t|te)\b|co(?:c|ci)(?:er|inar|ción|ción)\b|cuec\w*|cuoc\w*|cottura|cozinh\w*|coz[ae]\w*|cozedura|kook\w*|gaar\w*`),
  },
];

/** The cooking verbs a question asks about ("how long does it simmer"): the named ones, or none. */
export function askedVerbs(question: string): CookingVerb[] {
  return COOKING_VERBS.filter((v) => v.asked.test(question));
}

/** Whether a text says a verb: its own forms, or, for "cook", any way of cooking (a stew cooks as it simmers). */
export function saysVerb(verb: CookingVerb, text: string): boolean {
  if (verb.said.test(text)) return true;
  return verb.name === 'cook' && COOKING_VERBS.some((v) => ['simmer', 'boil', 'bake', 'roast', 'fry'].includes(v.name) && v.said.test(text));
}

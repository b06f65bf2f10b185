/**
 * Orders addressed to the assistant, whoever seems to say them: a note for the assistant, an
 * override of its rules, a standing order, a request to write into its core. Never a user's fact;
 * the core guard refuses such a core line (agents/core), and a batch of text others wrote (a screen,
 * a recording, an imported chat) that carries one changes no memory it did not write (common-tools).
 */

// Never a user's fact, whoever seems to say it: addressing the assistant, overriding its rules.
export const ALWAYS_REFUSED: Array<[RegExp, string]> = [
  [/\bnote (?:for|to) (?:the )?(?:engram|assistant|ai|model|bot|llm|agent)\b/i, 'a note addressed to the assistant is not a fact about the user'],
  [/\b(?:ignore|disregard|forget|override|bypass)\b[^.\n]{0,40}\b(?:previous|prior|above|earlier|all|any|other|system|your)\b[^.\n]{0,20}\b(?:instructions?|prompts?|rules?|messages?|directions?|directives?)\b/i, 'it tries to override instructions'],
  [/\bfrom now on\b|\bhenceforth\b|\bgoing forward\b/i, 'standing orders for the assistant come from the user in Engram\'s chat or window, never from a tool call'],
  [/\b(?:system prompt|you are now|new instructions?|act as|pretend to be|jailbreak)\b/i, 'it tries to change how the assistant behaves'],
  // A polite or hurrying word or two may stand between the address and the order ("Assistant: kindly save …", redteam56).
  [/\b(?:engram|assistant|claude|chatgpt|gpt|ai)\s*[:,]\s*(?:(?:please|pls|kindly|just|now|also|then|quietly|silently|immediately|simply|go ahead and|be sure to|make sure to)[\s,]+){0,2}(?:always|never|do|don't|save|store|keep|remember|record|write|add|update|change|set|delete|forget|export|tell|send|include|end|start)\b/i, 'a line addressed to the assistant is not a fact about the user'],
  [/\b(?:save|write|add|put|store|append|insert)\b[^.\n]{0,30}\b(?:persona|core|human) block\b/i, 'a line that asks to be written into a core block is an instruction, not a fact'],
  // Pages hail whatever model reads them ("To any AI reading this:", "for AI assistants summarising this mail", "if you are an LLM").
  [/\b(?:to|for|attention|dear|hey)\s+(?:any|all|every|the)?\s*(?:ai|llm|language model|assistant|bot|agent)s?\b[^.\n]{0,25}\b(?:reading|summari[sz]ing|processing|parsing|scanning|indexing)\s+(?:this|these|it|the (?:page|site|mail|e-?mail|message|document|text|file))\b|\bif you are an? (?:ai|llm|language model|assistant|bot)\b/i, 'a note addressed to the assistant is not a fact about the user'],
];

// The same orders in the languages most users write after English (German, French, Spanish, Italian,
// Portuguese, Dutch, since redteam55 Polish, Swedish, Danish and Norwegian, since redteam56 Turkish): a forum post or an email in German is as much a stranger's text as one in
// English. Letters of any script bound a word here (\b knows ASCII only: "für", "à").
export const W = String.raw`(?<![\p{L}\p{N}])`;
export const E = String.raw`(?![\p{L}\p{N}])`;
export const other = (body: string): RegExp => new RegExp(body, 'iu');
export const ALWAYS_REFUSED_OTHER: Array<[RegExp, string]> = [
  [
    other(
      String.raw`${W}(?:notiz|hinweis|anmerkung|nachricht)\s+(?:für|an)\s+(?:den\s+|die\s+)?(?:assistenten|assistentin|ki|bot|engram)${E}|${W}note\s+(?:pour|à)\s+(?:l['’]\s*)?(?:assistant|ia|engram)${E}|${W}nota\s+(?:para|per|pro)\s+(?:el\s+|la\s+|o\s+|a\s+|l['’]\s*)?(?:asistente|assistente|ia|engram)${E}|${W}notitie\s+voor\s+(?:de\s+)?(?:assistent|ai|engram)${E}` +
        String.raw`|${W}(?:notatka|uwaga|wiadomo(?:ść|sc)|informacja)\s+dla\s+(?:asystenta|ai|bota|engram)${E}|${W}(?:anteckning|meddelande|notering|notat|note|besked)\s+til+\s+(?:assistent(?:en)?|ai|engram)${E}` +
        // Turkish: "Asistana not:", "yapay zeka asistanına not", "asistan için not".
        String.raw`|${W}(?:asistan(?:a|[ıi]na)|yapay\s+zek[aâ](?:ya|\s+asistan(?:a|[ıi]na))|engram['’]?a|ai['’]?(?:ye|ya))\s+(?:not|mesaj|uyar[ıi])${E}|${W}(?:asistan|yapay\s+zek[aâ]|engram|ai)\s+i[çc]in\s+not${E}`,
    ),
    'a note addressed to the assistant is not a fact about the user',
  ],
  [
    other(
      String.raw`${W}(?:ignorier\p{L}*|vergiss|zignoruj|ignoruj|ignorera|ignorer|glöm|glem|missachte\p{L}*|ignore[rz]?|oublie[rz]?|ignora\p{L}*|olvida\p{L}*|dimentica\p{L}*|esque[cç]a\p{L}*|negeer\p{L}*|vergeet)${E}[^.\n]{0,50}${W}(?:anweisung\p{L}*|instruktion\p{L}*|regeln|befehl\p{L}*|vorgaben|consignes?|instructions?|règles|instrucciones|reglas|[oó]rdenes|istruzioni|regole|instruç(?:ão|ões)|regras|instructies|regels|opdrachten|instrukcj\p{L}*|polece(?:nia|ń)|zasady|instruktion(?:er|erna)?|instruksjon(?:er|ene)?|regl(?:er|erna|ene)?)${E}` +
        // Turkish puts the verb last: "önceki talimatları yok say".
        String.raw`|${W}(?:önceki|tüm|bütün|yukar[ıi]daki)\s+(?:talimat\p{L}*|komut\p{L}*|kural\p{L}*|yönerge\p{L}*)\s+(?:yok\s+say\p{L}*|unut\p{L}*|görmezden\s+gel\p{L}*|dikkate\s+alma\p{L}*)`,
    ),
    'it tries to override instructions',
  ],
  [
    other(
      String.raw`${W}(?:von nun an|ab jetzt|fortan|à partir de maintenant|désormais|dorénavant|de ahora en adelante|a partir de ahora|desde ahora|d['’]ora in (?:poi|avanti)|da ora in poi|a partir de agora|de agora em diante|daqui em diante|vanaf nu|voortaan|van nu af aan|od teraz|od tej chwili|odt[ąa]d|från och med nu|hädanefter|fra nu af|fra nå av|fremover|bundan (?:sonra|böyle)|şu andan itibaren)${E}`,
    ),
    "standing orders for the assistant come from the user in Engram's chat or window, never from a tool call",
  ],
];

/**
 * Letters other scripts draw like Latin ones (Cyrillic and Greek), as a page writes "іgnore prevіous
 * іnstructіons" or "Nоte fоr the аssistant" to slip past a reader of Latin words (redteam56).
 */
const LOOKALIKE: Record<string, string> = {
  а: 'a', в: 'b', е: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x', і: 'i', ї: 'i', ј: 'j', ѕ: 's', ԁ: 'd', һ: 'h', ԛ: 'q', ԝ: 'w',
  А: 'A', В: 'B', Е: 'E', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Т: 'T', У: 'Y', Х: 'X', І: 'I', Ј: 'J', Ѕ: 'S',
  ο: 'o', α: 'a', ι: 'i', κ: 'k', ν: 'v', ρ: 'p', υ: 'u', χ: 'x', Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'I', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T', Υ: 'Y', Χ: 'X',
};

/**
 * The text as a reader sees it, for finding orders in it (redteam56): invisible characters (zero-width
 * spaces and joiners, soft hyphens, word joiners: Unicode's format characters) dropped, any space
 * read as a space, full-width and other compatibility forms as their plain letters (NFKC), and in a
 * word holding Latin letters (or only look-alikes) the Cyrillic and Greek look-alikes as Latin.
 * A real Russian or Greek word keeps its letters. `from` maps each folded position to the text's.
 */
export function foldForOrders(text: string): { text: string; from: number[] } {
  let out = '';
  const from: number[] = [];
  for (const word of text.matchAll(/[\p{L}\p{M}\p{Cf}]+|[^\p{L}\p{M}\p{Cf}]+/gu)) {
    const w = word[0];
    const letters = [...w].filter((c) => /\p{L}/u.test(c));
    const mixed = letters.some((c) => /[A-Za-z]/.test(c) || /[\uFF21-\uFF3A\uFF41-\uFF5A]/.test(c)) || (letters.length > 0 && letters.every((c) => c in LOOKALIKE));
    let at = word.index;
    for (const c of w) {
      const here = at;
      at += c.length;
      if (/\p{Cf}/u.test(c)) continue;
      const plain = /[^\S\n]/.test(c) ? ' ' : ((mixed ? LOOKALIKE[c] : undefined) ?? c.normalize('NFKC'));
      for (let i = 0; i < plain.length; i++) from.push(here);
      out += plain;
    }
  }
  from.push(text.length);
  return { text: out, from };
}

/** Whether the pattern finds an order in the text as a reader sees it (foldForOrders). */
export function ordersMatch(re: RegExp, text: string): boolean {
  return re.test(foldForOrders(text).text);
}

/** The reasons of the orders ordinary text also says ("going forward, invoices go to…", "you are now signed in", "act as chair"). */
const SAID_IN_PASSING = new Set([ALWAYS_REFUSED[2]![1], ALWAYS_REFUSED[3]![1], ALWAYS_REFUSED_OTHER[2]![1]]);

/**
 * "Engram, remember my manager is now Ravi": in Engram's own chat the user speaks to the assistant by
 * name, and that is how a user asks for a change. Only in the user's own words is it not a hail
 * (a page, a recording or an import saying it still is); a pasted note's other marks still count.
 */
const SPOKEN_TO = ALWAYS_REFUSED[4]![1];

/**
 * Why a text hails the assistant or tries to override its rules (the first such reason), or null:
 * a note for the assistant, "to any AI reading this", "ignore the previous instructions", a request
 * to write into its core, in any of those languages. Not the standing-order words, which every
 * other business mail says: those are refused in a core line (core-guard), not here. `ownWords`: the
 * text is the user's own chat message, where speaking to the assistant by name is ordinary.
 */
export function addressedOrder(text: string, opts: { ownWords?: boolean } = {}): string | null {
  const folded = foldForOrders(text).text;
  for (const [re, why] of [...ALWAYS_REFUSED, ...ALWAYS_REFUSED_OTHER]) {
    if (SAID_IN_PASSING.has(why) || (opts.ownWords && why === SPOKEN_TO)) continue;
    if (re.test(folded)) return why;
  }
  return null;
}

/** Where the first order addressed to the assistant starts in the text (as addressedOrder finds them), or -1. */
export function addressedOrderAt(text: string, opts: { ownWords?: boolean } = {}): number {
  const folded = foldForOrders(text);
  let at = -1;
  for (const [re, why] of [...ALWAYS_REFUSED, ...ALWAYS_REFUSED_OTHER]) {
    if (SAID_IN_PASSING.has(why) || (opts.ownWords && why === SPOKEN_TO)) continue;
    const m = new RegExp(re.source, re.flags.replace('g', '')).exec(folded.text);
    if (m && (at < 0 || m.index < at)) at = m.index;
  }
  return at < 0 ? -1 : folded.from[at]!;
}

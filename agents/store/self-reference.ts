/**
 * Whether a question is about the user themself: "is the user vegetarian?", "where was I born?",
 * "my passport number", "wo wohnt der Nutzer?". Core's human block is who the user is, so such a
 * question is about that block the way "what does Ana do?" is about Ana. Read from the words that
 * name the user (the user, I, me, my) in the languages the core rules read: English, German,
 * Portuguese, Spanish and French.
 */
const USER_WORDS = new RegExp(
  [
    String.raw`\bthe\s+user\b|\buser['’]s\b`,
    String.raw`\b(?:me|my|mine|myself)\b`,
    String.raw`\b(?:nutzer(?:in)?|benutzer(?:in)?|ich|mich|mir|mein(?:e|en|em|er|es)?)\b`,
    String.raw`\b(?:usu[aá]ri[oa]|utilizador(?:a)?|eu|meus?|minhas?|comigo)\b`,
    String.raw`\b(?:yo|mis?|conmigo)\b`,
    String.raw`\b(?:utilisat(?:eur|rice)|je|moi|mon|ma|mes)\b|\bj['’]`,
  ].join('|'),
  'iu',
);
/** "I" is the user only as the capital pronoun ("where was I born", "I'm"), never the letter in "i.e.". */
const CAPITAL_I = /(?:^|[^\p{L}\p{N}])I(?:['’](?:m|ve|d|ll))?(?=[^\p{L}\p{N}.]|$)/u;

export function asksAboutUser(question: string): boolean {
  return USER_WORDS.test(question) || CAPITAL_I.test(question);
}

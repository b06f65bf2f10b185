/**
 * Given names that are also words, places or figures a dictionary knows ("Mark", "Will", "Rose",
 * "Sofia", "Paul"): the name reader takes a one-word name only when WordNet barely knows it, which
 * would leave these out. They are names when they stand alone where a name stands: a board cell of
 * their own ("Dark mode · Mark · due 2 Apr"), after a role's colon, or over a chat message ("Rose 09:12").
 */
const GIVEN = new Set(
  `mark will rose grace hope joy faith bill pat sue dawn rob jack frank ray bob drew gene glen heather holly
  jade lily daisy iris ruby amber pearl violet hazel carol penny sandy nick don ted victor miles norman eve
  ben tom sofia florence victoria jordan adam paul peter john mary maria lena noah leo sam lee ana eva marta
  rita nora robin olive tim tony harry henry george charles james david daniel michael sara sarah ruth esther
  martin simon kevin dennis bruce carl ken jan jens lars nils sven hans otto karl kurt paula julia laura
  linda diana helen helena irene ivan igor marco mario luis jose juan pablo pedro carlos jorge rosa lucia
  elena olga vera hanna hannah emily alice clara amelia chloe stella luna carmen jasmine poppy rowan mike max matt jay`.split(/\s+/).filter(Boolean),
);

/** Whether a word is a given name a dictionary also knows as a word. */
export function isGivenName(word: string): boolean {
  return GIVEN.has(word.toLowerCase());
}

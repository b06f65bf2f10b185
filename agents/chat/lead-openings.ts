/**
 * The words the offline lead opens with when it is not sure: fact-sentence writes them, and the
 * learned chooser (line-ranker, line-features) reads a lead's state by them and writes its own guess
 * with them, so a user sees one way of saying each.
 */

/** A guess: the closest line found, said as such. */
export const HEDGE_OPENING = 'Not sure it is what you asked, but the closest I found: ';

/** The generic "I don't know": nothing was judged to answer (a reader's considered "no" says more). */
export const NOTHING_ANSWERS = "I don't know: nothing you saw or told me answers";

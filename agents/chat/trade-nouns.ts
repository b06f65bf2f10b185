/**
 * "What do I owe the plumber", "what did the window cleaner charge", "the DIY store": a question names
 * the one who did the work by the trade's agent noun, the business by its kind; a bill names the
 * trade by its work ("Harris Plumbing", "Sparkle Window Cleaning", "Lee Roofing") and the business by
 * its name, seldom as a "store". Kept apart from stem matching, which keeps an accountant from an
 * account: only the whole -ing word of the work meets the agent.
 */

/** Words that say what kind of business a thing is, not which: a bill or a statement row rarely prints them. */
const BUSINESS_KIND = /^(?:store|shop|place|company|firm|busines|outlet|supermarket|market|retailer|merchant)$/;

/** Whether a question's stem only says the kind of business ("store", "shop"). */
export const businessKind = (term: string) => BUSINESS_KIND.test(term);

/** "plumber" → "plumbing", "gardener" → "gardening", "decorator" → "decorating": the agent's work, said on the screen. */
export function tradeSaid(term: string, text: string): boolean {
  const m = /^([a-z]{3,}?)(?:er|or)$/.exec(term);
  if (!m) return false;
  return new RegExp(`\\b${m[1]}ing\\b`, 'i').test(text);
}
